import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Runtime } from '../../runtime';
import { outboundFetch } from '../../net/outbound';

/**
 * Junction as the client of a remote MCP server. Every request the SDK makes (the MCP exchange,
 * and the OAuth discovery, registration and token requests in oauth.ts) goes through
 * `guardedFetch`: the SSRF guard's agent, no redirects followed, a deadline per request.
 */
const CLIENT_INFO = { name: 'junction', version: '0.1.0' };

/** How long one MCP request (initialize, tools/list, tools/call) may take. */
export const MCP_REQUEST_TIMEOUT_MS = 60_000;

export function guardedFetch(rt: Runtime, timeoutMs = MCP_REQUEST_TIMEOUT_MS): FetchLike {
  return async (url, init) => {
    const res = await outboundFetch(typeof url === 'string' ? url : url.toString(), {
      allowInsecure: rt.config.allowInsecureUrls,
      timeoutMs,
      method: init?.method,
      headers: init?.headers as never,
      body: init?.body as never,
      signal: init?.signal ?? undefined,
    });
    return res as unknown as Response;
  };
}

/** The server answered a request with 401: the credentials are missing, expired or refused. */
export class McpUnauthorizedError extends Error {}

/**
 * The server answered 403 `insufficient_scope`: the token is good but too narrow for this request.
 * `scope` is what the server's WWW-Authenticate asks for; a new authorization must include it.
 */
export class McpInsufficientScopeError extends Error {
  constructor(readonly scope: string | undefined) {
    super(`the server needs more access${scope ? ` (scope "${scope}")` : ''}`);
  }
}

/** HTTP status of an SDK transport error, when it carries one. */
export function transportStatus(e: unknown): number | undefined {
  if (e instanceof StreamableHTTPError || e instanceof SseError) return typeof e.code === 'number' ? e.code : undefined;
  return undefined;
}

/**
 * Connect to a server: Streamable HTTP first; a 4xx other than 401/403 to the first POST means
 * an older server that speaks only HTTP+SSE, so the SSE transport is tried on the same URL
 * (the backwards-compatibility rule of the MCP transports specification).
 */
export async function openMcpClient(
  rt: Runtime,
  url: string,
  headers: Record<string, string>,
  fetch: FetchLike = guardedFetch(rt),
): Promise<Client> {
  const target = new URL(url);
  const streamable = new Client(CLIENT_INFO);
  try {
    await streamable.connect(new StreamableHTTPClientTransport(target, { fetch, requestInit: { headers } }), {
      timeout: MCP_REQUEST_TIMEOUT_MS,
    });
    return streamable;
  } catch (e) {
    await streamable.close().catch(() => {});
    const status = transportStatus(e);
    if (status === 401) throw new McpUnauthorizedError(e instanceof Error ? e.message : 'unauthorized');
    if (status === undefined || status < 400 || status >= 500 || status === 403) throw e;
  }
  const sse = new Client(CLIENT_INFO);
  try {
    await sse.connect(
      new SSEClientTransport(target, { fetch, requestInit: { headers }, eventSourceInit: { fetch } as never }),
      { timeout: MCP_REQUEST_TIMEOUT_MS },
    );
    return sse;
  } catch (e) {
    await sse.close().catch(() => {});
    if (transportStatus(e) === 401) throw new McpUnauthorizedError(e instanceof Error ? e.message : 'unauthorized');
    throw e;
  }
}

/** Run `fn` with a connected client, closed afterwards whatever happens. */
export async function withMcpClient<T>(
  rt: Runtime,
  url: string,
  headers: Record<string, string>,
  fn: (c: Client) => Promise<T>,
): Promise<T> {
  // the SDK's transport errors carry the status only: keep the last challenge to tell a step-up apart
  const base = guardedFetch(rt);
  let challenge: string | undefined;
  const fetch: FetchLike = async (u, init) => {
    const res = await base(u, init);
    if (res.status === 401 || res.status === 403) challenge = res.headers.get('www-authenticate') ?? undefined;
    return res;
  };
  const client = await openMcpClient(rt, url, headers, fetch);
  try {
    return await fn(client);
  } catch (e) {
    const status = transportStatus(e);
    if (status === 401) throw new McpUnauthorizedError(e instanceof Error ? e.message : 'unauthorized');
    if (status === 403 && challenge && /error="?insufficient_scope/.test(challenge)) {
      throw new McpInsufficientScopeError(/scope="([^"]*)"/.exec(challenge)?.[1]);
    }
    throw e;
  } finally {
    await client.close().catch(() => {});
  }
}
