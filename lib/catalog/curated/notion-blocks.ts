/**
 * Notion block JSON for the curated Notion tools: Markdown → blocks (rich text split at Notion's
 * 2000-character limit, one level of list nesting as children), the hosted simplified
 * `{content, block_property}` form → blocks, blocks → Markdown, and simple property values →
 * Notion property values by the database column's type.
 */
import { parseInline, parseMarkdown, type Span } from './markdown-blocks';
import { ToolArgumentError } from './types';

export const MAX_TEXT = 2000;
export type NotionBlock = Record<string, unknown> & { object: 'block'; type: string };

export function richText(spans: Span[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const s of spans) {
    for (let i = 0; i < s.text.length; i += MAX_TEXT) {
      const content = s.text.slice(i, i + MAX_TEXT);
      const rt: Record<string, unknown> = {
        type: 'text',
        text: { content, ...(s.link ? { link: { url: s.link } } : {}) },
      };
      if (s.bold || s.italic || s.strike || s.code)
        rt.annotations = {
          bold: !!s.bold,
          italic: !!s.italic,
          strikethrough: !!s.strike,
          code: !!s.code,
          underline: false,
          color: 'default',
        };
      out.push(rt);
    }
  }
  return out;
}

const textBlock = (
  type: string,
  rich: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
): NotionBlock => ({ object: 'block', type, [type]: { rich_text: rich, ...extra } });

const LANGS = new Set([
  'abap',
  'arduino',
  'bash',
  'basic',
  'c',
  'clojure',
  'coffeescript',
  'c++',
  'c#',
  'css',
  'dart',
  'diff',
  'docker',
  'elixir',
  'elm',
  'erlang',
  'flow',
  'fortran',
  'f#',
  'gherkin',
  'glsl',
  'go',
  'graphql',
  'groovy',
  'haskell',
  'html',
  'java',
  'javascript',
  'json',
  'julia',
  'kotlin',
  'latex',
  'less',
  'lisp',
  'livescript',
  'lua',
  'makefile',
  'markdown',
  'markup',
  'matlab',
  'mermaid',
  'nix',
  'objective-c',
  'ocaml',
  'pascal',
  'perl',
  'php',
  'plain text',
  'powershell',
  'prolog',
  'protobuf',
  'python',
  'r',
  'reason',
  'ruby',
  'rust',
  'sass',
  'scala',
  'scheme',
  'scss',
  'shell',
  'sql',
  'swift',
  'typescript',
  'vb.net',
  'verilog',
  'vhdl',
  'visual basic',
  'webassembly',
  'xml',
  'yaml',
  'java/c/c++/c#',
]);
const LANG_ALIAS: Record<string, string> = {
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  sh: 'shell',
  zsh: 'shell',
  yml: 'yaml',
  rb: 'ruby',
  cpp: 'c++',
  cs: 'c#',
  md: 'markdown',
  text: 'plain text',
  txt: 'plain text',
  plaintext: 'plain text',
};
export const notionLanguage = (l: string) => {
  const x = LANG_ALIAS[l.toLowerCase()] ?? l.toLowerCase();
  return LANGS.has(x) ? x : 'plain text';
};

/** Markdown → Notion blocks; nested list items become children of the item above. */
export function markdownToBlocks(md: string): NotionBlock[] {
  const out: NotionBlock[] = [];
  for (const b of parseMarkdown(md)) {
    let block: NotionBlock;
    switch (b.type) {
      case 'heading':
        block = textBlock(`heading_${b.level}`, richText(b.spans));
        break;
      case 'paragraph':
        block = textBlock('paragraph', richText(b.spans));
        break;
      case 'quote':
        block = textBlock('quote', richText(b.spans));
        break;
      case 'bullet':
        block = textBlock('bulleted_list_item', richText(b.spans));
        break;
      case 'numbered':
        block = textBlock('numbered_list_item', richText(b.spans));
        break;
      case 'todo':
        block = textBlock('to_do', richText(b.spans), { checked: b.checked });
        break;
      case 'code':
        block = textBlock('code', richText([{ text: b.text }]), { language: notionLanguage(b.language) });
        break;
      default:
        block = { object: 'block', type: 'divider', divider: {} };
    }
    const parent = out[out.length - 1];
    if (
      'depth' in b &&
      b.depth &&
      parent &&
      ['bulleted_list_item', 'numbered_list_item', 'to_do'].includes(parent.type)
    ) {
      const body = parent[parent.type] as Record<string, unknown>;
      ((body.children ??= []) as NotionBlock[]).push(block);
    } else out.push(block);
  }
  return out;
}

