import type { Runtime } from '../../runtime';
import type { ToolDef, ToolkitDef } from '../../catalog/types';
import type { Headers as UndiciHeaders } from 'undici';
import {
  outboundFetch,
  outboundRequestBuffered,
  failedReadingBody,
  notReachable,
  outboundFailure,
  readCapped,
  UpstreamTooLargeError,
} from '../../net/outbound';
import { recordUpstream } from '../../metrics';
import { isTextual, MAX_BINARY_BYTES } from './binary';
import type { OutRequest } from './credentials';
import { envValue } from '../../config';
import { schemeChoices, schemeDefaults } from '../../catalog/field-defaults';

let toolTimeout: number | undefined;
/**
 * Upstream calls: default timeout (JUNCTION_TOOL_TIMEOUT_MS), kept below the SDK's 60 s client timeout.
 * Read once per process (the environment is set at start), not from process.env on every call.
 */
export function toolTimeoutMs(): number {
  if (toolTimeout === undefined) {
    const n = Number(envValue('JUNCTION_TOOL_TIMEOUT_MS'));
    toolTimeout = Number.isFinite(n) && n > 0 ? n : 30_000;
  }
  return toolTimeout;
}

const MAX_TEXT_BYTES = 20 * 1024 * 1024;

export class RequestBuildError extends Error {}

/** One DNS label: letters, digits and inner hyphens, 1-63 characters. */
const DNS_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * Fill `{name}` templates (base URLs, default headers) from the tenant fields of an account.
 * Those fields are end-user input: in a URL (`https://{subdomain}.atlassian.net`) a value must
 * be a single DNS label, or `evil.example/#` would move the call, with its credentials, to
 * another host; in a header it must hold no control characters. The one exception is a field
 * whose scheme lists its possible values (`choices`: Mixpanel's `api-eu.mixpanel.com`): a value
 * the catalog itself names cannot point anywhere else.
 */
export function fillTemplate(
  template: string,
  sources: Record<string, unknown>[],
  what: string,
  kind: 'url' | 'header' = 'header',
  choices: Record<string, readonly string[]> = {},
): string {
  return template.replace(/\{([A-Za-z0-9_-]+)\}/g, (_m, name: string) => {
    for (const s of sources) {
      const raw = s[name];
      const v = typeof raw === 'string' && raw !== '' ? raw : typeof raw === 'number' ? String(raw) : undefined;
      if (v === undefined) continue;
      if (kind === 'url' && Object.hasOwn(choices, name)) {
        if (!choices[name]!.includes(v))
          throw new RequestBuildError(`${what}: state.val.${name} must be one of ${choices[name]!.join(', ')}`);
        return v;
      }
      if (kind === 'url' ? !DNS_LABEL.test(v) : /[\u0000-\u001f\u007f]/.test(v)) {
        throw new RequestBuildError(
          kind === 'url'
            ? `${what}: state.val.${name} must be a single DNS label (letters, digits and inner hyphens, at most 63 characters)`
            : `${what}: state.val.${name} must not contain control characters`,
        );
      }
      return v;
    }
    throw new RequestBuildError(
      `${what} needs "${name}", which the connected account does not have (set it in state.val.${name})`,
    );
  });
}

// instance_url: Salesforce's token response names the org's own API host there (kept in state.val)
const BASE_URL_KEYS = ['base_url', 'api_url', 'instanceEndpoint', 'account_url', 'instance_url'] as const;

/** The default API base of an account's scheme: the scheme's own (Atlassian OAuth's gateway), else the toolkit's. */
export function defaultBaseOf(toolkit: ToolkitDef, mode: string | undefined): string {
  return (mode && toolkit.authSchemes.find((s) => s.mode === mode)?.baseUrl) || toolkit.baseUrl;
}

/**
 * Base URL precedence: explicit override, the account's base_url, the auth config's, the
 * operation's server, the account scheme's, the toolkit's.
 */
export function baseUrlFor(
  toolkit: ToolkitDef,
  tool: ToolDef | undefined,
  sources: Record<string, unknown>[],
  override?: string,
  mode?: string,
): string {
  let base = override;
  if (!base) {
    for (const s of sources) {
      for (const k of BASE_URL_KEYS) {
        const v = s[k];
        if (typeof v === 'string' && /^https?:\/\//i.test(v)) {
          base = v;
          break;
        }
      }
      if (base) break;
    }
  }
  base ??= tool?.http.serverUrl ?? defaultBaseOf(toolkit, mode);
  if (!base)
    throw new RequestBuildError(
      `Toolkit ${toolkit.slug} has no base URL; set state.val.base_url on the connected account`,
    );
  // a field the account lacks falls back to its declared default (accounts created before defaults were filled in)
  return fillTemplate(
    base,
    [...sources, schemeDefaults(toolkit, mode)],
    `The base URL of ${toolkit.slug}`,
    'url',
    schemeChoices(toolkit, mode),
  ).replace(/\/+$/, '');
}

function scalar(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/**
 * A path argument that may hold `/` (Google resource names such as `spaces/abc` or
 * `conferenceRecords/a/participants/b`): each segment is percent-encoded and the separators stay.
 * An empty, `.` or `..` segment is refused, so the value cannot climb out of the operation's path.
 */
export function rawPathValue(arg: string, value: string, prefix?: string): string {
  const v = prefix && !value.startsWith(prefix) ? prefix + value : value;
  const segments = v.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..'))
    throw new RequestBuildError(
      `arguments.${arg}: each /-separated part must be non-empty and neither "." nor ".." (got "${v.slice(0, 200)}")`,
    );
  return segments.map(encodeURIComponent).join('/');
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects merge key by key; anything else: the later value wins. */
function mergeInto(target: Record<string, unknown>, key: string, v: unknown) {
  // a caller's `__proto__` key stays a plain (own) key: it must not become the object's prototype
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value: v, enumerable: true, writable: true, configurable: true });
    return;
  }
  const cur = target[key];
  if (isPlainObject(cur) && isPlainObject(v)) {
    const merged = { ...cur };
    for (const [k, x] of Object.entries(v)) mergeInto(merged, k, x);
    target[key] = merged;
  } else target[key] = v;
}

