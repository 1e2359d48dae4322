import fs from 'node:fs';
import path from 'node:path';
import { Pool } from 'undici';
import { startServer } from '../tests/helpers/server';
import { spawnScript } from './baselines';
import { serverArgs } from './lib';
import trackDatabases from '../tests/helpers/global-setup';

/**
 * CPU profile of `POST /tools/execute` under load: `npx tsx bench/profile-execute.ts [seconds]
 * [pglite|postgres] [dir] [execute|read] [concurrency]` (`read`: `GET /connected_accounts/{id}` instead) runs the server under `node --cpu-prof` (through tsx, so names are the
 * sources'), drives it at c=16 (default) against a loopback upstream, stops the server gracefully (the
 * profile is written at exit) and prints the functions with the most self time.
 */
const UPSTREAM = `
const http = require('node:http');
const body = JSON.stringify({ login: 'octocat', id: 1 });
const s = http.createServer((req, res) => { req.resume(); req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); }); });
s.keepAliveTimeout = 120000;
s.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: s.address().port }) + '\\n'));
`;

const seconds = Number(process.argv[2] ?? 10);
const engine = (process.argv[3] as 'pglite' | 'postgres' | undefined) ?? 'postgres';
const dir = process.argv[4] ?? fs.mkdtempSync('/tmp/junction-prof-');
const route = process.argv[5] === 'read' ? 'read' : 'execute';
const concurrency = Number(process.argv[6] ?? 16);
// the database made here (PostgreSQL) is dropped at the end, as the test suites' are
const dropDatabases = await trackDatabases();
const upstream = await spawnScript(UPSTREAM);
const server = await startServer({
  engine,
  // PROFILE_COMPILED=1: the bundle `npm start` runs (names as esbuild kept them), not the sources through tsx
  args: [
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
    ...(process.env.PROFILE_COMPILED === '1' ? await serverArgs() : ['--import', 'tsx', 'server.ts']),
  ],
  startTimeoutMs: 180_000,
  env: { LOG_LEVEL: 'warn', JUNCTION_VALIDATE_RESPONSES: '0' },
});
const ac = await server.api('POST', '/auth_configs', {
  toolkit: { slug: 'github' },
  auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
});
const ca = await server.api('POST', '/connected_accounts', {
  auth_config: { id: ac.body.auth_config.id },
  connection: {
    user_id: 'bench',
    state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k', base_url: upstream.url } },
  },
});
const body = JSON.stringify({ connected_account_id: ca.body.id, user_id: 'bench', arguments: {} });
const pool = new Pool(server.url, { connections: concurrency });
let n = 0;
let bad = 0;
// A warm-up (the catalog and search index load after listen, JIT) stays out of the figures: only
// samples taken after it count (both processes read the same monotonic clock).
let end = performance.now() + 5000;
const drive = () =>
  Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const r = await pool.request(
          route === 'read'
            ? {
                path: `/api/v3/connected_accounts/${ca.body.id}`,
                method: 'GET',
                headers: { 'x-api-key': server.apiKey },
              }
            : {
                path: '/api/v3/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER',
                method: 'POST',
                headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
                body,
              },
        );
        const t = await r.body.text();
        if (route === 'read' ? r.statusCode !== 200 : !t.includes('"successful":true')) bad++;
        n++;
      }
    }),
  );
await drive();
n = 0;
bad = 0;
const fromUs = Number(process.hrtime.bigint() / 1000n);
end = performance.now() + seconds * 1000;
await drive();
const toUs = Number(process.hrtime.bigint() / 1000n);
await pool.close();
await server.stop();
await upstream.stop();
await dropDatabases();
console.log(`${n} calls (${(n / seconds).toFixed(0)}/s), ${bad} not successful`);

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile in ${dir}`);
const prof = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};
const self = new Map<number, number>();
let at = prof.startTime;
prof.samples.forEach((id, i) => {
  const dt = prof.timeDeltas[i] ?? 0;
  at += dt;
  if (at >= fromUs && at <= toUs) self.set(id, (self.get(id) ?? 0) + dt);
});
const byFn = new Map<string, number>();
const byFile = new Map<string, number>();
for (const node of prof.nodes) {
  const t = self.get(node.id) ?? 0;
  const f = node.callFrame;
  const where = f.url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
  const key = `${f.functionName || '(anon)'} ${where}:${f.lineNumber + 1}`;
  byFn.set(key, (byFn.get(key) ?? 0) + t);
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
    (where.startsWith('node:') ? 'node internals' : where || f.functionName);
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + t);
}
let total = 0;
for (const node of prof.nodes) if (node.callFrame.functionName !== '(idle)') total += self.get(node.id) ?? 0;
byFn.delete([...byFn.keys()].find((k) => k.startsWith('(idle)')) ?? '');
byFile.delete('(idle)');
const top = (m: Map<string, number>, k: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([name, t]) => `${((100 * t) / total).toFixed(1).padStart(5)}%  ${name}`);
console.log(
  `profile ${path.join(dir, file)}; CPU per call ≈ ${(total / 1000 / Math.max(1, n)).toFixed(2)} ms (busy time of the server's main thread)`,
);
console.log('\nby package / file:\n' + top(byFile, 25).join('\n'));
console.log('\nby function:\n' + top(byFn, 40).join('\n'));
