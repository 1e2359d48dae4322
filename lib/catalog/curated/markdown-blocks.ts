/**
 * A small Markdown reader for the document tools (Google Docs, Notion): it turns the Markdown an
 * agent writes into a flat list of blocks with styled text spans, which each toolkit then maps
 * onto its own structure (Docs batchUpdate requests, Notion block JSON). It covers what agents
 * produce: ATX headings, paragraphs, bulleted / numbered / task lists (one nesting level is kept
 * as `depth`), block quotes, fenced code, horizontal rules, and inline **bold**, *italic*,
 * ~~strike~~, `code` and [links](url).
 */
export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  code?: boolean;
  link?: string;
}

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; spans: Span[] }
  | { type: 'paragraph' | 'quote'; spans: Span[] }
  | { type: 'bullet' | 'numbered'; spans: Span[]; depth: number }
  | { type: 'todo'; spans: Span[]; checked: boolean; depth: number }
  | { type: 'code'; text: string; language: string }
  | { type: 'divider' };

/** Inline Markdown → spans. Unclosed markers stay literal text. */
export function parseInline(src: string): Span[] {
  const out: Span[] = [];
  const push = (s: Span) => {
    if (!s.text) return;
    const last = out[out.length - 1];
    if (
      last &&
      !last.bold &&
      !last.italic &&
      !last.strike &&
      !last.code &&
      !last.link &&
      !s.bold &&
      !s.italic &&
      !s.strike &&
      !s.code &&
      !s.link
    )
      last.text += s.text;
    else out.push(s);
  };
  const walk = (text: string, style: Omit<Span, 'text'>) => {
    let i = 0;
    let plain = '';
    const flush = () => {
      push({ ...style, text: plain });
      plain = '';
    };
    while (i < text.length) {
      const rest = text.slice(i);
      let m: RegExpExecArray | null;
      if (rest[0] === '\\' && rest.length > 1 && /[\\`*_~[\]()#>-]/.test(rest[1]!)) {
        plain += rest[1];
        i += 2;
      } else if ((m = /^`([^`]+)`/.exec(rest))) {
        flush();
        push({ ...style, text: m[1]!, code: true });
        i += m[0].length;
      } else if ((m = /^\[([^\]]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/.exec(rest))) {
        flush();
        walk(m[1]!, { ...style, link: m[2]! });
        i += m[0].length;
      } else if ((m = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest))) {
        flush();
        walk(m[2]!, { ...style, bold: true });
        i += m[0].length;
      } else if ((m = /^~~(?=\S)([\s\S]*?\S)~~/.exec(rest))) {
        flush();
        walk(m[1]!, { ...style, strike: true });
        i += m[0].length;
      } else if ((m = /^(\*|_)(?=\S)([\s\S]*?\S)\1(?![*_])/.exec(rest)) && !(m[1] === '_' && /\w$/.test(plain))) {
        flush();
        walk(m[2]!, { ...style, italic: true });
        i += m[0].length;
      } else {
        plain += rest[0];
        i += 1;
      }
    }
    flush();
  };
  walk(src, {});
  return out;
}

export const spansText = (spans: Span[]) => spans.map((s) => s.text).join('');

/** Markdown text → blocks. */
export function parseMarkdown(md: string): Block[] {
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let para: string[] = [];
  const flushPara = () => {
    if (para.length) blocks.push({ type: 'paragraph', spans: parseInline(para.join(' ').trim()) });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    let m: RegExpExecArray | null;
    if ((m = /^\s*(```|~~~)\s*([\w+-]*)\s*$/.exec(line))) {
      flushPara();
      const fence = m[1]!;
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trim().startsWith(fence); i++) body.push(lines[i]!);
      blocks.push({ type: 'code', text: body.join('\n'), language: m[2] || 'plain text' });
    } else if (!line.trim()) {
      flushPara();
    } else if ((m = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line))) {
      flushPara();
      blocks.push({ type: 'heading', level: Math.min(m[1]!.length, 3) as 1 | 2 | 3, spans: parseInline(m[2]!) });
    } else if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flushPara();
      blocks.push({ type: 'divider' });
    } else if ((m = /^(\s*)[-*+]\s+\[([ xX])\]\s+(.*)$/.exec(line))) {
      flushPara();
      blocks.push({
        type: 'todo',
        checked: m[2]!.toLowerCase() === 'x',
        spans: parseInline(m[3]!),
        depth: m[1]!.length >= 2 ? 1 : 0,
      });
    } else if ((m = /^(\s*)[-*+]\s+(.*)$/.exec(line))) {
      flushPara();
      blocks.push({ type: 'bullet', spans: parseInline(m[2]!), depth: m[1]!.length >= 2 ? 1 : 0 });
    } else if ((m = /^(\s*)\d+[.)]\s+(.*)$/.exec(line))) {
      flushPara();
      blocks.push({ type: 'numbered', spans: parseInline(m[2]!), depth: m[1]!.length >= 2 ? 1 : 0 });
    } else if ((m = /^\s{0,3}>\s?(.*)$/.exec(line))) {
      flushPara();
      const quote = [m[1]!];
      while (i + 1 < lines.length && /^\s{0,3}>/.test(lines[i + 1]!))
        quote.push(lines[++i]!.replace(/^\s{0,3}>\s?/, ''));
      blocks.push({ type: 'quote', spans: parseInline(quote.join(' ').trim()) });
    } else {
      para.push(line.trim());
    }
  }
  flushPara();
  return blocks;
}
