import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startServer, type TestServer } from '../helpers/server';
import { optOutOfMasking } from '../helpers/unmasked';
import { startOAuth2Provider, type OAuth2Provider } from '../helpers/oauth-provider';
import { connectOAuth2, followUntil, oauth2Config, runCli, sqlDirect } from '../helpers/oauth-flow';

let s: TestServer;
let p: OAuth2Provider;
beforeAll(async () => {
  p = await startOAuth2Provider();
  s = await startServer();
  // these suites check the stored credentials themselves, so they read them in clear
  await optOutOfMasking(s);
});
afterAll(async () => {
  await s?.stop();
  await p?.stop();
});

const refreshes = (since: number) =>
  p.tokenRequests.slice(since).filter((t) => t.grant_type === 'refresh_token' || t.grant_type === '');

async function account(id: string) {
  return (await s.api('GET', `/connected_accounts/${id}`)).body;
}

/** Stop the embedded server while SQL or the CLI uses its database; PostgreSQL is shared. */
async function offline<T>(fn: () => Promise<T>): Promise<T> {
  if (s.databaseUrl) return fn();
  await s.stop();
  try {
    return await fn();
  } finally {
    s = await s.restart();
  }
}

async function expiredEvents(accountId: string) {
  return offline(() =>
    sqlDirect(
      s,
      `select data from events where type = 'composio.connected_account.expired' and data->>'connected_account_id' = $1`,
      [accountId],
    ),
  );
}

describe('token lifecycle', () => {
  it('refresh when due; a rotated refresh token is stored and used next time', async () => {
    const ac = await oauth2Config(s, p);
    p.expiresIn = 60; // inside the refresh margin: due at once
    let id: string;
    try {
      id = await connectOAuth2(s, ac);
    } finally {
      p.expiresIn = 3600;
    }
    const first = (await account(id)).state.val;

    const n = p.tokenRequests.length;
    const r = await s.api('POST', `/connected_accounts/${id}/token_refresh`, {});
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, refreshed: true, expires_at: expect.any(String) });
    expect(refreshes(n)).toHaveLength(1);
    expect(p.tokenRequests[n]!.refresh_token).toBe(first.refresh_token);
    const second = (await account(id)).state.val;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token); // rotated by the provider, stored by us
    expect(p.issuedRefreshTokens).toContain(second.refresh_token);

    // not due any more (3600 s): no provider call
    const again = await s.api('POST', `/connected_accounts/${id}/token_refresh`, {});
    expect(again.body.refreshed).toBe(false);
    expect(refreshes(n)).toHaveLength(1);

    // forced (as after a 401): uses the rotated token; the old one is revoked at the provider
    const forced = await s.api('POST', `/connected_accounts/${id}/token_refresh`, { force: true });
    expect(forced.body.refreshed).toBe(true);
    expect(p.tokenRequests.at(-1)!.refresh_token).toBe(second.refresh_token);
    expect((await account(id)).status).toBe('ACTIVE');
  });

  it('a provider that does not rotate keeps the refresh token we have', async () => {
    const ac = await oauth2Config(s, p);
    const id = await connectOAuth2(s, ac);
    const before = (await account(id)).state.val.refresh_token;
    p.rotateRefreshTokens = false;
    try {
      const r = await s.api('POST', `/connected_accounts/${id}/token_refresh`, { force: true });
      expect(r.body.refreshed).toBe(true);
    } finally {
      p.rotateRefreshTokens = true;
    }
    expect((await account(id)).state.val.refresh_token).toBe(before);
  });

  it('invalid_grant → EXPIRED "Permanent auth error during token refresh" and the expired event', async () => {
    const ac = await oauth2Config(s, p);
    const id = await connectOAuth2(s, ac);
    p.refreshFailure = 'invalid_grant';
    try {
      const r = await s.api('POST', `/connected_accounts/${id}/token_refresh`, { force: true });
      expect(r.status).toBe(400);
      expect(r.body.error.slug).toBe('ConnectedAccount_NotActive');
    } finally {
      p.refreshFailure = null;
    }
    const acc = await account(id);
    expect(acc.status).toBe('EXPIRED');
    expect(acc.status_reason).toBe('Permanent auth error during token refresh');
    expect(acc.state.val).toMatchObject({ status: 'EXPIRED', error: 'invalid_grant', expired_at: expect.any(String) });
    expect(acc.state.val.access_token).toBeUndefined();
    const ev = await expiredEvents(id);
    expect(ev).toHaveLength(1);
    expect(ev[0]!.data).toMatchObject({
      connected_account_id: id,
      status: 'EXPIRED',
      status_reason: 'Permanent auth error during token refresh',
    });
  }, 240_000);

  it('transient failures count toward the threshold (5) → EXPIRED "Max auth failures reached"', async () => {
    const ac = await oauth2Config(s, p);
    const id = await connectOAuth2(s, ac);
    p.refreshFailure = 'unavailable';
    try {
      for (let i = 1; i <= 4; i++) {
        const r = await s.api('POST', `/connected_accounts/${id}/token_refresh`, { force: true });
        expect(r.status).toBe(502);
        expect((await account(id)).status).toBe('ACTIVE');
      }
      const last = await s.api('POST', `/connected_accounts/${id}/token_refresh`, { force: true });
      expect(last.status).toBe(400);
    } finally {
      p.refreshFailure = null;
    }
    const acc = await account(id);
    expect(acc.status).toBe('EXPIRED');
    expect(acc.status_reason).toBe('Max auth failures reached');
    expect(await expiredEvents(id)).toHaveLength(1);
  }, 240_000);

  it('a success resets the failure count', async () => {
    const ac = await oauth2Config(s, p);
    const id = await connectOAuth2(s, ac);
    p.refreshFailure = 'unavailable';
    try {
      for (let i = 0; i < 4; i++)
        expect((await s.api('POST', `/connected_accounts/${id}/token_refresh`, { force: true })).status).toBe(502);
    } finally {
      p.refreshFailure = null;
    }
    expect((await s.api('POST', `/connected_accounts/${id}/token_refresh`, { force: true })).body.refreshed).toBe(true);
    p.refreshFailure = 'unavailable';
    try {
      for (let i = 0; i < 4; i++)
        expect((await s.api('POST', `/connected_accounts/${id}/token_refresh`, { force: true })).status).toBe(502);
    } finally {
      p.refreshFailure = null;
    }
    expect((await account(id)).status).toBe('ACTIVE');
  });

  it('the scheduled refresher renews tokens that expire soon (run once through the CLI)', async () => {
    const ac = await oauth2Config(s, p);
    p.expiresIn = 400; // beyond the 5-minute margin of tool calls, within the refresher's 10 minutes
    let id: string;
    try {
      id = await connectOAuth2(s, ac);
    } finally {
      p.expiresIn = 3600;
    }
    expect((await s.api('POST', `/connected_accounts/${id}/token_refresh`, {})).body.refreshed).toBe(false);
    const token = (await account(id)).state.val.access_token;
    const n = p.tokenRequests.length;
    const r = await offline(async () => runCli(s, ['jobs', 'run', 'oauth.refresh-due-tokens']));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(refreshes(n).length).toBeGreaterThanOrEqual(1);
    expect((await account(id)).state.val.access_token).not.toBe(token);
  }, 240_000);

  it(
    engine() === 'postgres'
      ? '100 concurrent refreshes of an expired token from two server processes: exactly one token request'
      : '100 concurrent refreshes of an expired token: exactly one token request',
    async () => {
      const ac = await oauth2Config(s, p);
      p.expiresIn = 60;
      let id: string;
      try {
        id = await connectOAuth2(s, ac);
      } finally {
        p.expiresIn = 3600;
      }
      const second = engine() === 'postgres' ? await s.restart() : s;
      p.tokenDelayMs = 300; // a slow provider widens the race
      try {
        const n = p.tokenRequests.length;
        const calls = Array.from({ length: 100 }, (_, i) =>
          (i % 2 ? second : s).api('POST', `/connected_accounts/${id}/token_refresh`, {}),
        );
        const results = await Promise.all(calls);
        expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
        expect(results.filter((r) => r.body.refreshed)).toHaveLength(1);
        expect(refreshes(n)).toHaveLength(1);
        expect(p.tokenRequests.length - n).toBe(1);
        const acc = await account(id);
        expect(acc.status).toBe('ACTIVE');
        expect(p.issuedRefreshTokens.at(-1)).toBe(acc.state.val.refresh_token);
      } finally {
        p.tokenDelayMs = 0;
        if (second !== s) await second.stop();
      }
    },
  );
});

