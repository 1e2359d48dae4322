import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { STATUS_CODES } from 'node:http';
import { Agent, buildConnector, Headers, fetch as undiciFetch, type RequestInit, type Response } from 'undici';
import { config } from '../config';
import { log } from '../log';

/**
 * Every request Junction makes to an address a user gave it (webhooks, upstream APIs, OAuth
 * endpoints, OpenAPI URLs) goes through here. The address is checked when the connection is
 * made — after DNS resolution, so a name that resolves to a private address (or re-resolves to
 * one later) is refused — and redirects are never followed.
 */
export class OutboundBlockedError extends Error {
  readonly code = 'OUTBOUND_BLOCKED';
  /**
   * true when the URL's form was refused (not a URL, not http(s), not https): that says nothing
   * about the network, so callers may be told. Refusals of an address are not `form`.
   */
  readonly form: boolean;
  constructor(message: string, opts: { form?: boolean } = {}) {
    super(message);
    this.form = opts.form ?? false;
  }
}

/**
 * What callers are told when an address could not be used, whatever the reason: a name that does
 * not resolve, one that resolves to a private address, a refused or reset connection. Telling
 * these apart would let anyone who can make Junction fetch a URL (a project key, or anonymously a
 * `client_id` metadata URL) map which internal names exist. The reason goes to the server log and
 * to the execution log the project owner reads.
 */
export const NOT_REACHABLE = 'not reachable or not allowed';

export type OutboundFailureKind = 'form' | 'timeout' | 'too_large' | 'unreachable';

/** Sorts an error of `outboundFetch`/`outboundRequest` (or of reading their body) and gives its detail for logs. */
export function outboundFailure(e: unknown): { kind: OutboundFailureKind; detail: string } {
  let cur: unknown = e;
  let deepest: { code?: string; message?: string } | undefined;
  for (let i = 0; i < 6 && cur; i++) {
    if (cur instanceof OutboundBlockedError) return { kind: cur.form ? 'form' : 'unreachable', detail: cur.message };
    if (cur instanceof UpstreamTooLargeError) return { kind: 'too_large', detail: cur.message };
    const name = (cur as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      return { kind: 'timeout', detail: (cur as Error).message ?? name };
    deepest = cur as { code?: string; message?: string };
    cur = (cur as { cause?: unknown }).cause;
  }
  const code = deepest?.code;
  const message = deepest?.message ?? String(e);
  return { kind: 'unreachable', detail: code && !message.includes(code) ? `${code}: ${message}` : message };
}

/** The caller's message for `what` (a URL's host, "the token endpoint"); the reason is logged here. */
export function notReachable(what: string, detail: string, context: Record<string, unknown> = {}): string {
  log.info({ ...context, target: what, detail }, 'outbound: not reachable or not allowed');
  return `${what} is ${NOT_REACHABLE}`;
}

/**
 * The one address test, for IP literals in URLs and for every address a name resolves to: only
 * what ipaddr.js classes as `unicast` is allowed. IPv6 forms that carry an IPv4 address (mapped
 * `::ffff:a.b.c.d`, the old compatible `::a.b.c.d`, SIIT `::ffff:0:a.b.c.d`, and the well-known
 * NAT64 prefix `64:ff9b::/96`) are judged as that IPv4 address, since a host or gateway may deliver
 * them there; other IPv6 addresses must also lie in the global unicast block 2000::/3, because
 * ipaddr.js calls everything it has no name for `unicast` (`::7f00:1` once was, and `4000::1` is).
 * 6to4, Teredo, local NAT64 (`64:ff9b:1::/48`), site-local and discard ranges have names of their
 * own and are refused with the rest.
 */
export function isPublicAddress(address: string): boolean {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return false;
  }
  if (addr.kind() === 'ipv6') {
    const v4 = embeddedIPv4(addr as ipaddr.IPv6);
    if (v4) return v4.range() === 'unicast';
    const b = addr.toByteArray();
    return addr.range() === 'unicast' && (b[0]! & 0xe0) === 0x20;
  }
  return addr.range() === 'unicast';
}

/** The IPv4 address an IPv6 address stands for, when it is one of the forms that embed one in its low 32 bits. */
function embeddedIPv4(addr: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const b = addr.toByteArray();
  const low = () => new ipaddr.IPv4(b.slice(12, 16));
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::a.b.c.d (compatible) and ::ffff:a.b.c.d (mapped)
  if (zero(0, 10) && ((b[10] === 0 && b[11] === 0) || (b[10] === 0xff && b[11] === 0xff))) return low();
  // ::ffff:0:a.b.c.d (SIIT, RFC 6145)
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) return low();
  // 64:ff9b::a.b.c.d (well-known NAT64 prefix, RFC 6052)
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return low();
  return undefined;
}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const ok = allowPrivate ? list : list.filter((a) => isPublicAddress(a.address));
      if (!ok.length) {
        return callback(
          new OutboundBlockedError(
            `Refused to connect to ${hostname}: it resolves to a private, loopback or link-local address`,
          ),
          '',
          0,
        );
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, ok);
      callback(null, ok[0]!.address, ok[0]!.family);
    });
  };
}

