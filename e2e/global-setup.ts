import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { STATE_DIR, STATE_FILE, v3, type E2EServer } from './support/server';
import { acmeOpenApi } from '../tests/fixtures/acme-openapi';

declare global {
  var __e2eUpstream: http.Server | undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** The stand-in third-party API (custom toolkit "acme") and webhook receiver. */
function startUpstream(port: number): Promise<http.Server> {
  const received: unknown[] = [];
  const srv = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url?.startsWith('/items')) {
        res.writeHead(req.headers['x-api-key'] ? 200 : 401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            items: [
              { id: 1, name: 'first item' },
              { id: 2, name: 'second item' },
            ],
            key_seen: Boolean(req.headers['x-api-key']),
          }),
        );
      } else if (req.url?.startsWith('/hooks')) {
        received.push(body);
        res.writeHead(200).end('ok');
      } else if (req.url?.startsWith('/received')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      } else res.writeHead(404).end();
    });
  });
  return new Promise((resolve) => srv.listen(port, '127.0.0.1', () => resolve(srv)));
}

async function waitFor(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url, { redirect: 'manual' });
      if (r.status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} in ${ms} ms`);
}

export default async function globalSetup() {
  fs.mkdirSync(STATE_DIR, { recursive: true });
  const [port, upstreamPort] = [await freePort(), await freePort()];
  globalThis.__e2eUpstream = await startUpstream(upstreamPort);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-e2e-'));
  const s: E2EServer = {
    url: `http://127.0.0.1:${port}`,
    apiUrl: `http://127.0.0.1:${port}/api/v3`,
    apiKey: `ak_e2e${'x'.repeat(10)}${Math.random().toString(36).slice(2, 14)}`,
    orgKey: `oak_e2e${'y'.repeat(10)}${Math.random().toString(36).slice(2, 14)}`,
    admin: { email: 'admin@example.com', password: 'e2e-password-long-enough' },
    upstreamUrl: `http://127.0.0.1:${upstreamPort}`,
    pid: 0,
    dataDir,
    seed: {},
  };
  const log = fs.openSync(path.join(STATE_DIR, 'server.log'), 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      JUNCTION_DATA_DIR: dataDir,
      JUNCTION_PUBLIC_URL: s.url,
      JUNCTION_API_KEY: s.apiKey,
      JUNCTION_ORG_API_KEY: s.orgKey,
      JUNCTION_ADMIN_EMAIL: s.admin.email,
      JUNCTION_ADMIN_PASSWORD: s.admin.password,
      JUNCTION_ALLOW_INSECURE_URLS: '1',
      // The budget spec seeds 10,000 accounts through one key; the limits themselves are tested in
      // tests/integration/rate-limits*.test.ts.
      JUNCTION_RATE_LIMIT_PER_MINUTE: '1000000',
      JUNCTION_RATE_LIMIT_IP_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', log, log],
    detached: false,
  });
  s.pid = child.pid!;
  fs.writeFileSync(STATE_FILE, JSON.stringify(s, null, 2));
  await waitFor(`${s.url}/api/health`, 90_000);
  await waitFor(`${s.url}/sign-in`, 90_000);

  // Seed through the API, like any client would.
  await v3(
    'POST',
    '/toolkits/custom',
    {
      slug: 'acme',
      name: 'Acme',
      description: 'Acme test API (local stand-in)',
      base_url: s.upstreamUrl,
      document: acmeOpenApi(s.upstreamUrl),
    },
    s,
  );
  const acme = await v3(
    'POST',
    '/auth_configs',
    { toolkit: { slug: 'acme' }, auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', name: 'Acme keys' } },
    s,
  );
  s.seed.acmeAuthConfig = acme.auth_config.id;
  for (const user of ['alice', 'bob', 'carol']) {
    const a = await v3(
      'POST',
      '/connected_accounts',
      {
        auth_config: { id: s.seed.acmeAuthConfig },
        connection: {
          user_id: user,
          alias: `${user}-acme`,
          state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: `sk_live_${user}_secret_value_123456` } },
        },
      },
      s,
    );
    s.seed[`acme_${user}`] = a.id;
  }
  const gh = await v3(
    'POST',
    '/auth_configs',
    {
      toolkit: { slug: 'github' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', name: 'GitHub keys' },
    },
    s,
  );
  s.seed.githubAuthConfig = gh.auth_config.id;
  const ghAcc = await v3(
    'POST',
    '/connected_accounts',
    {
      auth_config: { id: s.seed.githubAuthConfig },
      connection: {
        user_id: 'alice',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'ghp_e2e_not_a_real_token_000000' } },
      },
    },
    s,
  ).catch((e: Error) => ({ id: '', error: e.message }));
  s.seed.github_alice = ghAcc.id;
  fs.writeFileSync(STATE_FILE, JSON.stringify(s, null, 2));
}
