/** Text helpers of the OpenAPI compiler: descriptions (HTML → light markdown, clipping), names and argument keys. */
const HTML_TAG =
  /<\/?(p|br|a|code|ul|ol|li|strong|em|b|i|div|span|h[1-6]|table|tr|td|th|tbody|thead|pre|blockquote|sup|sub)\b[^>]*>/i;

/** Descriptions of some documents (Stripe, Zoom…) are HTML: turn them into light markdown. */
export function htmlToText(s: string): string {
  if (!HTML_TAG.test(s)) return s;
  return s
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|pre|blockquote)>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<a\b[^>]*href=["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi, '[$2]($1)')
    .replace(/<\/?code>/gi, '`')
    .replace(/<\/?(strong|b)>/gi, '**')
    .replace(/<\/?[a-z][a-z0-9]*\b[^>]*>/gi, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
}

export function clip(s: string, max: number): string {
  const t = htmlToText(s).trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const sp = cut.lastIndexOf(' ');
  return `${(sp > max * 0.6 ? cut.slice(0, sp) : cut).trimEnd()}…`;
}

/** 'Create an issue' → 'CREATE_AN_ISSUE'; 'getActionsByIdAction()' → 'GET_ACTIONS_BY_ID_ACTION' */
export function toUpperSnake(s: string): string {
  // identifiers (no spaces) are split on camelCase; prose keeps words like "GitHub" whole
  s = s.replace(/['’]/g, '');
  const split = /\s/.test(s.trim())
    ? s
    : s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2');
  return split
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

export function humanize(s: string): string {
  const words = s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : s;
}

/** argument names must be valid LLM function-parameter keys */
export function sanitizeArg(name: string): string {
  const s = name
    .replace(/<=/g, '_lte')
    .replace(/>=/g, '_gte')
    .replace(/</g, '_lt')
    .replace(/>/g, '_gt')
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
  return s || 'param';
}