/**
 * The JSON body from `[path, value]` pairs: flat arguments the provider wants nested
 * (`ticket.comment.body`) go at their path. Shorter paths are placed first, so a whole wrapper
 * object given as an argument (`ticket: {...}`) is merged with, and overridden by, flat ones.
 */
export function nestBody(parts: [string[], unknown][]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [keys, v] of [...parts].sort((a, b) => a[0].length - b[0].length)) {
    let cur = body;
    for (const k of keys.slice(0, -1)) {
      if (!isPlainObject(cur[k])) cur[k] = {};
      else cur[k] = { ...(cur[k] as Record<string, unknown>) };
      cur = cur[k] as Record<string, unknown>;
    }
    mergeInto(cur, keys[keys.length - 1]!, v);
  }
  return body;
}

/** Turn a tool's JSON arguments into an HTTP request (without credentials). */
export function buildToolRequest(tool: ToolDef, base: string, args: Record<string, unknown>): OutRequest {
  const kit = tool.toolkit;
  const h = tool.http;
  let path = h.path;
  const query: [string, string][] = [];
  const headers: Record<string, string> = {};
  const bodyParts: [string[], unknown][] = [];
  for (const [arg, loc] of Object.entries(h.params)) {
    const v = args[arg];
    if (v === undefined) continue;
    switch (loc.in) {
      case 'path':
        if (v === null || v === '') throw new RequestBuildError(`arguments.${arg}: a path parameter cannot be empty`);
        path = path
          .split(`{${loc.name}}`)
          .join(loc.raw ? rawPathValue(arg, scalar(v), loc.prefix) : encodeURIComponent(scalar(v)));
        break;
      case 'query':
        if (v === null) break;
        if (Array.isArray(v)) for (const item of v) query.push([loc.name, scalar(item)]);
        else query.push([loc.name, scalar(v)]);
        break;
      case 'header':
        if (v !== null) headers[loc.name.toLowerCase()] = scalar(v);
        break;
      case 'body':
        // a JSON scalar (monday's column values) travels as text; a string is taken as already encoded
        bodyParts.push([loc.at ?? [loc.name], loc.json && v !== null && typeof v === 'object' ? JSON.stringify(v) : v]);
        break;
    }
  }
  // a GraphQL operation: the document, and always a variables object (servers differ on a missing one)
  if (h.graphql) bodyParts.push([['query'], h.graphql.document], [['variables'], {}]);
  const bodyObj = bodyParts.length ? nestBody(bodyParts) : undefined;
  const missing = /\{([^}]+)\}/.exec(path);
  if (missing) throw new RequestBuildError(`arguments: the path parameter ${missing[1]} is required`);
  const url = new URL(base + path);
  for (const [k, v] of query) url.searchParams.append(k, v);
  const req: OutRequest = { method: h.method, url, headers };
  const whole = h.bodyArg !== undefined ? args[h.bodyArg] : undefined;
  const payload = whole !== undefined ? whole : bodyObj;
  if (payload !== undefined && h.method !== 'GET' && h.method !== 'HEAD') {
    setBody(req, payload, h.contentType ?? 'application/json', kit);
  }
  return req;
}

