import { describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server';

/**
 * OIDC for the dashboard needs an email allowlist: without one every account at the identity
 * provider could sign in, so the server refuses to start and says what to set. (API-only here: the
 * check does not depend on Next.js. The sign-in itself is tested in e2e/oidc.spec.ts.)
 */
describe('OIDC settings checked at start', { timeout: 120_000 }, () => {
  it('refuses to start with an OIDC issuer and no email allowlist', async () => {
    const err = await startServer({
      env: {
        JUNCTION_OIDC_ISSUER: 'https://idp.example.com',
        JUNCTION_OIDC_CLIENT_ID: 'junction',
        JUNCTION_OIDC_CLIENT_SECRET: 'secret',
      },
    }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/server exited \(1\)/);
    expect(err?.message).toContain('JUNCTION_OIDC_ISSUER is set but JUNCTION_OIDC_ALLOWED_EMAILS is empty');
    expect(err?.message).toContain('Refusing to start');
  });

  it('starts with an OIDC issuer and an allowlist', async () => {
    const s = await startServer({
      env: {
        JUNCTION_OIDC_ISSUER: 'https://idp.example.com',
        JUNCTION_OIDC_CLIENT_ID: 'junction',
        JUNCTION_OIDC_ALLOWED_EMAILS: 'ops@example.com,@example.org',
      },
    });
    try {
      expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    } finally {
      await s.stop();
    }
  });
});
