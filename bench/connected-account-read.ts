import http from 'node:http';
import pg from 'pg';
import { freshDatabase, startServer } from '../tests/helpers/server';
import { fmt, load } from './lib';

/**
 * GET /api/v3/connected_accounts/{id} on Junction (PostgreSQL) beside a bare node:http + pg
 * server that runs the same account query on the same database, in the same run.
 */
export async function runConnectedAccountReadBench(seconds = 8, connections = 32) {
  const databaseUrl = await freshDatabase();
  const server = await startServer({ engine: 'postgres', env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', JUNCTION_VALIDATE_RESPONSES: '0' } });
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 10 });
  let bare: http.Server | undefined;
  try {
    const ac = await server.api('POST', '/auth_configs', { toolkit: { slug: 'sendgrid' }, auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' } });
    const acc = await server.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'bench', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'SG.bench' } } },
    });
    const id = acc.body.id as string;
    const query = `select ca.*, ac.id as ac_id, ac.uuid as ac_uuid, ac.type as ac_type, ac.status as ac_status, p.settings
      from connected_accounts ca join auth_configs ac on ac.id = ca.auth_config_id join projects p on p.id = ca.project_id
      where ca.id = $1 and ca.deleted_at is null limit 1`;
    bare = http.createServer(async (req, res) => {
      const rid = req.url!.split('/').pop();
      const r = await pool.query({ name: 'account_read', text: query, values: [rid] });
      res.writeHead(r.rows[0] ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(r.rows[0] ?? null));
    });
    await new Promise<void>((resolve) => bare!.listen(0, '127.0.0.1', resolve));
    const barePort = (bare.address() as { port: number }).port;

    const warm = { connections, seconds: 2 };
    await load({ url: `${server.apiUrl}/connected_accounts/${id}`, headers: { 'x-api-key': server.apiKey }, ...warm });
    await load({ url: `http://127.0.0.1:${barePort}/${id}`, ...warm });
    // Alternate the two in rounds so background load on the machine hits both alike; keep the median round.
    const rounds: { j: Awaited<ReturnType<typeof load>>; b: Awaited<ReturnType<typeof load>> }[] = [];
    for (let i = 0; i < 3; i++) {
      const j = await load({ url: `${server.apiUrl}/connected_accounts/${id}`, headers: { 'x-api-key': server.apiKey }, connections, seconds: seconds / 2 });
      const b = await load({ url: `http://127.0.0.1:${barePort}/${id}`, connections, seconds: seconds / 2 });
      rounds.push({ j, b });
    }
    rounds.sort((x, y) => x.j.rps / x.b.rps - y.j.rps / y.b.rps);
    const { j: junction, b: baseline } = rounds[1]!;
    return {
      name: 'connected account read (PostgreSQL)',
      junction_rps: fmt(junction.rps, 0), bare_rps: fmt(baseline.rps, 0), ratio: fmt(junction.rps / baseline.rps),
      junction_p50_ms: junction.p50, junction_p99_ms: junction.p99, bare_p50_ms: baseline.p50, bare_p99_ms: baseline.p99,
      round_ratios: rounds.map((r) => fmt(r.j.rps / r.b.rps)).join(' '),
      errors: junction.errors + junction.non2xx + baseline.errors + baseline.non2xx, target: 'ratio ≥ 0.6',
    };
  } finally {
    bare?.close();
    await pool.end();
    await server.stop();
  }
}
