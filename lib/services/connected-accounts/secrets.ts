/**
 * Which `state.val` / credential keys hold secrets. Everything in `state.val` is encrypted at
 * rest regardless; this list decides what is masked in responses when the project asks for it.
 */
const SECRET_KEYS = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'api_key',
  'generic_api_key',
  'bearer_token',
  'basic_encoded',
  'token',
  'password',
  'client_secret',
  'oauth_token',
  'oauth_token_secret',
  'private_key',
  'credentials_json',
  'code_verifier',
  'proxy_password',
  'devKey',
  'sessionId',
  'webhook_signature',
  'secret',
  'auth_token',
  'consumer_secret',
  'proxy_auth_key',
]);

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key) || /(secret|password|token|api_key|private)/i.test(key);
}

/** `abcd...`: the first four characters, as the hosted service masks. */
export function maskValue(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  return v.length <= 4 ? '****' : `${v.slice(0, 4)}...`;
}

export function maskSecrets<T extends Record<string, unknown>>(val: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(val)) out[k] = isSecretKey(k) ? maskValue(v) : v;
  return out as T;
}