const agents = new Map<boolean, Agent>();
/** The guarded agent every outbound request uses (exported for its tests). */
export function agent(allowPrivate: boolean): Agent {
  let a = agents.get(allowPrivate);
  if (!a) {
    const base = buildConnector({ lookup: guardedLookup(allowPrivate) });
    // Node skips the lookup for an IP literal, so a literal is checked here, on the same test, even
    // though checkUrl already refused it: whatever reaches this agent is checked at connect.
    const connect: buildConnector.connector = (opts, callback) => {
      const host = opts.hostname.replace(/^\[|\]$/g, '');
      if (!allowPrivate && net.isIP(host) && !isPublicAddress(host))
        return callback(new OutboundBlockedError(`Refused to connect to ${host}: not a public unicast address`), null);
      return base(opts, callback);
    };
    a = new Agent({ connect, keepAliveTimeout: 30_000, connections: 256 });
    agents.set(allowPrivate, a);
  }
  return a;
}

export interface OutboundOptions extends Omit<RequestInit, 'dispatcher' | 'redirect'> {
  /** JUNCTION_ALLOW_INSECURE_URLS: permit http:// and private targets (development and tests) */
  allowInsecure: boolean;
  timeoutMs?: number;
  /** require https:// unless allowInsecure */
  requireHttps?: boolean;
}

/** Check a URL's form before any connection (literal IPs are checked here; names at connect time). */
export function checkUrl(raw: string, opts: { allowInsecure: boolean; requireHttps?: boolean }): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundBlockedError(`Not a valid URL: ${raw.slice(0, 200)}`, { form: true });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new OutboundBlockedError(`Unsupported URL scheme ${url.protocol}`, { form: true });
  if (!opts.allowInsecure) {
    if (opts.requireHttps !== false && url.protocol !== 'https:')
      throw new OutboundBlockedError('Only https:// URLs are allowed', { form: true });
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if ((net.isIP(host) || ipaddr.isValid(host)) && !isPublicAddress(host))
      throw new OutboundBlockedError(`Refused to connect to ${host}: not a public unicast address`);
    if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal'))
      throw new OutboundBlockedError(`Refused to connect to ${host}`);
  }
  return url;
}

export async function outboundFetch(raw: string, opts: OutboundOptions): Promise<Response> {
  const url = checkUrl(raw, opts);
  const { allowInsecure, timeoutMs = 30_000, requireHttps: _r, signal, ...init } = opts;
  const timeout = AbortSignal.timeout(timeoutMs);
  return undiciFetch(url, {
    ...init,
    redirect: 'manual',
    dispatcher: agent(allowInsecure),
    signal: signal ? AbortSignal.any([signal as AbortSignal, timeout]) : timeout,
  });
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
  'content-length',
]);

/** Errors of `outboundRequestBuffered` that came after the status line: the body was not read whole. */
const BODY_FAILURES = new WeakSet<object>();
export function failedReadingBody(e: unknown): boolean {
  return typeof e === 'object' && e !== null && BODY_FAILURES.has(e);
}

/** What `outboundRequestBuffered` answers: the whole body (or its first `maxBytes` when truncating). */
export interface BufferedOutboundResponse {
  status: number;
  statusText: string;
  headers: Headers;
  body: Buffer;
  /** `truncate` mode: the body went past `maxBytes` and the rest was not read */
  truncated: boolean;
}

/**
 * `outboundFetch` for plain (string or buffer) bodies whose answer is wanted whole in memory: a
 * tool's result, a webhook receiver's excerpt. It speaks undici's dispatcher interface directly: the
 * same guarded agent, no redirects, one deadline for the whole exchange, but none of fetch's
 * Request, Response, web streams and signals, nor a Readable with async iteration: the chunks are
 * gathered in the handler's callbacks. Header values are kept as the bytes that came and read as
 * Latin-1, as fetch and browsers read them (undici's `request()` would decode them as UTF-8 and turn
 * an accented byte into U+FFFD).
 *
 * At most `maxBytes` are held: past it (or when the declared length is already past it) `error`
 * fails with UpstreamTooLargeError and `truncate` keeps the first `maxBytes`; either way the
 * connection is dropped rather than read to its end. A failure after the status line (the body cut
 * short, the deadline) is one that `failedReadingBody` recognizes, so callers can tell "no answer"
 * from "an answer not finished"; in `truncate` mode it is no failure: the status and the bytes read
 * so far are the answer.
 */
