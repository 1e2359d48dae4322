import type { AuthField, AuthSchemeDef, CredentialPlacement } from '../types';
import { isObj, type Json } from './json';
import { deref } from './pointer';
import { clip, humanize, sanitizeArg } from './text';

/**
 * Auth schemes of a compiled toolkit, derived from the document's security schemes, and the
 * auth-config fields every OAuth2 scheme offers (shared with the code-declared toolkits).
 */
const f = (
  name: string,
  displayName: string,
  description: string,
  required: boolean,
  secret = false,
  def?: string,
): AuthField => ({
  name,
  displayName,
  description,
  type: 'string',
  required,
  ...(def !== undefined ? { default: def } : {}),
  ...(secret ? { secret: true } : {}),
});

export function oauth2AuthConfigFields(opts: { authorizationUrl?: string; tokenUrl?: string; scopes?: string[] } = {}) {
  return {
    required: [
      f('client_id', 'Client ID', 'OAuth2 client ID of your app', true),
      f('client_secret', 'Client Secret', 'OAuth2 client secret of your app', true, true),
    ],
    optional: [
      f('scopes', 'Scopes', 'Space or comma separated scopes to request', false, false, opts.scopes?.join(',')),
      f(
        'authorization_url',
        'Authorization URL',
        'Override the authorization endpoint',
        false,
        false,
        opts.authorizationUrl,
      ),
      f('token_url', 'Token URL', 'Override the token endpoint', false, false, opts.tokenUrl),
      f('base_url', 'Base URL', 'Override the API base URL', false),
    ],
  };
}

export function deriveAuthSchemes(doc: Json): AuthSchemeDef[] {
  const schemes = isObj(doc.components) && isObj(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  const out: AuthSchemeDef[] = [];
  const apiKeys: { key: string; s: Json }[] = [];
  for (const [key, raw] of Object.entries(schemes)) {
    const s = deref<Json>(doc, raw, `components.securitySchemes.${key}`);
    if (!isObj(s)) continue;
    if (s.type === 'oauth2' && isObj(s.flows)) {
      const flow = (s.flows.authorizationCode ?? s.flows.implicit) as Json | undefined;
      if (!isObj(flow)) continue;
      const tokenUrl = typeof flow.tokenUrl === 'string' ? flow.tokenUrl : undefined;
      const authorizationUrl = typeof flow.authorizationUrl === 'string' ? flow.authorizationUrl : undefined;
      if (out.some((o) => o.mode === 'OAUTH2')) continue;
      out.push({
        mode: 'OAUTH2',
        name: `${key} (OAuth2)`,
        authConfigFields: oauth2AuthConfigFields({ authorizationUrl, tokenUrl }),
        connectionFields: { required: [], optional: [] },
        placement: [{ in: 'bearer', field: 'access_token' }],
        oauth: { authorizationUrl, tokenUrl, defaultScopes: [], scopeSeparator: ' ' },
      });
    } else if (s.type === 'http' && typeof s.scheme === 'string' && s.scheme.toLowerCase() === 'bearer') {
      out.push({
        mode: 'BEARER_TOKEN',
        name: 'Bearer token',
        authConfigFields: { required: [], optional: [] },
        connectionFields: { required: [f('token', 'Token', 'Bearer token', true, true)], optional: [] },
        placement: [{ in: 'bearer', field: 'token' }],
      });
    } else if (s.type === 'http' && typeof s.scheme === 'string' && s.scheme.toLowerCase() === 'basic') {
      out.push({
        mode: 'BASIC',
        name: 'Basic auth',
        authConfigFields: { required: [], optional: [] },
        connectionFields: {
          required: [f('username', 'Username', 'Username', true), f('password', 'Password', 'Password', true, true)],
          optional: [],
        },
        placement: [{ in: 'basic', usernameField: 'username', passwordField: 'password' }],
      });
    } else if (s.type === 'apiKey' && typeof s.name === 'string' && (s.in === 'header' || s.in === 'query')) {
      apiKeys.push({ key, s });
    }
  }
  if (apiKeys.length) {
    const single = apiKeys.length === 1;
    const fields: AuthField[] = [];
    const placement: CredentialPlacement[] = [];
    for (const { key, s } of apiKeys) {
      const field = single ? 'api_key' : sanitizeArg(key).toLowerCase();
      fields.push(
        f(
          field,
          single ? 'API Key' : humanize(key),
          typeof s.description === 'string' ? clip(s.description, 200) : `${s.in} ${s.name}`,
          true,
          true,
        ),
      );
      placement.push(
        s.in === 'header'
          ? { in: 'header', name: s.name as string, field }
          : { in: 'query', name: s.name as string, field },
      );
    }
    out.push({
      mode: 'API_KEY',
      name: 'API key',
      authConfigFields: { required: [], optional: [] },
      connectionFields: { required: fields, optional: [] },
      placement,
    });
  }
  return out;
}

/** parameter names consumed by security schemes (never exposed as tool arguments) */
export function securityParamNames(doc: Json): { headers: Set<string>; queries: Set<string> } {
  const headers = new Set<string>();
  const queries = new Set<string>();
  const schemes = isObj(doc.components) && isObj(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  for (const raw of Object.values(schemes)) {
    if (!isObj(raw) || raw.type !== 'apiKey' || typeof raw.name !== 'string') continue;
    if (raw.in === 'header') headers.add(raw.name.toLowerCase());
    if (raw.in === 'query') queries.add(raw.name.toLowerCase());
  }
  return { headers, queries };
}
