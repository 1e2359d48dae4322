/**
 * Google Docs text helpers: Markdown → one insertText plus the style requests that make its
 * headings, lists, quotes, code and inline styles (indexes are UTF-16 offsets, as Docs counts),
 * and a Docs document → plain text (paragraphs, list bullets, tables as tab-separated rows).
 */
import { parseMarkdown, type Span } from './markdown-blocks';

export function markdownRequests(md: string, at = 1): { text: string; requests: Record<string, unknown>[] } {
  const blocks = parseMarkdown(md);
  let text = '';
  const styles: Record<string, unknown>[] = [];
  const bullets: { start: number; end: number; preset: string }[] = [];
  const para = (
    start: number,
    end: number,
    namedStyleType: string,
    extra: Record<string, unknown> = {},
    fields = 'namedStyleType',
  ) =>
    styles.push({
      updateParagraphStyle: {
        range: { startIndex: start, endIndex: end },
        paragraphStyle: { namedStyleType, ...extra },
        fields,
      },
    });
  const spans = (list: Span[]) => {
    for (const s of list) {
      const start = at + text.length;
      text += s.text;
      const end = at + text.length;
      const style: Record<string, unknown> = {};
      if (s.bold) style.bold = true;
      if (s.italic) style.italic = true;
      if (s.strike) style.strikethrough = true;
      if (s.code) style.weightedFontFamily = { fontFamily: 'Courier New' };
      if (s.link) style.link = { url: s.link };
      if (Object.keys(style).length && end > start)
        styles.push({
          updateTextStyle: {
            range: { startIndex: start, endIndex: end },
            textStyle: style,
            fields: Object.keys(style).join(','),
          },
        });
    }
  };
  for (const b of blocks) {
    const start = at + text.length;
    if (b.type === 'divider') {
      text += '\n';
      styles.push({
        updateParagraphStyle: {
          range: { startIndex: start, endIndex: start + 1 },
          paragraphStyle: {
            borderBottom: {
              width: { magnitude: 1, unit: 'PT' },
              padding: { magnitude: 1, unit: 'PT' },
              dashStyle: 'SOLID',
              color: { color: { rgbColor: { red: 0.6, green: 0.6, blue: 0.6 } } },
            },
          },
          fields: 'borderBottom',
        },
      });
      continue;
    }
    if (b.type === 'code') {
      text += `${b.text}\n`;
      styles.push({
        updateTextStyle: {
          range: { startIndex: start, endIndex: at + text.length - 1 },
          textStyle: { weightedFontFamily: { fontFamily: 'Courier New' } },
          fields: 'weightedFontFamily',
        },
      });
      continue;
    }
    if (b.type === 'todo') text += b.depth ? '\t' : '';
    else if ((b.type === 'bullet' || b.type === 'numbered') && b.depth) text += '\t';
    if (b.type === 'todo') text += b.checked ? '☑ ' : '☐ ';
    spans(b.spans);
    text += '\n';
    const end = at + text.length;
    if (b.type === 'heading') para(start, end, `HEADING_${b.level}`);
    else if (b.type === 'quote')
      para(start, end, 'NORMAL_TEXT', { indentStart: { magnitude: 36, unit: 'PT' } }, 'namedStyleType,indentStart');
    else if (b.type === 'bullet' || b.type === 'numbered') {
      const preset = b.type === 'bullet' ? 'BULLET_DISC_CIRCLE_SQUARE' : 'NUMBERED_DECIMAL_ALPHA_ROMAN';
      const prev = bullets[bullets.length - 1];
      if (prev && prev.end === start && prev.preset === preset) prev.end = end;
      else bullets.push({ start, end, preset });
    }
  }
  // bullets last and from the end: createParagraphBullets removes the leading tabs it reads as
  // nesting, which shifts every later index
  const bulletReqs = bullets.reverse().map((x) => ({
    createParagraphBullets: { range: { startIndex: x.start, endIndex: x.end }, bulletPreset: x.preset },
  }));
  return { text, requests: text ? [{ insertText: { location: { index: at }, text } }, ...styles, ...bulletReqs] : [] };
}

type Content = {
  paragraph?: { elements?: { textRun?: { content?: string } }[]; bullet?: { nestingLevel?: number } };
  table?: { tableRows?: { tableCells?: { content?: Content }[] }[] };
  endIndex?: number;
}[];

/** Plain text of a Docs structural content list. */
export function contentText(content: Content | undefined): string {
  let out = '';
  for (const el of content ?? []) {
    if (el.paragraph) {
      const t = (el.paragraph.elements ?? []).map((e) => e.textRun?.content ?? '').join('');
      out += el.paragraph.bullet ? `${'  '.repeat(el.paragraph.bullet.nestingLevel ?? 0)}• ${t}` : t;
    } else if (el.table) {
      for (const row of el.table.tableRows ?? []) {
        out += `${(row.tableCells ?? []).map((c) => contentText(c.content).replace(/\n+$/, '').replace(/\n/g, ' ')).join('\t')}\n`;
      }
    }
  }
  return out;
}

export function documentText(doc: {
  body?: { content?: Content };
  tabs?: { documentTab?: { body?: { content?: Content } }; tabProperties?: { title?: string } }[];
}): string {
  if (doc.body?.content) return contentText(doc.body.content);
  return (doc.tabs ?? []).map((t) => contentText(t.documentTab?.body?.content)).join('\n');
}

/** Index just before the body's final newline: where appended text goes. */
export function endIndex(doc: { body?: { content?: Content } }): number {
  const content = doc.body?.content ?? [];
  const last = content[content.length - 1];
  return Math.max(1, (last?.endIndex ?? 2) - 1);
}
