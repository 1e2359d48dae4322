import type { Config } from '../config';

/**
 * Who may sign in to the dashboard through OIDC. An identity provider vouches for who someone is,
 * not for whether they should run this server: without an allowlist every account at the provider
 * (a whole Google or Microsoft tenant, or the public) would become an admin. And an address the
 * provider has not verified says nothing about its owner, so it never matches the allowlist.
 *
 * Imported by on-start.ts (outside Next.js) and auth.ts: no `server-only` here.
 */
export function oidcStartError(cfg: Pick<Config, 'oidcIssuer' | 'oidcAllowedEmails'>): string | undefined {
  if (!cfg.oidcIssuer || cfg.oidcAllowedEmails.length) return undefined;
  return (
    'JUNCTION_OIDC_ISSUER is set but JUNCTION_OIDC_ALLOWED_EMAILS is empty: without an allowlist every account at the ' +
    'identity provider could sign in to the dashboard. Set JUNCTION_OIDC_ALLOWED_EMAILS to a comma list of addresses ' +
    'or @domains (e.g. "ops@example.com,@example.com"), or unset JUNCTION_OIDC_ISSUER. Refusing to start.'
  );
}

/** `email_verified` is a boolean in the spec; some providers send the string "true". */
function verified(v: unknown): boolean {
  return v === true || v === 'true';
}

export function oidcEmailAllowed(
  claims: { email?: unknown; email_verified?: unknown } | undefined,
  allowlist: readonly string[],
): boolean {
  if (!claims || !allowlist.length || !verified(claims.email_verified)) return false;
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const at = email.indexOf('@');
  // exactly one @, something on each side
  if (at <= 0 || at !== email.lastIndexOf('@') || at === email.length - 1) return false;
  const domain = email.slice(at);
  return allowlist.some((rule) => (rule.startsWith('@') ? domain === rule : email === rule));
}
