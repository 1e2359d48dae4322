import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from '../tests/helpers/server';

/**
 * Baselines for the benches, each in its own Node process so that it never shares an event loop
 * with the load generator (which would flatter Junction's ratio) nor with Junction. They are
 * written in plain JavaScript with the same libraries Junction uses (node:http, pg, undici), and do
 * only the essential work of the route they stand beside.
 */

/** `GET /{id}`: the account query of `GET /connected_accounts/{id}`, one prepared statement, JSON back. */
const BARE_ACCOUNT_READ = `
const http = require('node:http');
const pg = require('pg');
const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
const text = \`select ca.*, ac.id as ac_id, ac.uuid as ac_uuid, ac.type as ac_type, ac.status as ac_status, p.settings
  from connected_accounts ca join auth_configs ac on ac.id = ca.auth_config_id join projects p on p.id = ca.project_id
  where ca.id = $1 and ca.deleted_at is null limit 1\`;
const s = http.createServer(async (req, res) => {
  try {
    const r = await pool.query({ name: 'account_read', text, values: [req.url.split('/').pop()] });
    res.writeHead(r.rows[0] ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(r.rows[0] ?? null));
  } catch (e) { res.writeHead(500); res.end(String(e)); }
});
s.keepAliveTimeout = 120000;
s.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: s.address().port }) + '\\n'));
`;

/**
 * \`POST /{account id}\` with \`x-api-key\`: the essential work of a tool execution. Hash the key and
 * read the account of the key's project in one prepared query, AES-256-GCM-decrypt its state
 * (Junction's envelope: v1.<kid>.<iv>.<tag>.<ciphertext>), send \`GET /user\` with the bearer token to
 * the upstream over a keep-alive undici pool, and answer with the upstream's JSON wrapped like
 * Junction's result. No catalog, validation, logging or metrics.
 */
const BARE_PROXY = `
const http = require('node:http');
const crypto = require('node:crypto');
const pg = require('pg');
const { Pool } = require('undici');
const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
const upstream = new Pool(process.env.BARE_UPSTREAM, { connections: 64, keepAliveTimeout: 60000 });
const key = Buffer.from(process.env.BARE_ENCRYPTION_KEY, 'base64');
const text = \`select ca.state_enc from api_keys k join connected_accounts ca on ca.project_id = k.project_id
  where k.key_hash = $1 and k.revoked_at is null and ca.id = $2 and ca.deleted_at is null limit 1\`;
function decrypt(envelope) {
  const [, , iv, tag, ct] = envelope.split('.');
  const d = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return JSON.parse(Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8'));
}
const s = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    try {
      JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const hash = crypto.createHash('sha256').update(String(req.headers['x-api-key'])).digest('hex');
      const r = await pool.query({ name: 'bare_proxy', text, values: [hash, req.url.slice(1)] });
      if (!r.rows[0]) { res.writeHead(404); return res.end('{}'); }
      const val = decrypt(r.rows[0].state_enc);
      const up = await upstream.request({ path: '/user', method: 'GET', headers: { authorization: 'Bearer ' + val.api_key, accept: 'application/json' } });
      const data = await up.body.json();
      const out = JSON.stringify({ data, error: null, successful: up.statusCode === 200, log_id: 'log_bare' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(out);
    } catch (e) { res.writeHead(500); res.end(String(e)); }
  });
});
s.keepAliveTimeout = 120000;
s.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: s.address().port }) + '\\n'));
`;

export interface Child {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Run a script in its own Node process (resolving packages from the project) and wait for its port. */
export async function spawnScript(script: string, env: Record<string, string> = {}): Promise<Child> {
  const proc = spawn(process.execPath, ['-e', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buf = '';
    proc.stdout!.on('data', (d) => {
      buf += d;
      if (buf.includes('\n')) resolve((JSON.parse(buf.split('\n')[0]!) as { port: number }).port);
    });
    proc.once('exit', (code) => reject(new Error(`baseline process exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    proc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

export const startBareAccountRead = (databaseUrl: string) =>
  spawnScript(BARE_ACCOUNT_READ, { BARE_DATABASE_URL: databaseUrl });

export const startBareProxy = (o: { databaseUrl: string; upstream: string; encryptionKey: string }) =>
  spawnScript(BARE_PROXY, {
    BARE_DATABASE_URL: o.databaseUrl,
    BARE_UPSTREAM: o.upstream,
    BARE_ENCRYPTION_KEY: o.encryptionKey,
  });

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