describe('initiation expiry (10 minutes, controllable clock)', () => {
  it('the expire job leaves a fresh INITIATED account alone and expires it once the clock is 11 minutes on', async () => {
    const ac = await oauth2Config(s, p);
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac },
      connection: { user_id: 'late', callback_url: 'http://app.example.test/done' },
    });
    const id = r.body.id as string;
    const redirectUrl = r.body.connectionData.val.redirectUrl as string;
    await offline(async () => {
      const now = await runCli(s, ['jobs', 'run', 'connections.expire-initiations']);
      expect(now.status).toBe(0);
    });
    expect((await account(id)).status).toBe('INITIATED');
    await offline(async () => {
      const later = await runCli(s, ['jobs', 'run', 'connections.expire-initiations'], {
        JUNCTION_CLOCK_OFFSET_MS: String(11 * 60 * 1000),
      });
      expect(later.status).toBe(0);
    });
    const acc = await account(id);
    expect(acc.status).toBe('EXPIRED');
    expect(acc.status_reason).toBe('Connection initiation did not complete within 10 minutes');
    expect(await expiredEvents(id)).toHaveLength(1);
    // the user comes back late (to this server's callback): the account does not come alive
    const got = await p.authorizeOnly(redirectUrl);
    const cb = new URL(`${s.url}/api/v3/toolkits/auth/callback`);
    cb.searchParams.set('code', got.code);
    cb.searchParams.set('state', got.state);
    const done = await followUntil(cb.toString(), 'http://app.example.test/done');
    expect(done.final.searchParams.get('status')).toBe('failed');
    expect((await account(id)).status).toBe('EXPIRED');
  }, 240_000);

  it('a callback arriving after the state expired is refused', async () => {
    const ac = await oauth2Config(s, p);
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac },
      connection: { user_id: 'slow', callback_url: 'http://app.example.test/done' },
    });
    const got = await p.authorizeOnly(r.body.connectionData.val.redirectUrl);
    // the same database, served by a process whose clock is 11 minutes ahead
    if (!s.databaseUrl) await s.stop();
    const later = await startServer({ reuse: s, env: { JUNCTION_CLOCK_OFFSET_MS: String(11 * 60 * 1000) } });
    try {
      const cb = new URL(`${later.url}/api/v3/toolkits/auth/callback`);
      cb.searchParams.set('code', got.code);
      cb.searchParams.set('state', got.state);
      const done = await followUntil(cb.toString(), 'http://app.example.test/done');
      expect(done.final.searchParams.get('status')).toBe('failed');
      expect(done.final.searchParams.get('error')).toBe('expired');
      expect((await later.api('GET', `/connected_accounts/${r.body.id}`)).body.status).not.toBe('ACTIVE');
    } finally {
      await later.stop();
      if (!s.databaseUrl) s = await s.restart();
    }
  }, 240_000);
});
