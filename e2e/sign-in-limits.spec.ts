import http from 'node:http';
import { randomBytes, scryptSync } from 'node:crypto';
import pg from 'pg';
import { expect, test } from './support/test';
import type { TestServer } from '../tests/helpers/server';
import { openDatabase } from '../lib/db/client';
import { dropServer, ENGINES, ownServer, restartOwn } from './support/own-server';

/**
 * Password sign-in against a real server (next-auth's credentials endpoint, as the sign-in form
 * posts it), from several loopback addresses (127.0.0.x are all this machine): the attempt is
 * counted before the password is checked, so parallel guesses get no more than the limit; a lock
 * holds one address, not the account; one address cannot spray many accounts; an admin whose hash
 * predates today's scrypt parameters gets a new hash on sign-in.
 */
test.describe.configure({ mode: 'serial' });

const admin = { email: 'throttle-admin@example.com', password: 'the right admin password' };

interface Res {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; from: string },
): Promise<Res> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: opts.method ?? 'GET',
        headers: opts.headers,
        localAddress: opts.from,
      },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const cookiesOf = (r: Res) => (r.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');

/** One sign-in attempt: 'ok', 'wrong' (checked and refused) or 'locked' (refused unchecked). */
async function attempt(
  s: TestServer,
  email: string,
  password: string,
  from: string,
): Promise<'ok' | 'wrong' | 'locked'> {
  const csrf = await send(`${s.url}/api/auth/csrf`, { from });
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const r = await send(`${s.url}/api/auth/callback/credentials`, {
    method: 'POST',
    from,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiesOf(csrf) },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: '/' }).toString(),
  });
  const location = String(r.headers.location ?? '');
  if (/code=rate_limited/.test(location)) return 'locked';
  if (/error=/.test(location)) return 'wrong';
  expect(r.status).toBe(302);
  expect(cookiesOf(r)).toMatch(/session-token=/);
  return 'ok';
}

const tally = (rs: string[]) => rs.reduce<Record<string, number>>((m, r) => ({ ...m, [r]: (m[r] ?? 0) + 1 }), {});

for (const engine of ENGINES) {
  test.describe(engine, () => {
    let s: TestServer;
    test.beforeAll(async () => {
      test.setTimeout(240_000);
      s = await ownServer(engine, { JUNCTION_ADMIN_EMAIL: admin.email, JUNCTION_ADMIN_PASSWORD: admin.password });
    });
    test.afterAll(async () => {
      await dropServer(s);
    });

    test('parallel guesses get no more than the limit; the lock holds that address, not the admin', async () => {
      test.setTimeout(300_000);
      // Twelve wrong passwords at once from one address: five are checked, the rest refused unchecked.
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => attempt(s, admin.email, `wrong guess ${i}`, '127.0.0.2')),
      );
      expect(tally(results)).toEqual({ wrong: 5, locked: 7 });
      // Even the right password is refused from that address now ...
      expect(await attempt(s, admin.email, admin.password, '127.0.0.2')).toBe('locked');
      // ... while the admin signs in from another.
      expect(await attempt(s, admin.email, admin.password, '127.0.0.3')).toBe('ok');
    });

    test('one address cannot spray many accounts', async () => {
      test.setTimeout(300_000);
      const emails = Array.from({ length: 20 }, (_, i) => `sprayed-${i}@example.com`);
      const results = await Promise.all(emails.map((e) => attempt(s, e, 'password123456', '127.0.0.4')));
      expect(tally(results)).toEqual({ wrong: 20 });
      expect(await attempt(s, 'one-more@example.com', 'password123456', '127.0.0.4')).toBe('locked');
      expect(await attempt(s, 'one-more@example.com', 'password123456', '127.0.0.5')).toBe('wrong');
      expect(await attempt(s, admin.email, admin.password, '127.0.0.5')).toBe('ok');
    });

    test('a hash with older scrypt parameters is verified with them and replaced at sign-in', async () => {
      test.setTimeout(300_000);
      // The hash the previous release stored (N=2^15), written while the server is stopped.
      const salt = randomBytes(16);
      const old = [
        'scrypt',
        2 ** 15,
        8,
        1,
        salt.toString('base64url'),
        scryptSync(admin.password, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }).toString(
          'base64url',
        ),
      ].join('$');
      const storedHash = async (write?: string): Promise<string> => {
        if (s.databaseUrl) {
          const c = new pg.Client({ connectionString: s.databaseUrl });
          await c.connect();
          try {
            if (write)
              await c.query('update dashboard_admins set password_hash = $1 where email = $2', [write, admin.email]);
            return (await c.query('select password_hash from dashboard_admins where email = $1', [admin.email])).rows[0]
              .password_hash;
          } finally {
            await c.end();
          }
        }
        const db = await openDatabase({ dataDir: s.dataDir });
        try {
          if (write)
            await db.query('update dashboard_admins set password_hash = $1 where email = $2', [write, admin.email]);
          return (
            await db.query<{ password_hash: string }>('select password_hash from dashboard_admins where email = $1', [
              admin.email,
            ])
          ).rows[0]!.password_hash;
        } finally {
          await db.close();
        }
      };
      await s.stop();
      expect(await storedHash(old)).toBe(old);
      s = await restartOwn(s);
      expect(await attempt(s, admin.email, 'not the password', '127.0.0.6')).toBe('wrong');
      expect(await attempt(s, admin.email, admin.password, '127.0.0.6')).toBe('ok');
      await s.stop();
      const now = await storedHash();
      expect(now).not.toBe(old);
      expect(Number(now.split('$')[1])).toBeGreaterThanOrEqual(2 ** 17);
      s = await restartOwn(s);
      expect(await attempt(s, admin.email, admin.password, '127.0.0.6')).toBe('ok');
    });
  });
}
