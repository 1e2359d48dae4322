/**
 * Junction's operator commands: `npm run cli -- <command>`.
 *
 *   projects list
 *   keys create --project <projectId> [--name <name>]
 *   keys revoke <keyId>
 *   rotate-encryption-key            re-encrypt every secret under JUNCTION_ENCRYPTION_KEY
 *                                    (the old key in JUNCTION_ENCRYPTION_KEY_PREVIOUS)
 *   jobs run <name>                  run one background job once (e.g. connections.expire-initiations)
 *   setup-token                      print a new dashboard setup token (replaces the first start's one;
 *                                    only while no admin exists)
 *
 * It opens the same database as the server (DATABASE_URL, or the embedded one in
 * JUNCTION_DATA_DIR). The embedded database allows one process: stop the server first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { readConfig } from './lib/config';
import { openDatabase, type Database } from './lib/db/client';
import { makeKeyring, type Keyring } from './lib/crypto/secrets';
import { apiKeys, projects } from './lib/db/schema';

function usage(code = 1): never {
  process.stderr.write(`usage: npm run cli -- <command>
  projects list
  keys create --project <projectId> [--name <name>]
  keys revoke <keyId>
  rotate-encryption-key
  jobs run <name>
  setup-token
`);
  process.exit(code);
}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

function keyring(cfg: ReturnType<typeof readConfig>): Keyring {
  if (cfg.encryptionKey) return makeKeyring(cfg.encryptionKey, cfg.encryptionKeyPrevious);
  const file = path.join(cfg.dataDir, 'encryption.key');
  if (!cfg.databaseUrl && fs.existsSync(file))
    return makeKeyring(fs.readFileSync(file, 'utf8'), cfg.encryptionKeyPrevious);
  throw new Error('JUNCTION_ENCRYPTION_KEY is not set (and no generated key in the data dir).');
}

async function main() {
  const args = process.argv.slice(2);
  const [cmd, sub] = args;
  if (!cmd || cmd === 'help' || cmd === '--help') usage(0);
  const cfg = readConfig();
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir, poolSize: 2 });
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(2);
  }
  const db = database.db;
  try {
    if (cmd === 'projects' && sub === 'list') {
      const rows = await db
        .select({ id: projects.id, name: projects.name, org_id: projects.orgId, created_at: projects.createdAt })
        .from(projects)
        .where(isNull(projects.deletedAt))
        .orderBy(projects.createdAt);
      for (const r of rows) process.stdout.write(`${r.id}\t${r.name}\t${r.org_id}\t${r.created_at.toISOString()}\n`);
      return;
    }
    if (cmd === 'keys' && sub === 'create') {
      const projectId = flag(args, 'project');
      if (!projectId) usage();
      const p = (
        await db
          .select()
          .from(projects)
          .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)))
      )[0];
      if (!p) throw new Error(`project ${projectId} not found`);
      const { issueKey } = await import('./lib/services/tenancy/keys');
      const k = await issueKey(db, { kind: 'project', orgId: p.orgId, projectId, name: flag(args, 'name') ?? 'cli' });
      process.stdout.write(`${k.id}\t${k.key}\n`);
      process.stderr.write('The key is shown only now; it is stored as a hash.\n');
      return;
    }
    if (cmd === 'keys' && sub === 'revoke') {
      const keyId = args[2];
      if (!keyId) usage();
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (!rows.length) throw new Error(`no live key ${keyId}`);
      process.stdout.write(`revoked ${keyId}\n`);
      return;
    }
    if (cmd === 'rotate-encryption-key') {
      const ring = keyring(cfg);
      const { rotateEncryptionKey } = await import('./lib/services/ops/rotate-key');
      const r = await rotateEncryptionKey(database, ring);
      for (const c of r.columns) {
        process.stdout.write(
          `${c.table}.${c.column}\treencrypted=${c.reencrypted}\tcurrent=${c.current}\tfailed=${c.failed}\n`,
        );
      }
      process.stdout.write(`total reencrypted=${r.reencrypted} failed=${r.failed} key=${r.keyId}\n`);
      process.stdout.write(
        r.canaryUpdated ? `key check updated to key=${r.keyId}\n` : 'key check left on the previous key\n',
      );
      if (r.failed) {
        process.stderr.write(
          'Some values could not be decrypted with the current or previous key; they were left as they were.\n',
        );
        process.exitCode = 3;
      }
      return;
    }
    if (cmd === 'setup-token') {
      // A lost first-start token: a new one replaces it (the old one stops working).
      const { reissueSetupToken } = await import('./lib/dashboard/setup-token');
      const token = await reissueSetupToken(db);
      if (!token) throw new Error('setup is closed: a dashboard admin already exists');
      process.stdout.write(`${token}\n`);
      process.stderr.write("Enter it on the dashboard's /setup page. It is shown only now and works once.\n");
      if (cfg.setupToken)
        process.stderr.write('JUNCTION_SETUP_TOKEN is set: the server puts that token back when it next starts.\n');
      return;
    }
    if (cmd === 'jobs' && sub === 'run') {
      const name = args[2];
      const { jobs } = await import('./lib/boot/jobs');
      const def = jobs.find((j) => j.name === name);
      if (!def) throw new Error(`unknown job ${name}; known: ${jobs.map((j) => j.name).join(', ')}`);
      const rt = { config: cfg, database, db, keyring: keyring(cfg), startedAt: Date.now(), stop: async () => {} };
      await def.handler(rt as never, {});
      process.stdout.write(`ran ${name}\n`);
      return;
    }
    usage();
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
