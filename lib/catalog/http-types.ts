/**
 * The request mapping and schema shapes shared by compiled and curated tools. They live apart from
 * types.ts so curated/types.ts can use them without importing the file that imports it.
 */

/** How one operation's JSON arguments map onto an HTTP request. */
export interface ToolHttp {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  path: string; // '/repos/{owner}/{repo}/issues'
  /**
   * argument name → location. Body arguments are top-level body keys unless `at` gives the key path
   * the value goes under (`at: ['ticket', 'comment', 'body']` → `{ticket: {comment: {body: v}}}`); a
   * path argument with `raw` keeps its `/` (Google resource names), each segment still encoded.
   */
  params: Record<string, ToolParam>;
  /** when the whole body is one argument (non-object request bodies); that argument is NOT listed in params */
  bodyArg?: string;
  contentType?: string; // 'application/json' (default) | 'application/x-www-form-urlencoded' | 'multipart/form-data'
  serverUrl?: string; // operation-level server override
  /**
   * a GraphQL operation (mapping `graphql:`): the request body is `{query: document, variables}`, the
   * arguments being variables (`at: ['variables', …]`); an answer with `errors` is a failed call, and
   * `result` (a key path into `data`) picks what the tool returns, under its last key
   */
  graphql?: { document: string; result?: string[] };
  /**
   * response headers the tool returns beside the body, as `data.response_headers` (mapping
   * `response_headers:`): lower-case names, or a lower-case prefix ending in `*` (`zr-*`). For answers
   * that carry part of their meaning in headers (ZenRows' request cost and concurrency).
   */
  responseHeaders?: string[];
}

/**
 * Response headers a tool never returns, whatever its mapping names: cookies and anything that looks
 * like a credential (a prefix such as `zr-*` could otherwise pass the target site's cookies on).
 */
export const HIDDEN_HEADERS = /cookie|auth|token|secret|password|api-?key/i;

/** The response headers `responseHeaders` selects: matching names (lower-case), hidden ones left out. */
export function pickHeaders(
  selected: readonly string[],
  entries: Iterable<[string, string]>,
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const s of selected) if (!s.endsWith('*')) out[s] = null;
  for (const [k, v] of entries) {
    const name = k.toLowerCase();
    if (HIDDEN_HEADERS.test(name)) continue;
    if (selected.some((s) => (s.endsWith('*') ? name.startsWith(s.slice(0, -1)) : name === s))) out[name] = v;
  }
  return out;
}

/** Where one argument goes on the request. */
export interface ToolParam {
  in: 'path' | 'query' | 'header' | 'body';
  name: string;
  /** body only: the key path the value goes under, `name`'s parents and its last key (absent: `[name]`) */
  at?: string[];
  /** path only: a value that may hold `/` separators (each segment encoded; empty, `.` and `..` refused) */
  raw?: true;
  /** raw path only: added in front when the value lacks it (`spaces/`: both `abc` and `spaces/abc` work) */
  prefix?: string;
  /** body only: an object or array is sent as its JSON text (GraphQL JSON scalars: monday column values) */
  json?: true;
}

export interface JsonSchemaObject {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
  [k: string]: unknown;
}
