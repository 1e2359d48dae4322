import fs from 'node:fs';
import path from 'node:path';
import { config as readConfig, type Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { generateKeyMaterial, makeKeyring, type Keyring } from './crypto/secrets';
import { startBoss, type Boss } from './jobs/boss';
import { log } from './log';

export interface Runtime {
  config: Config;
  database: Database;
  db: Db;
  keyring: Keyring;
  /** present in processes with the worker role and in web processes (to enqueue) */
  boss?: Boss;
  startedAt: number;
  /** printed once at first start (bootstrap keys) */
  bootstrap?: { projectKey: string; orgKey: string; projectId: string };
  stop(): Promise<void>;
}

export type Role = 'web' | 'worker' | 'all';

declare global {
  var __junctionRuntime: Promise<Runtime> | undefined;
  var __junctionRole: Role | undefined;
}

/**
 * One runtime per process, kept on globalThis: Next.js bundles route handlers into their own
 * module graphs, and they must share the custom server's database connection, not open another.
 */
export function getRuntime(): Promise<Runtime> {
  globalThis.__junctionRuntime ??= startRuntime(globalThis.__junctionRole ?? 'all');
  return globalThis.__junctionRuntime;
}

export function setRole(role: Role) {
  globalThis.__junctionRole = role;
}

function loadEncryptionKey(cfg: Config): Keyring {
  if (cfg.encryptionKey) return makeKeyring(cfg.encryptionKey, cfg.encryptionKeyPrevious);
  if (cfg.databaseUrl) {
    throw new Error('JUNCTION_ENCRYPTION_KEY must be set when DATABASE_URL is used (every process needs the same key).');
  }
  const file = path.join(cfg.dataDir, 'encryption.key');
  fs.mkdirSync(cfg.dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, generateKeyMaterial(), { mode: 0o600 });
    log.warn({ file }, 'JUNCTION_ENCRYPTION_KEY is not set: generated one into the data dir. Back it up, or set the variable.');
  }
  return makeKeyring(fs.readFileSync(file, 'utf8'), cfg.encryptionKeyPrevious);
}

export async function startRuntime(role: Role, overrides: Partial<Config> = {}): Promise<Runtime> {
  const cfg = { ...readConfig(), ...overrides };
  const keyring = loadEncryptionKey(cfg);
  const database = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir });
  const rt: Runtime = {
    config: cfg,
    database,
    db: database.db,
    keyring,
    startedAt: Date.now(),
    async stop() {
      await rt.boss?.stop({ graceful: false, wait: true }).catch(() => {});
      await database.close();
    },
  };
  const { bootstrapInstance } = await import('./services/tenancy/bootstrap');
  rt.bootstrap = await bootstrapInstance(rt);
  // The dashboard stores its default API connection while the bootstrap key is still known.
  await (await import('./dashboard/on-start')).onRuntimeStart(rt);
  rt.boss = await startBoss(database, { databaseUrl: cfg.databaseUrl, schedule: role !== 'web', supervise: role !== 'web' });
  if (role !== 'web') {
    const { startWorkers } = await import('./jobs/worker');
    await startWorkers(rt);
  }
  // Webhook delivery: the outbox hook (every role), delivery workers and sweeper (worker roles).
  await (await import('./services/webhooks/start')).startWebhooks(rt, role);
  return rt;
}
