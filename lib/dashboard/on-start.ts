import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { dashboardAdmins, dashboardConnections } from '../db/schema';
import { encrypt } from '../crypto/secrets';
import { keyHint, randomToken } from '../crypto/ids';
import { hashPassword } from './passwords';
import { log } from '../log';
import type { Runtime } from '../runtime';

/**
 * Runs once per process after bootstrap. Imported by lib/runtime.ts, so it must stay free of
 * `server-only` (server.ts and worker.ts load it outside Next.js).
 */
export async function onRuntimeStart(rt: Runtime): Promise<void> {
  // next-auth signs session cookies with AUTH_SECRET; derive a stable one from the keyring.
  process.env.AUTH_SECRET ??= createHmac('sha256', rt.keyring.current.key).update('junction-dashboard-auth-v1').digest('base64url');
  const internalBase = `http://127.0.0.1:${rt.config.port}`;
  // The bootstrap key is known only now (first start), or always when it is given by the environment.
  const key = rt.bootstrap?.projectKey ?? rt.config.bootstrapApiKey;
  if (key) await ensureDefaultConnection(rt, internalBase, key);
  await ensureEnvAdmin(rt);
}

export function newDashboardId(prefix: string): string {
  return `${prefix}_${randomToken(16)}`;
}

async function ensureDefaultConnection(rt: Runtime, baseUrl: string, key: string) {
  const existing = await rt.db.select({ id: dashboardConnections.id }).from(dashboardConnections).where(eq(dashboardConnections.isDefault, true)).limit(1);
  if (existing[0]) return;
  await rt.db.insert(dashboardConnections).values({
    id: newDashboardId('dconn'),
    name: 'This Junction (default project)',
    baseUrl,
    apiKeyEnc: encrypt(rt.keyring, key),
    keyHint: keyHint(key),
    isDefault: true,
  });
  log.info('dashboard: stored the default API connection');
}

async function ensureEnvAdmin(rt: Runtime) {
  const email = process.env.JUNCTION_ADMIN_EMAIL?.trim().toLowerCase();
  const password = process.env.JUNCTION_ADMIN_PASSWORD;
  if (!email || !password) return;
  const found = await rt.db.select({ id: dashboardAdmins.id }).from(dashboardAdmins).where(sql`lower(${dashboardAdmins.email}) = ${email}`).limit(1);
  if (found[0]) return;
  await rt.db.insert(dashboardAdmins).values({ id: newDashboardId('adm'), email, passwordHash: await hashPassword(password) }).onConflictDoNothing();
  log.info({ email }, 'dashboard: created the admin from JUNCTION_ADMIN_EMAIL');
}