/**
 * Form fields: nested objects use deepObject brackets (`metadata[plan]=pro`, `items[0][price]=p`).
 * Top-level lists of scalars repeat the key (`tag=a&tag=b`, OpenAPI's form/explode default), or
 * `tag[]=a` for APIs that document brackets (Stripe).
 */
function appendForm(
  form: URLSearchParams,
  fields: Record<string, string>,
  key: string,
  v: unknown,
  brackets: boolean,
  nested = false,
) {
  if (v === undefined || v === null) return;
  if (Array.isArray(v)) {
    const scalars = v.every((x) => x === null || typeof x !== 'object');
    v.forEach((x, i) =>
      appendForm(form, fields, scalars && !nested ? (brackets ? `${key}[]` : key) : `${key}[${i}]`, x, brackets, true),
    );
  } else if (typeof v === 'object') {
    for (const [k, x] of Object.entries(v as Record<string, unknown>))
      appendForm(form, fields, `${key}[${k}]`, x, brackets, true);
  } else {
    form.append(key, scalar(v));
    fields[key] = scalar(v);
  }
}

/** Toolkits whose form bodies use `key[]` for lists. */
const BRACKET_FORMS = new Set(['stripe']);

export function setBody(req: OutRequest, payload: unknown, contentType: string, toolkitSlug?: string) {
  const brackets = !!toolkitSlug && BRACKET_FORMS.has(toolkitSlug);
  const ct = contentType.toLowerCase();
  if (ct.includes('json')) {
    req.body = JSON.stringify(payload);
    req.headers['content-type'] = contentType;
  } else if (ct === 'application/x-www-form-urlencoded') {
    const fields: Record<string, string> = {};
    const form = new URLSearchParams();
    if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
      for (const [k, v] of Object.entries(payload as Record<string, unknown>)) appendForm(form, fields, k, v, brackets);
    } else if (typeof payload === 'string') {
      for (const [k, v] of new URLSearchParams(payload)) {
        form.append(k, v);
        fields[k] = v;
      }
    }
    req.body = form.toString();
    req.formFields = fields;
    req.headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (ct.startsWith('multipart/')) {
    const fd = new FormData();
    if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
      for (const [k, v] of Object.entries(payload as Record<string, unknown>)) {
        if (v === undefined || v === null) continue;
        // staged files (read from storage by the executor) go as file parts
        if (v instanceof Blob) fd.append(k, v, (v as File).name ?? k);
        else if (Array.isArray(v) && v.some((x) => x instanceof Blob))
          for (const x of v) fd.append(k, x instanceof Blob ? x : scalar(x));
        else fd.append(k, scalar(v));
      }
    }
    req.body = fd; // fetch sets the boundary
  } else {
    req.body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
    req.headers['content-type'] = contentType;
  }
}

export interface UpstreamResult {
  kind: 'response';
  status: number;
  statusText: string;
  headers: UndiciHeaders;
  contentType: string;
  /** parsed JSON, text, or raw bytes for binary */
  body: unknown;
  binary?: Buffer;
  bytes: number;
}
export interface UpstreamFailure {
  /** `blocked`: the URL's form was refused; `network`: the address is not reachable or not allowed */
  kind: 'timeout' | 'blocked' | 'network';
  /** what the caller is told */
  message: string;
  /** why, for the execution log the project owner reads (not for the caller) */
  detail?: string;
}

export function bodySize(b: OutRequest['body']): number {
  if (b === undefined) return 0;
  if (typeof b === 'string') return Buffer.byteLength(b);
  if (Buffer.isBuffer(b)) return b.length;
  if (b instanceof URLSearchParams) return Buffer.byteLength(b.toString());
  return 0;
}

/** The most bytes of an upstream answer held in memory, by its content type. */
function capFor(rt: Runtime, contentType: string): number {
  return Math.min(isTextual(contentType) ? MAX_TEXT_BYTES : MAX_BINARY_BYTES, rt.config.upstreamMaxBytes);
}

