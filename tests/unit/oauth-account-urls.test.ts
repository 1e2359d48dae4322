import { describe, expect, it } from 'vitest';
import { withAccountUrls } from '../../lib/services/oauth/account-urls';
import type { OAuthApp } from '../../lib/services/oauth/provider';

// Per-tenant OAuth endpoints (Shopify's shop): the connection's field fills the host, and only a
// single DNS label is accepted, so an end user cannot send the code or the client secret elsewhere.
const app: OAuthApp = {
  mode: 'OAUTH2',
  clientId: 'c',
  clientSecret: 's',
  authorizationUrl: 'https://{shop}.myshopify.com/admin/oauth/authorize',
  tokenUrl: 'https://{shop}.myshopify.com/admin/oauth/access_token',
  scopes: [],
  scopeSeparator: ',',
  redirectUri: 'http://localhost/cb',
  grantType: 'authorization_code',
  tokenAuthMethod: 'client_secret_post',
  extraAuthParams: {},
};

describe('withAccountUrls', () => {
  it("fills both endpoints from the account's field", () => {
    const a = withAccountUrls(app, { shop: 'Acme-Store' });
    expect(a.authorizationUrl).toBe('https://acme-store.myshopify.com/admin/oauth/authorize');
    expect(a.tokenUrl).toBe('https://acme-store.myshopify.com/admin/oauth/access_token');
  });

  it('leaves endpoints without templates as they are', () => {
    const plain = { ...app, authorizationUrl: 'https://x.example/authorize', tokenUrl: 'https://x.example/token' };
    expect(withAccountUrls(plain, {})).toEqual(plain);
  });

  it.each(['evil.example/#', 'a.b', 'x@evil.example', '-bad', ''])('refuses %j with a 400', (shop) => {
    expect(() => withAccountUrls(app, { shop })).toThrowError(expect.objectContaining({ status: 400 }));
  });
});