export async function outboundRequestBuffered(
  raw: string,
  opts: {
    method: string;
    headers: Record<string, string>;
    body?: string | Buffer;
    allowInsecure: boolean;
    timeoutMs?: number;
    requireHttps?: boolean;
    /** the most bytes held; a function decides it from the response's headers (its content type) */
    maxBytes: number | ((headers: Headers) => number);
    overflow: 'error' | 'truncate';
  },
): Promise<BufferedOutboundResponse> {
  const url = checkUrl(raw, opts);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const headers: Record<string, string> = {};
  for (const name in opts.headers) if (!HOP_BY_HOP.has(name.toLowerCase())) headers[name] = opts.headers[name]!;
  const { overflow } = opts;
  let maxBytes = typeof opts.maxBytes === 'number' ? opts.maxBytes : 0;
  return new Promise((resolve, reject) => {
    let abort: ((err: Error) => void) | undefined;
    let settled = false;
    let head: { status: number; headers: Headers } | undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      const err = new DOMException(`no complete answer within ${timeoutMs} ms`, 'TimeoutError');
      fail(err);
      abort?.(err);
    }, timeoutMs);
    timer.unref?.();
    const fail = (err: Error) => {
      clearTimeout(timer);
      if (settled) return;
      // `truncate`: a body cut short (reset, deadline) still leaves its status and what came of it
      if (head && overflow === 'truncate') return finish(true);
      settled = true;
      if (head && !(err instanceof UpstreamTooLargeError)) BODY_FAILURES.add(err);
      reject(err);
    };
    const finish = (truncated: boolean) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      resolve({
        status: head!.status,
        statusText: STATUS_CODES[head!.status] ?? '',
        headers: head!.headers,
        body,
        truncated,
      });
    };
    /** stop reading: the answer is decided, the rest of the body is not wanted */
    const stop = () => abort?.(new Error('response body not read'));
    agent(opts.allowInsecure).dispatch(
      {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: opts.method as 'GET',
        headers,
        body: opts.body,
      },
      {
        onConnect(abortFn) {
          abort = abortFn as (err: Error) => void;
        },
        onHeaders(statusCode, rawHeaders) {
          if (statusCode < 200) return true; // 1xx: wait for the final answer
          const h = new Headers();
          for (let i = 0; i + 1 < rawHeaders.length; i += 2)
            h.append(String(rawHeaders[i]), Buffer.from(rawHeaders[i + 1]!).toString('latin1'));
          head = { status: statusCode, headers: h };
          if (typeof opts.maxBytes === 'function') maxBytes = opts.maxBytes(h);
          const declared = Number(h.get('content-length') ?? Number.NaN);
          if (overflow === 'error' && Number.isFinite(declared) && declared > maxBytes) {
            fail(new UpstreamTooLargeError(maxBytes));
            stop();
            return false;
          }
          return true;
        },
        onData(chunk) {
          if (settled) return false;
          const room = maxBytes - size;
          if (chunk.length > room) {
            if (overflow === 'error') {
              fail(new UpstreamTooLargeError(maxBytes));
            } else {
              if (room > 0) {
                chunks.push(chunk.subarray(0, room));
                size += room;
              }
              finish(true);
            }
            stop();
            return false;
          }
          chunks.push(chunk);
          size += chunk.length;
          return true;
        },
        onComplete() {
          finish(false);
        },
        onError: fail,
      },
    );
  });
}

/** An upstream answered with more bytes than Junction will hold for one response. */
export class UpstreamTooLargeError extends Error {
  readonly code = 'UPSTREAM_TOO_LARGE';
  constructor(readonly limit: number) {
    super(`The upstream response is larger than ${limit} bytes (JUNCTION_UPSTREAM_MAX_BYTES)`);
  }
}

/**
 * Read an upstream response body, never more than `max` bytes (default JUNCTION_UPSTREAM_MAX_BYTES):
 * a declared Content-Length over it is refused before reading, and a body that streams past it
 * is cancelled at the cap, so a hostile or broken upstream cannot fill the process's memory.
 */
export async function readCapped(res: Response, max = config().upstreamMaxBytes): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => {});
    throw new UpstreamTooLargeError(max);
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new UpstreamTooLargeError(max);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** `readCapped` as UTF-8 text. */
export async function readCappedText(res: Response, max?: number): Promise<string> {
  return (await readCapped(res, max)).toString('utf8');
}