/** An answer whose body could not be read whole: too large, too late, or cut short. */
function readFailure(e: unknown, cap: number, timeoutMs: number): UpstreamFailure {
  if (e instanceof UpstreamTooLargeError)
    return { kind: 'network', message: `The upstream response is too large (the limit is ${cap} bytes)` };
  const name = (e as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return { kind: 'timeout', message: `The upstream API did not finish answering within ${timeoutMs} ms` };
  return { kind: 'network', message: `Reading the upstream response failed: ${(e as Error).message}` };
}

/** Send a built request; never throws for upstream problems. */
export async function sendUpstream(
  rt: Runtime,
  req: OutRequest,
  timeoutMs = toolTimeoutMs(),
): Promise<UpstreamResult | UpstreamFailure> {
  const started = performance.now();
  const out = await sendUpstreamOnce(rt, req, timeoutMs);
  recordUpstream(out.kind, (performance.now() - started) / 1000);
  return out;
}

async function sendUpstreamOnce(
  rt: Runtime,
  req: OutRequest,
  timeoutMs: number,
): Promise<UpstreamResult | UpstreamFailure> {
  // plain bodies take undici's dispatcher API (much less CPU per call); multipart and form bodies fetch
  const plain = req.body === undefined || typeof req.body === 'string' || Buffer.isBuffer(req.body);
  const options = { method: req.method, headers: req.headers, allowInsecure: rt.config.allowInsecureUrls, timeoutMs };
  let res: { status: number; statusText: string; headers: UndiciHeaders };
  let buf: Buffer;
  try {
    if (plain) {
      // the body is collected as it arrives, at most the cap its content type allows
      const r = await outboundRequestBuffered(req.url.toString(), {
        ...options,
        body: req.body as string | Buffer | undefined,
        maxBytes: (h) => capFor(rt, h.get('content-type') ?? ''),
        overflow: 'error',
      });
      res = r;
      buf = r.body;
    } else {
      const r = await outboundFetch(req.url.toString(), { ...options, body: req.body as never });
      res = r;
      const cap = capFor(rt, r.headers.get('content-type') ?? '');
      try {
        buf = await readCapped(r, cap);
      } catch (e) {
        return readFailure(e, cap, timeoutMs);
      }
    }
  } catch (e) {
    // an answer whose body did not come whole: too large, too late or cut short
    if (e instanceof UpstreamTooLargeError) return readFailure(e, e.limit, timeoutMs);
    if (failedReadingBody(e)) return readFailure(e, 0, timeoutMs);
    const f = outboundFailure(e);
    if (f.kind === 'form') return { kind: 'blocked', message: f.detail };
    if (f.kind === 'timeout')
      return { kind: 'timeout', message: `The upstream API did not answer within ${timeoutMs} ms` };
    // a private address, a name that does not resolve, a refused connection: one answer for all
    return {
      kind: 'network',
      message: notReachable(req.url.host, f.detail),
      detail: f.detail,
    };
  }
  const contentType = res.headers.get('content-type') ?? '';
  const textual = isTextual(contentType);
  if (!textual && buf.length) {
    return {
      kind: 'response',
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
      contentType,
      body: undefined,
      binary: buf,
      bytes: buf.length,
    };
  }
  const text = buf.toString('utf8');
  let body: unknown = text;
  if (text && (/json/i.test(contentType) || (!contentType && /^\s*[{[]/.test(text)))) {
    try {
      body = JSON.parse(text);
    } catch {
      /* keep the text */
    }
  }
  return {
    kind: 'response',
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
    contentType,
    body,
    bytes: buf.length,
  };
}

/** A short human message from an upstream error body. */
export function upstreamMessage(status: number, statusText: string, body: unknown): string {
  let detail: string | undefined;
  if (body && typeof body === 'object') {
    const o = body as Record<string, unknown>;
    const cand =
      o.message ??
      o.error_description ??
      o.error_summary ?? // Dropbox (its `error` is a tagged object)
      o.error ??
      o.err ?? // ClickUp
      o.detail ??
      o.title ??
      (o.errors as unknown[] | undefined)?.[0];
    if (typeof cand === 'string') detail = cand;
    else if (cand && typeof cand === 'object' && typeof (cand as { message?: unknown }).message === 'string')
      detail = (cand as { message: string }).message;
  } else if (typeof body === 'string' && body.trim()) {
    detail = body.trim().slice(0, 300);
  }
  return `${status}${statusText ? ` ${statusText}` : ''}${detail ? `: ${detail}` : ''}`;
}
