import { expect, test } from './support/test';
import type { TestServer } from '../tests/helpers/server';
import { dropServer, ownServer } from './support/own-server';

/**
 * Behind a TLS proxy the dashboard listens on an internal port while browsers use JUNCTION_PUBLIC_URL.
 * next-auth's routes must build their URLs (the OIDC redirect_uri, the redirect after sign-in) on the
 * public address: Next.js alone gives its route handlers the listening port (`https://host:PORT`),
 * which the identity provider and the browser cannot use.
 */
let s: TestServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  s = await ownServer('pglite', { JUNCTION_PUBLIC_URL: 'https://junction.example.test' });
});
test.afterAll(async () => {
  await dropServer(s);
});

test("next-auth's sign-in and callback URLs are on the public URL, not the listening port", async () => {
  // As the proxy forwards it: the public host name, https, to the internal port.
  const r = await fetch(`${s.url}/api/auth/providers`, {
    headers: { host: 'junction.example.test', 'x-forwarded-proto': 'https' },
  });
  expect(r.status).toBe(200);
  const providers = (await r.json()) as Record<string, { signinUrl: string; callbackUrl: string }>;
  expect(providers.credentials?.signinUrl).toBe('https://junction.example.test/api/auth/signin/credentials');
  expect(providers.credentials?.callbackUrl).toBe('https://junction.example.test/api/auth/callback/credentials');
});
