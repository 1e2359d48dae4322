import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A real Junction process for a test suite: `server.ts` in a child process, on a free port,
 * with its own data dir (PGlite) or its own fresh PostgreSQL database.
 */
export interface TestServer {
  url: string;
  apiUrl: string;
  apiKey: string;
  orgKey: string;
  dataDir: string;
  databaseUrl?: string;
  env: Record<string, string>;
  proc: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash would */
  kill(): Promise<void>;
  /** start another process on the same database (same keys) */
  restart(): Promise<TestServer>;
  api<T = any>(
    method: string,
    p: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; headers: Headers }>;
}

export const ROOT = path.resolve(import.meta.dirname, '../..');

function scriptWords(script: string): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return scripts[script]!.trim().split(/\s+/);
}

/** What `npm start` (or another npm script) hands to Node, its flags and the entry point, read from package.json. */
export function startArgs(script = 'start'): string[] {
  const words = scriptWords(script);
  return words.slice(words.indexOf('node') + 1);
}

/** The environment `npm start` (or another npm script) sets before `node` (`NAME=value` words). */
export function startEnv(script = 'start'): Record<string, string> {
  const words = scriptWords(script);
  return Object.fromEntries(
    words
      .slice(0, words.indexOf('node'))
      .map((w) => /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(w))
      .filter((m) => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
}

/** A process started with exactly an npm script's Node arguments gets that script's environment too. */
function scriptEnvFor(args: string[] | undefined): Record<string, string> {
  if (!args) return {};
  for (const script of ['start', 'worker']) if (startArgs(script).join(' ') === args.join(' ')) return startEnv(script);
  return {};
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export function engine(): 'pglite' | 'postgres' {
  return process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

/** A fresh PostgreSQL database for one suite. */
export async function freshDatabase(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `junction_t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  if (process.env.JUNCTION_TEST_DB_LIST) fs.appendFileSync(process.env.JUNCTION_TEST_DB_LIST, `${name}\n`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Drops test databases (`junction_t_*` only) on the suites' PostgreSQL, even if a server is still connected. */
export async function dropTestDatabases(
  names: string[],
  base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
) {
  const ours = names.filter((n) => /^junction_t_[0-9a-f]+$/.test(n));
  if (!ours.length) return;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  for (const n of ours) await client.query(`drop database if exists ${n} with (force)`).catch(() => {});
  await client.end();
}

export function randomKey(prefix: string) {
  return prefix + randomBytes(24).toString('hex');
}

/**
 * What a test server runs by default: the run's bundle (tests/helpers/test-bundle.ts) with `npm start`'s
 * Node flags and environment when the integration projects made one, else `server.ts` through tsx.
 */
function defaultServer(): { args: string[]; env: Record<string, string> } {
  const bundle = process.env.JUNCTION_TEST_BUNDLE;
  if (bundle && fs.existsSync(path.join(bundle, 'server.mjs')))
    return { args: [...startArgs().slice(0, -1), path.join(bundle, 'server.mjs')], env: startEnv() };
  return { args: ['--import', 'tsx', 'server.ts'], env: {} };
}

/** `args`: what Node runs, by default the run's bundle (or server.ts); the bundle test passes `startArgs()`. */
export async function startServer(
  opts: {
    env?: Record<string, string>;
    engine?: 'pglite' | 'postgres';
    reuse?: TestServer;
    args?: string[];
    startTimeoutMs?: number;
    /** host of the default public URL (browser specs that sign in through Next.js use `localhost`) */
    publicHost?: string;
    /** a PostgreSQL database to use instead of a fresh one on the suites' server (a private server's) */
    databaseUrl?: string;
    /** the checkout the process runs in (default: this one; the bench starts an earlier build beside it) */
    cwd?: string;
    /**
     * where the process's standard output goes: kept for error messages (default), or a file, so that a
     * bench writing a log line per request does not make its load generator read them
     */
    stdoutFile?: string;
  } = {},
): Promise<TestServer> {
  const eng = opts.engine ?? engine();
  const port = await freePort();
  const dataDir = opts.reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'junction-test-'));
  const databaseUrl = opts.reuse
    ? opts.reuse.databaseUrl
    : (opts.databaseUrl ?? (eng === 'postgres' ? await freshDatabase() : undefined));
  const apiKey = opts.reuse?.apiKey ?? randomKey('ak_test');
  const orgKey = opts.reuse?.orgKey ?? randomKey('oak_test');
  const fallback = opts.args ? undefined : defaultServer();
  const env: Record<string, string> = {
    ...(fallback?.env ?? scriptEnvFor(opts.args)),
    ...(opts.reuse?.env ?? {}),
    ...(opts.env ?? {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    JUNCTION_DATA_DIR: dataDir,
    // A suite may give its own public URL (e.g. https, as behind a TLS proxy); requests still go to the port.
    JUNCTION_PUBLIC_URL: opts.env?.JUNCTION_PUBLIC_URL ?? `http://${opts.publicHost ?? '127.0.0.1'}:${port}`,
    JUNCTION_API_KEY: apiKey,
    JUNCTION_ORG_API_KEY: orgKey,
    JUNCTION_ENCRYPTION_KEY: opts.reuse?.env.JUNCTION_ENCRYPTION_KEY ?? randomBytes(32).toString('base64'),
    JUNCTION_DASHBOARD: opts.env?.JUNCTION_DASHBOARD ?? 'off',
    // Tests check every response against the contract; benchmarks turn that off.
    JUNCTION_VALIDATE_RESPONSES: opts.env?.JUNCTION_VALIDATE_RESPONSES ?? '1',
    JUNCTION_ALLOW_INSECURE_URLS: opts.env?.JUNCTION_ALLOW_INSECURE_URLS ?? '1',
    // Suites and benchmarks make thousands of calls a minute with one key from one address: a high
    // limit keeps the limiter on the request path without throttling them (rate-limits.test.ts sets low ones).
    JUNCTION_RATE_LIMIT_PER_MINUTE:
      opts.env?.JUNCTION_RATE_LIMIT_PER_MINUTE ?? opts.reuse?.env.JUNCTION_RATE_LIMIT_PER_MINUTE ?? '1000000',
    JUNCTION_RATE_LIMIT_IP_PER_MINUTE:
      opts.env?.JUNCTION_RATE_LIMIT_IP_PER_MINUTE ?? opts.reuse?.env.JUNCTION_RATE_LIMIT_IP_PER_MINUTE ?? '1000000',
    LOG_LEVEL: opts.env?.LOG_LEVEL ?? process.env.TEST_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const stdoutFd = opts.stdoutFile ? fs.openSync(opts.stdoutFile, 'a') : undefined;
  const proc = spawn(process.execPath, opts.args ?? fallback!.args, {
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, ...env, TEST_ENGINE: '', VITEST: '' },
    stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
  });
  if (stdoutFd !== undefined) fs.closeSync(stdoutFd);
  let out = '';
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr!.on('data', (d) => {
    out += d;
  });
  const url = `http://127.0.0.1:${port}`;
  // Browser specs that start their own server with the dashboard give it longer (Next.js loads too).
  const deadline = Date.now() + (opts.startTimeoutMs ?? 180_000);
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null)
      throw new Error(`server exited (${proc.exitCode ?? proc.signalCode}):\n${out}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // A process ended by a signal has signalCode set and exitCode null.
  const exited = () =>
    new Promise<void>((resolve) =>
      proc.exitCode !== null || proc.signalCode !== null ? resolve() : proc.once('exit', () => resolve()),
    );
  const server: TestServer = {
    url,
    apiUrl: `${url}/api/v3`,
    apiKey,
    orgKey,
    dataDir,
    databaseUrl,
    env,
    proc,
    output: () => out,
    async stop() {
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited();
      clearTimeout(t);
    },
    async kill() {
      proc.kill('SIGKILL');
      await exited();
    },
    restart: () =>
      startServer({
        reuse: server,
        args: opts.args,
        startTimeoutMs: opts.startTimeoutMs,
        cwd: opts.cwd,
        stdoutFile: opts.stdoutFile,
      }),
    async api(method, p, body, headers = {}) {
      // `/v3.1/…` reaches the v3.1 prefix (tool endpoints default to the latest toolkit version there)
      const target = p.startsWith('/v3.1/') ? `${url}/api${p}` : `${url}/api/v3${p}`;
      const res = await fetch(target, {
        method,
        headers: {
          'x-api-key': apiKey,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: any = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
  };
  return server;
}
