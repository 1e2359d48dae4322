import { freshDatabase, startServer } from '../tests/helpers/server';
import { startBareAccountRead, type Child } from './baselines';
import { fmt, load, serverArgs } from './lib';

/**
 * GET /api/v3/connected_accounts/{id} on Junction (PostgreSQL) beside a bare node:http + pg
 * server that runs the same account query on the same database, in the same run. The bare server
 * runs in its own process (bench/baselines.ts), not on the load generator's event loop.
 */
/**
 * Many short rounds (an odd number, so one round is the median): on two shared cores the machine's
 * speed drifts within seconds, and 1-second rounds in alternating order put both sides in the same
 * moments. Five 3-second rounds gave medians from 0.65 to 0.79 on one build; fifteen 1-second
 * rounds, 0.73 to 0.78.
 */
const ROUNDS = 15;
const ROUND_SECONDS = 1;

export async function runConnectedAccountReadBench(connections = 32) {
  const databaseUrl = await freshDatabase();
  const server = await startServer({
    args: await serverArgs(),
    engine: 'postgres',
    env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', JUNCTION_VALIDATE_RESPONSES: '0' },
  });
  let bare: Child | undefined;
  try {
    const ac = await server.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    const acc = await server.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'bench',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'SG.bench' } },
      },
    });
    const id = acc.body.id as string;
    bare = await startBareAccountRead(server.databaseUrl!);
    const bareUrl = bare.url;

    const warm = { connections, seconds: 2 };
    await load({ url: `${server.apiUrl}/connected_accounts/${id}`, headers: { 'x-api-key': server.apiKey }, ...warm });
    await load({ url: `${bareUrl}/${id}`, ...warm });
    // Alternate the two in rounds, each round in the other order than the last, so that drift in
    // the machine's speed (2 shared cores) hits both alike; keep the median round's ratio.
    const rounds: { j: Awaited<ReturnType<typeof load>>; b: Awaited<ReturnType<typeof load>> }[] = [];
    const junctionRound = () =>
      load({
        url: `${server.apiUrl}/connected_accounts/${id}`,
        headers: { 'x-api-key': server.apiKey },
        connections,
        seconds: ROUND_SECONDS,
      });
    const bareRound = () => load({ url: `${bareUrl}/${id}`, connections, seconds: ROUND_SECONDS });
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        const j = await junctionRound();
        rounds.push({ j, b: await bareRound() });
      } else {
        const b = await bareRound();
        rounds.push({ j: await junctionRound(), b });
      }
    }
    rounds.sort((x, y) => x.j.rps / x.b.rps - y.j.rps / y.b.rps);
    const { j: junction, b: baseline } = rounds[(ROUNDS - 1) / 2]!;
    return {
      name: 'connected account read (PostgreSQL)',
      junction_rps: fmt(junction.rps, 0),
      bare_rps: fmt(baseline.rps, 0),
      ratio: fmt(junction.rps / baseline.rps),
      junction_p50_ms: junction.p50,
      junction_p99_ms: junction.p99,
      bare_p50_ms: baseline.p50,
      bare_p99_ms: baseline.p99,
      round_ratios: rounds.map((r) => fmt(r.j.rps / r.b.rps)).join(' '),
      errors: junction.errors + junction.non2xx + baseline.errors + baseline.non2xx,
      baseline: 'bare node:http + pg, own process',
      target: 'ratio ≥ 0.7',
    };
  } finally {
    await bare?.stop();
    await server.stop();
  }
}
