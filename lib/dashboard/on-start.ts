import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { dashboardAdmins, dashboardConnections } from '../db/schema';
import { encrypt } from '../crypto/secrets';
import { keyHint, randomToken } from '../crypto/ids';
import { hashPassword } from './passwords';
import { ensureSetupToken } from './setup-token';
import { oidcStartError } from './oidc-policy';
import { log } from '../log';
import type { Runtime } from '../runtime';
import { envValue, setEnvDefault } from '../config';

/**
 * Runs once per process after bootstrap. Imported by lib/runtime.ts, so it must stay free of
 * `server-only` (server.ts and worker.ts load it outside Next.js).
 */
export async function onRuntimeStart(rt: Runtime): Promise<void> {
  // next-auth signs session cookies with AUTH_SECRET; derive a stable one from the keyring.
  setEnvDefault(
    'AUTH_SECRET',
    createHmac('sha256', rt.keyring.current.key).update('junction-dashboard-auth-v1').digest('base64url'),
  );
  // next-auth builds its callback and post-sign-in URLs from AUTH_URL, else from the request. Inside Next.js
  // a route handler's request URL carries the port Junction listens on (behind a TLS proxy: https://host:3000),
  // so the OIDC redirect_uri and the redirect after sign-in missed the public address. The public URL is the one.
  setEnvDefault('AUTH_URL', `${new URL(rt.config.publicUrl).origin}/api/auth`);
  const internalBase = `http://127.0.0.1:${rt.config.port}`;
  // The bootstrap key is known only now (first start), or always when it is given by the environment.
  const key = rt.bootstrap?.projectKey ?? rt.config.bootstrapApiKey;
  // The org key lets the dashboard manage keys and read the audit log (org-level routes).
  const orgKey = rt.bootstrap?.orgKey ?? rt.config.bootstrapOrgApiKey;
  if (key) await ensureDefaultConnection(rt, internalBase, key, orgKey);
  await ensureEnvAdmin(rt);
  // OIDC without an allowlist would let every account at the identity provider in: refuse to start.
  const oidcError = oidcStartError(rt.config);
  if (oidcError) throw new Error(oidcError);
  // While no admin exists, /setup asks for a one-time token printed on the first start.
  // A worker never makes one: it prints no banner, so the token would be lost.
  if (globalThis.__junctionRole === 'worker' && !rt.config.setupToken) return;
  const setup = await ensureSetupToken(rt.db, rt.config.setupToken);
  rt.setup = { token: setup.token, pending: setup.pending, pinned: rt.config.setupToken !== undefined };
}

export function newDashboardId(prefix: string): string {
  return `${prefix}_${randomToken(16)}`;
}

async function ensureDefaultConnection(rt: Runtime, baseUrl: string, key: string, orgKey: string | undefined) {
  const existing = await rt.db
    .select({ id: dashboardConnections.id, orgKeyEnc: dashboardConnections.orgKeyEnc })
    .from(dashboardConnections)
    .where(eq(dashboardConnections.isDefault, true))
    .limit(1);
  if (existing[0]) {
    // A connection stored before org keys were kept gets the org key when the environment gives it.
    if (orgKey && !existing[0].orgKeyEnc) {
      await rt.db
        .update(dashboardConnections)
        .set({ orgKeyEnc: encrypt(rt.keyring, orgKey), orgKeyHint: keyHint(orgKey) })
        .where(eq(dashboardConnections.id, existing[0].id));
    }
    return;
  }
  await rt.db.insert(dashboardConnections).values({
    id: newDashboardId('dconn'),
    name: 'This Junction (default project)',
    baseUrl,
    apiKeyEnc: encrypt(rt.keyring, key),
    keyHint: keyHint(key),
    ...(orgKey ? { orgKeyEnc: encrypt(rt.keyring, orgKey), orgKeyHint: keyHint(orgKey) } : {}),
    isDefault: true,
  });
  log.info('dashboard: stored the default API connection');
}

async function ensureEnvAdmin(rt: Runtime) {
  const email = envValue('JUNCTION_ADMIN_EMAIL')?.trim().toLowerCase();
  const password = envValue('JUNCTION_ADMIN_PASSWORD');
  if (!email || !password) return;
  const found = await rt.db
    .select({ id: dashboardAdmins.id })
    .from(dashboardAdmins)
    .where(sql`lower(${dashboardAdmins.email}) = ${email}`)
    .limit(1);
  if (found[0]) return;
  await rt.db
    .insert(dashboardAdmins)
    .values({ id: newDashboardId('adm'), email, passwordHash: await hashPassword(password) })
    .onConflictDoNothing();
  log.info({ email }, 'dashboard: created the admin from JUNCTION_ADMIN_EMAIL');
}
