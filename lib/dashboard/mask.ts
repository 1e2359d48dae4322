/**
 * Secrets in a connected account's `state.val` are masked before anything reaches the browser;
 * the detail page reveals them on demand through a logged request.
 */
const SECRET =
  /(secret|password|token|api_?key|private|credential|verifier|session_?id|signature|auth_key|basic_encoded)/i;

export function isSecretField(key: string): boolean {
  return SECRET.test(key);
}

export function maskValue(v: unknown): unknown {
  if (typeof v !== 'string' || v.length === 0) return v;
  // already masked by the API (`abcd...`, its default): shown in the dashboard's own form
  const api = /^(.{1,4})\.\.\.$/.exec(v);
  if (api) return `${api[1]}••••`;
  return v.length <= 8 ? '••••' : `${v.slice(0, 4)}••••`;
}

export function maskRecord(val: unknown): unknown {
  if (!val || typeof val !== 'object' || Array.isArray(val)) return val;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(val)) out[k] = isSecretField(k) ? maskValue(v) : v;
  return out;
}

function maskAccount(acc: unknown): unknown {
  if (!acc || typeof acc !== 'object') return acc;
  const a = acc as Record<string, unknown>;
  const out: Record<string, unknown> = { ...a };
  if (a.state && typeof a.state === 'object') {
    const st = a.state as Record<string, unknown>;
    out.state = { ...st, val: maskRecord(st.val) };
  }
  if ('data' in a) out.data = maskRecord(a.data);
  if ('connectionData' in a && a.connectionData && typeof a.connectionData === 'object') {
    const cd = a.connectionData as Record<string, unknown>;
    out.connectionData = { ...cd, val: maskRecord(cd.val) };
  }
  return out;
}

/** Every secret-named field at any depth (event payloads nest the account under data.state.val). */
export function maskDeep(val: unknown, depth = 0): unknown {
  if (depth > 32 || !val || typeof val !== 'object') return val;
  if (Array.isArray(val)) return val.map((v) => maskDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(val)) {
    out[k] =
      isSecretField(k) && (typeof v === 'string' || typeof v === 'number')
        ? maskValue(String(v))
        : maskDeep(v, depth + 1);
  }
  return out;
}

/**
 * Webhook deliveries carry the event body as sent; a project that turned masking off sends
 * connected-account secrets in it. The dashboard shows them masked all the same. Only `payload`
 * is touched: the subscription's signing secret, shown once on create/rotate, passes as it is.
 */
function maskDeliveries(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const b = body as Record<string, unknown>;
  if (Array.isArray(b.items)) {
    return {
      ...b,
      items: b.items.map((it) =>
        it && typeof it === 'object' && 'payload' in it
          ? { ...it, payload: maskDeep((it as { payload: unknown }).payload) }
          : it,
      ),
    };
  }
  return 'payload' in b ? { ...b, payload: maskDeep(b.payload) } : body;
}

/** Masks connected-account payloads (one account or a list of them) and delivery payloads by API path. */
export function maskResponse(path: string, body: unknown): unknown {
  if (/^\/webhook_subscriptions\/[^/]+\/deliveries(\/|$)/.test(path)) return maskDeliveries(body);
  if (!path.startsWith('/connected_accounts')) return body;
  if (body && typeof body === 'object' && Array.isArray((body as { items?: unknown }).items)) {
    const b = body as { items: unknown[] };
    return { ...b, items: b.items.map(maskAccount) };
  }
  return maskAccount(body);
}
