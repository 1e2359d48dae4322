import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { ROOT, type TestServer } from './server';

/**
 * Follow redirects by hand (as a browser would) until one leaves for `stopAt`; returns that URL.
 * `cookie` (`name=value`, as a Connect page set it) is sent to the OAuth callback, as a browser would.
 */
export async function followUntil(
  start: string,
  stopAt: string,
  max = 10,
  cookie?: string,
): Promise<{ final: URL; status: number; body?: string }> {
  let url = start;
  for (let i = 0; i < max; i++) {
    if (url.startsWith(stopAt)) return { final: new URL(url), status: 0 };
    const toCallback = new URL(url).pathname === '/api/v3/toolkits/auth/callback';
    const res = await fetch(url, { redirect: 'manual', headers: cookie && toCallback ? { cookie } : {} });
    const loc = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && loc) {
      url = new URL(loc, url).toString();
      continue;
    }
    return { final: new URL(url), status: res.status, body: await res.text() };
  }
  throw new Error(`too many redirects from ${start}`);
}

/** The `name=value` of a response's Set-Cookie (what a browser would send back). */
export function cookieOf(res: Response): string | undefined {
  return res.headers.get('set-cookie')?.split(';')[0];
}

/** SQL against the suite's database: beside the server (PostgreSQL) or while it is stopped (PGlite). */
export async function sqlDirect(
  s: TestServer,
  text: string,
  params: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  if (s.databaseUrl) {
    const c = new pg.Client({ connectionString: s.databaseUrl });
    await c.connect();
    try {
      return (await c.query(text, params)).rows;
    } finally {
      await c.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(s.dataDir, 'pglite'));
  try {
    return (await db.query<Record<string, unknown>>(text, params)).rows;
  } finally {
    await db.close();
  }
}

/** Several queries on one connection (one PGlite open for many statements). */
export async function withDb<T>(
  s: TestServer,
  fn: (q: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  if (s.databaseUrl) {
    const c = new pg.Client({ connectionString: s.databaseUrl });
    await c.connect();
    try {
      return await fn(async (t, p = []) => (await c.query(t, p)).rows);
    } finally {
      await c.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(s.dataDir, 'pglite'));
  try {
    return await fn(async (t, p = []) => (await db.query<Record<string, unknown>>(t, p)).rows);
  } finally {
    await db.close();
  }
}

/** An OAuth2 auth config pointed at a loopback provider. */
export async function oauth2Config(
  s: TestServer,
  p: { clientId: string; clientSecret: string; authorizeUrl: string; tokenUrl: string },
  extra: Record<string, unknown> = {},
  toolkit = 'github',
) {
  const r = await s.api('POST', '/auth_configs', {
    toolkit: { slug: toolkit },
    auth_config: {
      type: 'use_custom_auth',
      authScheme: 'OAUTH2',
      credentials: {
        client_id: p.clientId,
        client_secret: p.clientSecret,
        authorization_url: p.authorizeUrl,
        token_url: p.tokenUrl,
        scopes: ['repo', 'user'],
        ...extra,
      },
    },
  });
  if (r.status !== 201) throw new Error(`auth config: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.auth_config.id as string;
}

/**
 * `npm run cli -- …` against the suite's database, with extra environment (e.g. a shifted clock).
 * Asynchronous: the loopback providers live in this process and must keep answering meanwhile.
 */
export function runCli(
  s: TestServer,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...s.env, ...env, TEST_ENGINE: '', VITEST: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const t = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(t);
      resolve({ status, stdout, stderr });
    });
  });
}

/** Complete an OAuth2 flow against the loopback provider; returns the ACTIVE account id. */
export async function connectOAuth2(
  s: TestServer,
  acId: string,
  user = 'u1',
  callback = 'http://app.example.test/done',
) {
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: acId },
    connection: { user_id: user, callback_url: callback },
  });
  if (r.status !== 201) throw new Error(`initiate: ${r.status} ${JSON.stringify(r.body)}`);
  const done = await followUntil(r.body.connectionData.val.redirectUrl, callback);
  if (done.final.searchParams.get('status') !== 'success') throw new Error(`flow failed: ${done.final}`);
  return r.body.id as string;
}
