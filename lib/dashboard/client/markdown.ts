/**
 * The small part of Markdown that provider descriptions use (links, bold, code, GitHub's `> [!NOTE]`
 * call-outs, lists), read into plain data for components/ui/rich-text.tsx. No HTML is ever produced
 * from the text: React escapes every string, and only http(s) links become links.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'link'; text: string; href: string };

export type Block =
  | { kind: 'p'; inline: Inline[] }
  | { kind: 'note'; label: string; inline: Inline[] }
  | { kind: 'list'; items: Inline[][] };

const INLINE = /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+)\*\*|__([^_\n]+)__|`([^`\n]+)`/g;
const CALLOUT = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*/i;

export function inline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    if (m[1] !== undefined) {
      const href = m[2]!;
      out.push(/^https?:\/\//i.test(href) ? { kind: 'link', text: m[1], href } : { kind: 'text', text: m[1] });
    } else if (m[3] !== undefined || m[4] !== undefined) out.push({ kind: 'strong', text: (m[3] ?? m[4])! });
    else out.push({ kind: 'code', text: m[5]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

export function blocks(text: string): Block[] {
  const out: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim());
    if (!lines.length) continue;
    if (lines.every((l) => l.trimStart().startsWith('>'))) {
      let body = lines.map((l) => l.trimStart().replace(/^>\s?/, '')).join(' ');
      const call = CALLOUT.exec(body.trim());
      const label = call ? call[1]!.charAt(0) + call[1]!.slice(1).toLowerCase() : 'Note';
      if (call) body = body.trim().slice(call[0].length);
      out.push({ kind: 'note', label, inline: inline(body.trim()) });
    } else if (lines.every((l) => /^\s*[-*]\s+/.test(l))) {
      out.push({ kind: 'list', items: lines.map((l) => inline(l.replace(/^\s*[-*]\s+/, ''))) });
    } else out.push({ kind: 'p', inline: inline(lines.join(' ')) });
  }
  return out;
}

/** One line of plain text (list rows that show a clamped description). */
export function plainText(text: string): string {
  return blocks(text)
    .map((b) =>
      b.kind === 'list'
        ? b.items.map((i) => i.map((t) => t.text).join('')).join('; ')
        : (b.kind === 'note' ? `${b.label}: ` : '') + b.inline.map((t) => t.text).join(''),
    )
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
