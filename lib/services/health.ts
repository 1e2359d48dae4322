import pkg from '../../package.json' with { type: 'json' };
import { getRuntime } from '../runtime';
import { envValue } from '../config';

export async function health() {
  try {
    const rt = await getRuntime();
    await rt.database.query('select 1');
    return { status: 200, body: { status: 'ok', database: rt.database.engine, version: pkg.version } };
  } catch {
    return {
      status: 503,
      body: { status: 'unavailable', database: envValue('DATABASE_URL') ? 'postgres' : 'pglite', version: pkg.version },
    };
  }
}

/** GET /api/health/live: the process is up and its event loop turns (no dependency is asked). */
export function liveness() {
  return { status: 200, body: { status: 'ok', version: pkg.version } };
}

/**
 * GET /api/health/ready: this process can serve: the database answers, and so does the job queue
 * (pg-boss, through which deliveries, polls and refreshes run). 503 while starting, while shutting
 * down (`draining`), or when either does not answer within `timeoutMs`.
 */
export async function readiness(opts: { draining?: boolean; timeoutMs?: number } = {}) {
  const checks: Record<string, 'ok' | 'unavailable' | 'starting' | 'stopping'> = {
    database: 'unavailable',
    jobs: 'unavailable',
  };
  if (opts.draining) {
    return {
      status: 503,
      body: { status: 'stopping', checks: { database: 'stopping', jobs: 'stopping' }, version: pkg.version },
    };
  }
  const started = globalThis.__junctionRuntime;
  if (!started)
    return {
      status: 503,
      body: { status: 'starting', checks: { database: 'starting', jobs: 'starting' }, version: pkg.version },
    };
  const within = <T>(p: Promise<T>) =>
    Promise.race([
      p,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), opts.timeoutMs ?? 2000).unref()),
    ]);
  try {
    const rt = await within(started);
    await Promise.all([
      within(rt.database.query('select 1')).then(
        () => {
          checks.database = 'ok';
        },
        () => {},
      ),
      rt.boss
        ? within(rt.boss.getQueues()).then(
            () => {
              checks.jobs = 'ok';
            },
            () => {},
          )
        : Promise.resolve(),
    ]);
  } catch {
    // the runtime is still starting (or failed to): both checks stay 'unavailable'
  }
  const ok = checks.database === 'ok' && checks.jobs === 'ok';
  return { status: ok ? 200 : 503, body: { status: ok ? 'ok' : 'unavailable', checks, version: pkg.version } };
}
