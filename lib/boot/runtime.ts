import fs from 'node:fs';
import path from 'node:path';
import { config as readConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { makePrivate } from '../db/private-dir';
import { generateKeyMaterial, makeKeyring, type Keyring } from '../crypto/secrets';
import { startBoss } from '../jobs/boss';
import { log } from '../log';
import type { Role, Runtime } from '../runtime';

export { getRuntime, setRole } from '../runtime';
export type { Role, Runtime } from '../runtime';

function loadEncryptionKey(cfg: Config): Keyring {
  if (cfg.encryptionKey) return makeKeyring(cfg.encryptionKey, cfg.encryptionKeyPrevious);
  if (cfg.databaseUrl) {
    throw new Error(
      'JUNCTION_ENCRYPTION_KEY must be set when DATABASE_URL is used (every process needs the same key).',
    );
  }
  const file = path.join(cfg.dataDir, 'encryption.key');
  fs.mkdirSync(cfg.dataDir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, generateKeyMaterial(), { mode: 0o600 });
    log.warn({ file }, GENERATED_KEY_WARNING);
  }
  return makeKeyring(fs.readFileSync(file, 'utf8'), cfg.encryptionKeyPrevious);
}

/** Said once, when the key is generated: where it is, what that means for copies, and how to keep it elsewhere. */
export const GENERATED_KEY_WARNING =
  'JUNCTION_ENCRYPTION_KEY is not set: generated an encryption key into the data dir (encryption.key). ' +
  'A copy or backup of the data dir now holds both the database and the key that decrypts its secrets, ' +
  'so anyone with that copy can read them. To keep the key elsewhere, put its contents in ' +
  'JUNCTION_ENCRYPTION_KEY (a secret store or the service environment), back it up apart from the data, ' +
  'and delete encryption.key from the data dir.';

/**
 * The data dir is the owner's only: folders 0700, files 0600. A data dir made by an earlier
 * release (the embedded-database template copied with open modes) is fixed here, and said so.
 */
function secureDataDir(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { changed, failed } = makePrivate(dataDir);
  if (changed)
    log.warn(
      { dataDir, changed },
      `data dir: made ${changed} files and folders private (folders 0700, files 0600); other users of this machine could read them before`,
    );
  if (failed.length)
    log.warn(
      { dataDir, failed: failed.slice(0, 10), count: failed.length },
      'data dir: could not make some entries private; check their owner',
    );
}

export async function startRuntime(role: Role, overrides: Partial<Config> = {}): Promise<Runtime> {
  const cfg = { ...readConfig(), ...overrides };
  secureDataDir(cfg.dataDir);
  const keyring = loadEncryptionKey(cfg);
  const database = await openDatabase({
    databaseUrl: cfg.databaseUrl,
    dataDir: cfg.dataDir,
    acquireTimeoutMs: cfg.dbAcquireTimeoutMs,
    statementTimeoutMs: cfg.dbStatementTimeoutMs,
  });
  let stopping = false;
  const rt: Runtime = {
    config: cfg,
    database,
    db: database.db,
    keyring,
    startedAt: Date.now(),
    async stop(opts = {}) {
      stopping = true;
      await rt.background?.catch(() => {});
      const grace = opts.graceMs ? { graceful: true, timeout: Math.max(1, opts.graceMs) } : { graceful: false };
      // Deliveries in flight are recorded before the database closes (within the grace period).
      await (await import('../services/webhooks/start')).stopWebhooks(opts.graceMs ?? 0).catch(() => {});
      await rt.boss?.stop({ ...grace, wait: true }).catch(() => {});
      await opts.beforeClose?.().catch(() => {});
      await database.close();
    },
  };
  // A wrong key stops the start here, with a message, rather than failing every read later.
  const { checkEncryptionCanary } = await import('../services/ops/key-canary');
  try {
    await checkEncryptionCanary(database.query, keyring);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  const { bootstrapInstance } = await import('../services/tenancy/bootstrap');
  rt.bootstrap = await bootstrapInstance(rt);
  // The dashboard stores its default API connection while the bootstrap key is still known.
  await (await import('../dashboard/on-start')).onRuntimeStart(rt);
  rt.boss = await startBoss(database, {
    databaseUrl: cfg.databaseUrl,
    schedule: role !== 'web',
    supervise: role !== 'web',
  });
  // The outbox hook (every role) is in place before the first request can emit an event.
  const webhooks = await import('../services/webhooks/start');
  webhooks.registerOutbox(rt);
  if (role !== 'web') {
    // Workers and delivery start on the next turn of the event loop: their first rounds of queries
    // (queue checks, a first poll of every queue) then run after the server is listening.
    rt.background = new Promise<void>((resolve) => setTimeout(resolve, 20)).then(async () => {
      if (stopping) return;
      const [{ startWorkers }, { jobs }] = await Promise.all([import('../jobs/worker'), import('./jobs')]);
      await startWorkers(rt, jobs);
      if (!stopping) webhooks.startDelivery(rt);
    });
    rt.background.catch((err) => log.error({ err }, 'background workers failed to start'));
  }
  return rt;
}

// Importing this module is what lets getRuntime() start a runtime in this process.
globalThis.__junctionStartRuntime ??= (role) => startRuntime(role);
