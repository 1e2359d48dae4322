/**
 * Atlassian Cloud OAuth 2.0 (3LO), shared by Jira and Confluence. A 3LO access token is not
 * accepted on https://<site>.atlassian.net: calls go through Atlassian's gateway,
 * https://api.atlassian.com/ex/<product>/<cloud id>/…, and the cloud id is learnt after the token
 * exchange from the list of sites the token reaches (accessible-resources). The authorize request
 * must name the gateway as audience and ask for consent; `offline_access` brings a refresh token.
 *
 * Site choice, when the grant reaches several sites: the one whose cloud id, or whose
 * <subdomain>.atlassian.net, the connection named; if it named none (or none matches), the first.
 */
import type { AuthField, AuthSchemeDef } from '../types';
import { field, oauth2Scheme } from './toolkit-def';

export const ATLASSIAN_AUTHORIZE_URL = 'https://auth.atlassian.com/authorize';
export const ATLASSIAN_TOKEN_URL = 'https://auth.atlassian.com/oauth/token';
export const ATLASSIAN_SITES_URL = 'https://api.atlassian.com/oauth/token/accessible-resources';

/** Gateway base of a product: `{cloud_id}` is filled from the account (stored by the callback). */
export const atlassianGateway = (product: 'jira' | 'confluence', suffix = '') =>
  `https://api.atlassian.com/ex/${product}/{cloud_id}${suffix}`;

export const SITE_SUBDOMAIN_HINT = field(
  'subdomain',
  'Site subdomain',
  'Optional: <subdomain> of <subdomain>.atlassian.net, to pick that site when you can reach several (else the first one you grant)',
  false,
);

export function atlassianOAuth2(o: {
  scopes: string[];
  /** the product's gateway base, e.g. atlassianGateway('jira') */
  baseUrl: string;
  /** optional connection fields that help pick the site */
  hints?: AuthField[];
}): AuthSchemeDef {
  const scopes = o.scopes.includes('offline_access') ? o.scopes : [...o.scopes, 'offline_access'];
  const scheme = oauth2Scheme({
    authorizationUrl: ATLASSIAN_AUTHORIZE_URL,
    tokenUrl: ATLASSIAN_TOKEN_URL,
    scopes,
    // required by Atlassian's authorize endpoint for 3LO apps
    authParams: { audience: 'api.atlassian.com', prompt: 'consent' },
  });
  scheme.authConfigFields.optional.push(
    field(
      'accessible_resources_url',
      'Sites URL',
      "Override the endpoint that lists the sites a token reaches (Atlassian's accessible-resources)",
      false,
    ),
  );
  scheme.connectionFields = { required: [], optional: o.hints ?? [SITE_SUBDOMAIN_HINT] };
  scheme.baseUrl = o.baseUrl;
  scheme.oauth = { ...scheme.oauth, accessibleResourcesUrl: ATLASSIAN_SITES_URL };
  return scheme;
}
