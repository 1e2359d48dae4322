/**
 * Plain text or light markdown → Atlassian Document Format (ADF), the JSON document Jira Cloud's
 * REST v3 wants for descriptions, comments, worklog comments and environment
 * (https://developer.atlassian.com/cloud/jira/platform/apis/document/structure/).
 * Agents write text; Jira rejects a bare string in these fields with 400, so the curated Jira
 * tools convert here. Handles what agents actually send: paragraphs, line breaks, `#` headings,
 * `-`/`*`/`1.` lists, ``` fences, `> ` quotes, **bold**, *italic*, `code` and [links](url).
 * An argument that already is an ADF document (`{type:'doc', …}`) is passed through untouched.
 */

type Mark = { type: string; attrs?: Record<string, unknown> };
export type AdfNode = {
  type: string;
  text?: string;
  marks?: Mark[];
  attrs?: Record<string, unknown>;
  content?: AdfNode[];
};
export type AdfDoc = { type: 'doc'; version: 1; content: AdfNode[] };

/** A value that is already ADF (object or its JSON text) is kept; anything else is converted as text. */
export function toAdf(value: unknown): AdfDoc {
  if (value && typeof value === 'object' && (value as { type?: unknown }).type === 'doc') return value as AdfDoc;
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as { type?: unknown };
      if (parsed && parsed.type === 'doc') return parsed as AdfDoc;
    } catch {
      /* not JSON: plain text */
    }
  }
  return { type: 'doc', version: 1, content: blocks(String(value ?? '')) };
}

/** Plain text of an ADF document (for reading comments and descriptions back). */
export function adfText(node: unknown): string {
  if (!node || typeof node !== 'object') return typeof node === 'string' ? node : '';
  const n = node as AdfNode;
  if (n.type === 'text') return n.text ?? '';
  if (n.type === 'hardBreak') return '\n';
  const inner = (n.content ?? []).map(adfText);
  const block = ['paragraph', 'heading', 'codeBlock', 'blockquote', 'listItem'].includes(n.type);
  return block ? `${inner.join('')}\n` : inner.join('');
}

const BULLET = /^\s*[-*+]\s+(.*)$/;
const ORDERED = /^\s*\d+[.)]\s+(.*)$/;
const HEADING = /^(#{1,6})\s+(.*)$/;

function blocks(text: string): AdfNode[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: AdfNode[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) out.push({ type: 'paragraph', content: inlineLines(para) });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim().startsWith('```')) {
      flush();
      const lang = line.trim().slice(3).trim();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trim().startsWith('```'); i++) code.push(lines[i]!);
      out.push({
        type: 'codeBlock',
        ...(lang ? { attrs: { language: lang } } : {}),
        content: code.length ? [{ type: 'text', text: code.join('\n') }] : [],
      });
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      flush();
      out.push({ type: 'heading', attrs: { level: h[1]!.length }, content: inline(h[2]!) });
      continue;
    }
    const listKind = BULLET.test(line) ? 'bulletList' : ORDERED.test(line) ? 'orderedList' : null;
    if (listKind) {
      flush();
      const re = listKind === 'bulletList' ? BULLET : ORDERED;
      const items: AdfNode[] = [];
      for (; i < lines.length && re.test(lines[i]!); i++) {
        items.push({ type: 'listItem', content: [{ type: 'paragraph', content: inline(re.exec(lines[i]!)![1]!) }] });
      }
      i--;
      out.push({ type: listKind, content: items });
      continue;
    }
    if (line.startsWith('>')) {
      flush();
      const quoted: string[] = [];
      for (; i < lines.length && lines[i]!.startsWith('>'); i++) quoted.push(lines[i]!.replace(/^>\s?/, ''));
      i--;
      out.push({ type: 'blockquote', content: [{ type: 'paragraph', content: inlineLines(quoted) }] });
      continue;
    }
    if (!line.trim()) flush();
    else para.push(line);
  }
  flush();
  // Jira accepts an empty document, but not a paragraph with an empty text node
  return out;
}

/** Lines of one paragraph, joined by hard breaks (a single newline in text is a line break for a reader). */
function inlineLines(lines: string[]): AdfNode[] {
  const out: AdfNode[] = [];
  lines.forEach((l, i) => {
    if (i) out.push({ type: 'hardBreak' });
    out.push(...inline(l));
  });
  return out;
}

const INLINE = /(\*\*([^*]+)\*\*|`([^`]+)`|\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)|(?<![\w*])\*([^*\s][^*]*)\*(?![\w*]))/g;

function inline(text: string): AdfNode[] {
  const out: AdfNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index! > last) out.push({ type: 'text', text: text.slice(last, m.index) });
    if (m[2] !== undefined) out.push({ type: 'text', text: m[2], marks: [{ type: 'strong' }] });
    else if (m[3] !== undefined) out.push({ type: 'text', text: m[3], marks: [{ type: 'code' }] });
    else if (m[4] !== undefined)
      out.push({ type: 'text', text: m[4], marks: [{ type: 'link', attrs: { href: m[5] } }] });
    else out.push({ type: 'text', text: m[6]!, marks: [{ type: 'em' }] });
    last = m.index! + m[0].length;
  }
  if (last < text.length) out.push({ type: 'text', text: text.slice(last) });
  return out;
}