/** The block kinds a simplified block may name (the tools' `block_property` enum). */
export const SIMPLE_BLOCK_KINDS = [
  'paragraph',
  'heading_1',
  'heading_2',
  'heading_3',
  'callout',
  'to_do',
  'toggle',
  'quote',
  'bulleted_list_item',
  'numbered_list_item',
  'code',
  'divider',
  'image',
  'video',
  'file',
  'pdf',
  'bookmark',
  'embed',
];

/**
 * The hosted simplified block `{content, block_property, link?, bold?, …}` → a Notion block;
 * full Notion blocks (with `type`) pass through (with `object: 'block'` added).
 */
export function simpleBlock(x: Record<string, unknown>, where: string): NotionBlock[] {
  if (typeof x.type === 'string' && x[x.type] !== undefined) return [{ object: 'block', ...x } as NotionBlock];
  const kind = String(x.block_property ?? 'paragraph');
  if (!SIMPLE_BLOCK_KINDS.includes(kind))
    throw new ToolArgumentError(`${where}.block_property: "${kind}" is not one of ${SIMPLE_BLOCK_KINDS.join(', ')}`);
  if (kind === 'divider') return [{ object: 'block', type: 'divider', divider: {} }];
  if (['image', 'video', 'file', 'pdf', 'bookmark', 'embed'].includes(kind)) {
    const url = x.link ?? x.url ?? x.content;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url))
      throw new ToolArgumentError(`${where}: ${kind} needs an http(s) URL in link`);
    return [
      {
        object: 'block',
        type: kind,
        [kind]: kind === 'bookmark' || kind === 'embed' ? { url } : { type: 'external', external: { url } },
      } as NotionBlock,
    ];
  }
  const content = typeof x.content === 'string' ? x.content : typeof x.text === 'string' ? x.text : '';
  if (!content && kind !== 'paragraph') throw new ToolArgumentError(`${where}.content is required for ${kind}`);
  const style = {
    bold: !!x.bold,
    italic: !!x.italic,
    strike: !!x.strikethrough,
    code: !!x.code,
    link: typeof x.link === 'string' ? x.link : undefined,
  };
  // plain content is read as inline Markdown (**bold**, [link](url)); explicit flags apply to all of it
  const spans =
    kind === 'code'
      ? [{ text: content }]
      : parseInline(content).map((s) => ({
          ...s,
          bold: s.bold || style.bold,
          italic: s.italic || style.italic,
          strike: s.strike || style.strike,
          code: s.code || style.code,
          link: s.link ?? style.link,
        }));
  const extra: Record<string, unknown> = {};
  if (kind === 'to_do') extra.checked = !!x.checked;
  if (kind === 'code') extra.language = notionLanguage(String(x.language ?? 'plain text'));
  if (kind === 'callout') extra.icon = { type: 'emoji', emoji: typeof x.icon === 'string' ? x.icon : '💡' };
  return [textBlock(kind, richText(spans), extra)];
}

const plain = (rt: unknown) =>
  (Array.isArray(rt) ? rt : [])
    .map((r: Record<string, any>) => {
      const t = String(r.plain_text ?? r.text?.content ?? '');
      const a = r.annotations ?? {};
      let s = a.code ? `\`${t}\`` : t;
      if (a.bold) s = `**${s}**`;
      if (a.italic) s = `*${s}*`;
      if (a.strikethrough) s = `~~${s}~~`;
      const href = r.href ?? r.text?.link?.url;
      return href ? `[${s}](${href})` : s;
    })
    .join('');

