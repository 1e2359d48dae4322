import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Keyring } from './crypto/secrets';
import type { Boss } from './jobs/boss';

/*
 * The Runtime type and the process's one runtime. Starting it (database, keys, jobs) is lib/boot's
 * work: an entry point imports lib/boot/runtime.ts, which registers the starter used below. Keeping
 * the start here made every file that needs the type part of one import circle with the whole service.
 */

export interface Runtime {
  config: Config;
  database: Database;
  db: Db;
  keyring: Keyring;
  /** present in processes with the worker role and in web processes (to enqueue) */
  boss?: Boss;
  startedAt: number;
  /**
   * Background work (job workers, webhook delivery) of processes with the worker role. It starts
   * just after the runtime is handed out, so a server listens before the workers' first rounds of
   * queries; settles when they run.
   */
  background?: Promise<void>;
  /** printed once at first start (bootstrap keys) */
  bootstrap?: { projectKey: string; orgKey: string; projectId: string };
  /** dashboard first-run setup: `token` is set only on the start that made it (printed once) */
  setup?: { token?: string; pending: boolean; pinned: boolean };
  /** with `graceMs`, jobs in progress get that long to finish (graceful shutdown); without, they are left to pg-boss's retry */
  stop(opts?: { graceMs?: number; beforeClose?: () => Promise<void> }): Promise<void>;
}

export type Role = 'web' | 'worker' | 'all';

declare global {
  var __junctionRuntime: Promise<Runtime> | undefined;
  var __junctionRole: Role | undefined;
  var __junctionStartRuntime: ((role: Role) => Promise<Runtime>) | undefined;
}

/**
 * One runtime per process, kept on globalThis: Next.js bundles route handlers into their own
 * module graphs, and they must share the custom server's database connection, not open another.
 */
export function getRuntime(): Promise<Runtime> {
  if (!globalThis.__junctionRuntime) {
    const start = globalThis.__junctionStartRuntime;
    if (!start)
      return Promise.reject(
        new Error('the Junction runtime is not started: an entry point must import lib/boot/runtime'),
      );
    globalThis.__junctionRuntime = start(globalThis.__junctionRole ?? 'all');
  }
  return globalThis.__junctionRuntime;
}

export function setRole(role: Role) {
  globalThis.__junctionRole = role;
}
