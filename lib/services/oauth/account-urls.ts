import { errors } from '../../contract/errors';
import type { OAuthApp } from './provider';

/** One DNS label: letters, digits and inner hyphens, 1-63 characters. */
const DNS_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * OAuth endpoints that name the end user's own tenant in the host (Shopify's
 * `https://{shop}.myshopify.com/admin/oauth/authorize`): provider.ts leaves a connection field's
 * `{name}` in place, and each flow fills it here from that account's fields. The value comes
 * from the end user, so it must be a single DNS label: `evil.example/#` would otherwise send the
 * authorization code, or the client secret at the token endpoint, to another host.
 */
export function withAccountUrls(app: OAuthApp, fields: Record<string, unknown>): OAuthApp {
  const fill = (url: string | undefined) =>
    url?.includes('{')
      ? url.replace(/\{(\w+)\}/g, (_m, name: string) => {
          const raw = fields[name];
          const v = typeof raw === 'string' ? raw.trim() : '';
          if (!v) {
            throw errors.badRequest(
              `The connection needs ${name}, which the provider's OAuth URL names`,
              'ConnectedAccount_MissingCredentials',
              `Give connection.data.${name} (or state.val.${name}) when creating the connected account.`,
            );
          }
          if (!DNS_LABEL.test(v)) {
            throw errors.badRequest(
              `${name} must be a single DNS label (letters, digits and inner hyphens), e.g. the part before .myshopify.com`,
              'Request_BadRequest',
            );
          }
          return v.toLowerCase();
        })
      : url;
  return { ...app, authorizationUrl: fill(app.authorizationUrl), tokenUrl: fill(app.tokenUrl) };
}