/** Notion blocks → Markdown (children given as `children` on a block are rendered indented). */
export function blocksToMarkdown(blocks: Record<string, any>[], depth = 0): string {
  const pad = '  '.repeat(depth);
  const LIST = new Set(['bulleted_list_item', 'numbered_list_item', 'to_do']);
  let out = '';
  let prevList = false;
  let n = 0;
  for (const b of blocks) {
    const body = b[b.type] ?? {};
    const t = plain(body.rich_text);
    n = b.type === 'numbered_list_item' ? n + 1 : 0;
    let line: string;
    switch (b.type) {
      case 'heading_1':
        line = `# ${t}`;
        break;
      case 'heading_2':
        line = `## ${t}`;
        break;
      case 'heading_3':
        line = `### ${t}`;
        break;
      case 'bulleted_list_item':
        line = `${pad}- ${t}`;
        break;
      case 'numbered_list_item':
        line = `${pad}${n}. ${t}`;
        break;
      case 'to_do':
        line = `${pad}- [${body.checked ? 'x' : ' '}] ${t}`;
        break;
      case 'quote':
        line = `> ${t}`;
        break;
      case 'callout':
        line = `> ${body.icon?.emoji ?? ''} ${t}`.trim();
        break;
      case 'code':
        line = `\`\`\`${body.language === 'plain text' ? '' : (body.language ?? '')}\n${(body.rich_text ?? []).map((r: any) => r.plain_text ?? r.text?.content ?? '').join('')}\n\`\`\``;
        break;
      case 'divider':
        line = '---';
        break;
      case 'child_page':
        line = `[${body.title ?? 'page'}](notion://${b.id})`;
        break;
      case 'image':
      case 'file':
      case 'pdf':
      case 'video':
        line = `![${plain(body.caption)}](${body[body.type]?.url ?? ''})`;
        break;
      case 'bookmark':
      case 'embed':
        line = `<${body.url}>`;
        break;
      default:
        line = t;
    }
    // nested blocks follow their parent line directly, indented one level
    if (Array.isArray(b.children) && b.children.length) line += `\n${blocksToMarkdown(b.children, depth + 1)}`;
    const isList = LIST.has(b.type);
    out += out ? ((isList && prevList) || depth ? `\n${line}` : `\n\n${line}`) : line;
    prevList = isList;
  }
  return out;
}

/** A simple value → the Notion property value for a column of `type`. */
export function propertyValue(type: string, value: unknown, name: string): unknown {
  const str = (v: unknown) =>
    v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  const list = (v: unknown) =>
    Array.isArray(v)
      ? v
      : str(v)
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);
  switch (type) {
    case 'title':
      return { title: richText(parseInline(str(value))) };
    case 'rich_text':
      return { rich_text: richText(parseInline(str(value))) };
    case 'number': {
      if (value === null || value === '') return { number: null };
      const n = Number(value);
      if (!Number.isFinite(n))
        throw new ToolArgumentError(
          `property "${name}" is a number column; "${str(value).slice(0, 40)}" is not a number`,
        );
      return { number: n };
    }
    case 'checkbox':
      return { checkbox: value === true || /^(true|yes|1|x|checked)$/i.test(str(value)) };
    case 'select':
      return { select: value === null || value === '' ? null : { name: str(value) } };
    case 'status':
      return { status: { name: str(value) } };
    case 'multi_select':
      return { multi_select: list(value).map((x) => ({ name: str(x) })) };
    case 'date': {
      if (value && typeof value === 'object') return { date: value };
      const [start, end] = str(value)
        .split('/')
        .map((x) => x.trim());
      return { date: start ? { start, ...(end ? { end } : {}) } : null };
    }
    case 'url':
      return { url: str(value) || null };
    case 'email':
      return { email: str(value) || null };
    case 'phone_number':
      return { phone_number: str(value) || null };
    case 'people':
      return { people: list(value).map((id) => ({ object: 'user', id: str(id) })) };
    case 'relation':
      return { relation: list(value).map((id) => ({ id: str(id) })) };
    case 'files':
      return {
        files: list(value).map((u) => ({
          name: str(u).split('/').pop()!.slice(0, 100) || 'file',
          type: 'external',
          external: { url: str(u) },
        })),
      };
    default:
      throw new ToolArgumentError(`property "${name}" has type ${type}, which cannot be set through the API`);
  }
}
