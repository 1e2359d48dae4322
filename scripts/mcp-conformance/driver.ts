/**
 * The conformance suite's "client" for Junction (`@modelcontextprotocol/conformance client`):
 * the suite starts a scenario's MCP server (and authorization server) and runs
 * `<this command> <server URL>`. This driver makes Junction the client, through its public API
 * only, as an operator and a user would:
 *
 * 1. register the server URL as a custom MCP toolkit (`DCR_OAUTH` for auth/* scenarios, else
 *    `NO_AUTH`); a scenario's pre-registered client (MCP_CONFORMANCE_CONTEXT) becomes the auth config's;
 * 2. connect a user: create the account and follow the authorize redirect as a browser would,
 *    until Junction's callback sends the browser on;
 * 3. sync the toolkit (tools/list) and call a tool (tools/call) through /tools/execute.
 *
 * Junction's address and key come from JUNCTION_CONFORMANCE_API and JUNCTION_CONFORMANCE_KEY
 * (set by run.ts, which starts Junction once for the whole suite). Exit code 0 when the call ran.
 */
import { randomBytes } from 'node:crypto';

const serverUrl = process.argv[2];
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, unknown>;
const api = process.env.JUNCTION_CONFORMANCE_API;
const key = process.env.JUNCTION_CONFORMANCE_KEY;
const DONE = 'http://conformance-driver.invalid/done';

function say(msg: string, extra?: unknown) {
  console.log(`[junction-driver] ${msg}${extra === undefined ? '' : ` ${JSON.stringify(extra)}`}`);
}

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { 'x-api-key': key!, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 500)}`);
  return json;
}

/** Follow redirects as a browser does, until one leaves for DONE. */
async function browse(start: string): Promise<URL> {
  let url = start;
  for (let i = 0; i < 15; i++) {
    if (url.startsWith(DONE)) return new URL(url);
    const res = await fetch(url, { redirect: 'manual' });
    const loc = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && loc) {
      url = new URL(loc, url).toString();
      continue;
    }
    throw new Error(`the browser stopped at ${url} with HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
  throw new Error('too many redirects');
}

/** Arguments a tool's schema asks for, with plain values of each type. */
function sampleArgs(schema: any): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = (schema?.properties ?? {}) as Record<string, any>;
  for (const [name, p] of Object.entries(props)) {
    if (!(schema.required ?? []).includes(name)) continue;
    const t = Array.isArray(p.type) ? p.type[0] : p.type;
    out[name] =
      t === 'number' || t === 'integer'
        ? 1
        : t === 'boolean'
          ? true
          : t === 'array'
            ? []
            : t === 'object'
              ? {}
              : 'test';
  }
  return out;
}

async function main() {
  if (!serverUrl || !api || !key) throw new Error('usage: driver.ts <server url> (JUNCTION_CONFORMANCE_API/KEY set)');
  const auth = scenario.startsWith('auth/');
  const slug = `conf_${randomBytes(6).toString('hex')}`;
  const up = await call('POST', '/custom/toolkits/upsert', {
    slug,
    toolkit_config: {
      name: `Conformance ${scenario}`,
      app_url: serverUrl,
      auth_schemes: [
        auth
          ? {
              mode: 'DCR_OAUTH',
              discovery_url: new URL('/.well-known/oauth-authorization-server', serverUrl).toString(),
            }
          : { mode: 'NO_AUTH' },
      ],
    },
  });
  const toolkit = (up.slug as string).toLowerCase();
  say('registered', { scenario, toolkit });
  let accountId: string | undefined;
  if (auth) {
    const pre = typeof context.client_id === 'string';
    const ac = await call('POST', '/auth_configs', {
      toolkit: { slug: toolkit },
      ...(pre
        ? {
            auth_config: {
              type: 'use_custom_auth',
              authScheme: 'DCR_OAUTH',
              credentials: { client_id: context.client_id, client_secret: context.client_secret },
            },
          }
        : {}),
    });
    const acc = await call('POST', '/connected_accounts', {
      auth_config: { id: ac.auth_config.id },
      connection: { user_id: 'conformance-user', callback_url: DONE },
    });
    accountId = acc.id;
    const done = await browse(acc.connectionData.val.redirectUrl);
    say('authorization finished', Object.fromEntries(done.searchParams));
    if (done.searchParams.get('status') !== 'success') throw new Error(`connection failed: ${done}`);
  }
  const sync = await call('POST', '/custom/toolkits/sync', {
    slug: toolkit,
    ...(accountId ? { connected_account_id: accountId } : {}),
  });
  say('synced', sync);
  const tools = await call('GET', `/tools?toolkit_slug=${toolkit}&limit=100`);
  const items = tools.items as any[];
  if (!items.length) {
    // a server without tools (the initialize scenario): listing them was the exchange to make
    say('the server lists no tools; nothing to call');
    await call('DELETE', `/custom/toolkits/${toolkit}`).catch(() => undefined);
    return;
  }
  // the tools_call scenario checks add_numbers; otherwise the first listed tool
  const pick = items.find((t) => /ADD_NUMBERS$/.test(t.slug)) ?? items[0];
  const args = /ADD_NUMBERS$/.test(pick.slug) ? { a: 5, b: 3 } : sampleArgs(pick.input_parameters);
  const execute = () =>
    call('POST', `/tools/execute/${pick.slug}`, { arguments: args, ...(auth ? { user_id: 'conformance-user' } : {}) });
  let ran = await execute();
  // step-up: the server wants a wider scope; the user re-authorizes once and the call is made again
  if (!ran.successful && ran.data?.required_scope && accountId) {
    say('step-up asked', { scope: ran.data.required_scope });
    const re = await call('POST', `/connected_accounts/${accountId}/refresh`, {});
    const done = await browse(re.redirect_url);
    say('re-authorization finished', Object.fromEntries(done.searchParams));
    ran = await execute();
  }
  say('called', { tool: pick.slug, successful: ran.successful, error: ran.error });
  await call('DELETE', `/custom/toolkits/${toolkit}`).catch(() => undefined);
  if (!ran.successful) throw new Error(`tool call failed: ${ran.error}`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(`[junction-driver] ${(e as Error).message}`);
    process.exit(1);
  },
);
