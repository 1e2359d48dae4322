/**
 * Secrets in a connected account's `state.val` are masked before anything reaches the browser;
 * the detail page reveals them on demand through a logged request.
 */
const SECRET = /(secret|password|token|api_?key|private|credential|verifier|session_?id|signature|auth_key|basic_encoded)/i;

export function isSecretField(key: string): boolean {
  return SECRET.test(key);
}

export function maskValue(v: unknown): unknown {
  if (typeof v !== 'string' || v.length === 0) return v;
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

/** Masks connected-account payloads (one account or a list of them) by API path. */
export function maskResponse(path: string, body: unknown): unknown {
  if (!path.startsWith('/connected_accounts')) return body;
  if (body && typeof body === 'object' && Array.isArray((body as { items?: unknown }).items)) {
    const b = body as { items: unknown[] };
    return { ...b, items: b.items.map(maskAccount) };
  }
  return maskAccount(body);
}
