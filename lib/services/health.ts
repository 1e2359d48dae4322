import pkg from '../../package.json' with { type: 'json' };
import { getRuntime } from '../runtime';

export async function health() {
  try {
    const rt = await getRuntime();
    await rt.database.query('select 1');
    return { status: 200, body: { status: 'ok', database: rt.database.engine, version: pkg.version } };
  } catch {
    return { status: 503, body: { status: 'unavailable', database: process.env.DATABASE_URL ? 'postgres' : 'pglite', version: pkg.version } };
  }
}
