import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { flood } from '../tests/helpers/flood';
import { ROOT, startArgs, startServer, type TestServer } from '../tests/helpers/server';

/**
 * Item 1 of issue 25, measured: a production server (a `next build` and `dist/server.mjs`, started
 * with `npm start`'s own Node flags and environment) gets one large chunked body per path, from a
 * client that stops writing as soon as the server answers or closes. Per path it prints the bytes
 * the client got written before that, the status (none when the server closed first), how the
 * exchange ended, and the server's resident-memory growth (peak VmRSS during the request minus
 * VmRSS before it, sampled every 25 ms) and its VmHWM afterwards.
 *
 *   npx tsx bench/body-flood.ts [--root <checkout>] [--mb 200] [--json <file>]
 *
 * `--root` runs another checkout (an earlier commit, built the same way) with this script, so the
 * before and after figures come from one client. The checkout needs `.next` (from `next build`),
 * `dist/server.mjs` and `dist/pglite-template`.
 *
 * A path whose flood lifted memory by 50 MB or more leaves a larger heap behind, which would hide
 * the next path's growth: the server is restarted after such a path.
 */
const MB = 1024 * 1024;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const root = path.resolve(arg('root') ?? ROOT);
const bigMb = Number(arg('mb') ?? 200);
const jsonOut = arg('json');

function vm(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** One small request, so first-use work (module loading, route setup) is not counted as the flood's. */
function warm(base: string, p: string, method: string, headers: Record<string, string>): Promise<void> {
  const u = new URL(base);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: p,
        method,
        agent: false,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve());
        res.on('error', () => resolve());
      },
    );
    req.on('error', () => resolve());
    req.end('{}');
  });
}

async function start(): Promise<TestServer> {
  const s = await startServer({
    args: startArgs(),
    cwd: root,
    engine: 'pglite',
    env: { JUNCTION_DASHBOARD: 'on', JUNCTION_VALIDATE_RESPONSES: '0', LOG_LEVEL: 'error' },
    startTimeoutMs: 240_000,
  });
  // Next.js finishes loading in the background: wait for a page, so memory measured later is the requests'.
  const deadline = Date.now() + 240_000;
  while ((await fetch(`${s.url}/sign-in`).catch(() => undefined))?.status !== 200) {
    if (Date.now() > deadline) throw new Error(`the dashboard did not start:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return s;
}

/** The path of a valid signed upload URL (its route reads the body once the signature checks out). */
async function objectPath(s: TestServer): Promise<string> {
  const body = Buffer.from('x');
  const r = await s.api('POST', '/files/upload/request', {
    filename: 'f.bin',
    md5: createHash('md5').update(body).digest('hex'),
    mimetype: 'application/octet-stream',
    tool_slug: 'X',
    toolkit_slug: 'y',
  });
  if (r.status !== 201 && r.status !== 200) throw new Error(`upload request: ${r.status} ${JSON.stringify(r.body)}`);
  return (
    new URL(r.body.new_presigned_url).pathname.replace(/^\/api\/v3/, '') + new URL(r.body.new_presigned_url).search
  );
}

interface Case {
  name: string;
  path: (obj: string) => string;
  method?: string;
  headers?: Record<string, string>;
  mb?: number;
  keyed?: boolean;
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const octet = { 'content-type': 'application/octet-stream' };
const cases: Case[] = [
  { name: 'POST /api/auth/callback/credentials', path: () => '/api/auth/callback/credentials', headers: form },
  { name: 'POST /api/auth/signin/credentials', path: () => '/api/auth/signin/credentials', headers: form },
  {
    name: 'POST /sign-in (server action)',
    path: () => '/sign-in',
    headers: { 'next-action': 'a'.repeat(42), 'content-type': 'text/plain;charset=UTF-8' },
  },
  { name: 'POST /setup (page)', path: () => '/setup', headers: form },
  { name: 'POST /api/dash/v3/tools/execute/X', path: () => '/api/dash/v3/tools/execute/X' },
  {
    name: 'POST /api/dash/files/upload',
    path: () => '/api/dash/files/upload',
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
  },
  { name: 'PUT /api/v3/files/objects/{token}', path: (o) => `/api/v3${o}`, method: 'PUT', headers: octet },
  { name: 'PUT /x/../api/v3/files/objects/{token}', path: (o) => `/x/../api/v3${o}`, method: 'PUT', headers: octet },
  { name: 'PUT /api/./v3/files/objects/{token}', path: (o) => `/api/./v3${o}`, method: 'PUT', headers: octet },
  {
    name: 'POST /x/../api/v3/mcp/{id}/mcp',
    path: () => '/x/../api/v3/mcp/00000000-0000-4000-8000-000000000001/mcp?user_id=u',
  },
  { name: 'POST /x/../api/v3/tools/execute/X (keyed)', path: () => '/x/../api/v3/tools/execute/X', keyed: true },
  { name: 'POST /oauth/token', path: () => '/oauth/token', headers: form },
  { name: 'POST /oauth/token (11 MB)', path: () => '/oauth/token', headers: form, mb: 11 },
  { name: 'POST /oauth/register', path: () => '/oauth/register' },
  { name: 'POST /oauth/register (11 MB)', path: () => '/oauth/register', mb: 11 },
];

interface Row {
  path: string;
  body_mb: number;
  sent_mb: number;
  status: number | string;
  ended: string;
  rss_growth_mb: number;
  hwm_mb: number;
}

async function main() {
  console.error(`body floods against ${root} (${bigMb} MB unless stated)`);
  let s = await start();
  let obj = await objectPath(s);
  const rows: Row[] = [];
  for (const c of cases) {
    const headers = { ...(c.headers ?? {}), ...(c.keyed ? { 'x-api-key': s.apiKey } : {}) };
    const p = c.path(obj);
    await warm(s.url, p, c.method ?? 'POST', headers);
    const pid = s.proc.pid!;
    const r = await flood(s.url, {
      path: p,
      method: c.method,
      headers,
      total: (c.mb ?? bigMb) * MB,
      pid,
      timeoutMs: 180_000,
    });
    let hwm = 0;
    try {
      hwm = vm(pid, 'VmHWM');
    } catch {
      /* the process ended */
    }
    const alive = s.proc.exitCode === null && s.proc.signalCode === null;
    const row: Row = {
      path: c.name,
      body_mb: c.mb ?? bigMb,
      sent_mb: Number((r.sent / MB).toFixed(1)),
      status: r.status ?? (alive ? 'closed' : 'server died'),
      ended: r.ended,
      rss_growth_mb: Number((r.rssGrowth / MB).toFixed(1)),
      hwm_mb: Number((hwm / MB).toFixed(0)),
    };
    rows.push(row);
    console.error(JSON.stringify(row));
    if (!alive || r.rssGrowth >= 50 * MB) {
      await s.stop();
      fs.rmSync(s.dataDir, { recursive: true, force: true });
      s = await start();
      obj = await objectPath(s);
    }
  }
  await s.stop();
  fs.rmSync(s.dataDir, { recursive: true, force: true });
  console.log('| path | body MB | sent MB | status | ended | RSS growth MB | VmHWM MB |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.path} | ${r.body_mb} | ${r.sent_mb} | ${r.status} | ${r.ended} | ${r.rss_growth_mb} | ${r.hwm_mb} |`,
    );
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ root, rows }, null, 1));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
