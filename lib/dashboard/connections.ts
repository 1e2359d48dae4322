import 'server-only';
import { cookies } from 'next/headers';
import { asc, desc, eq } from 'drizzle-orm';
import { dashboardConnections } from '../db/schema';
import { decrypt, encrypt } from '../crypto/secrets';
import { dashboardStore } from './store';
import { newDashboardId } from './on-start';

export const CONNECTION_COOKIE = 'junction_connection';

/** What pages may see of a connection: never the key. */
export interface ConnectionInfo {
  id: string;
  name: string;
  baseUrl: string;
  keyHint: string;
  /** hint of the optional organization key (org-level pages: key management, audit log) */
  orgKeyHint: string | null;
  isDefault: boolean;
  createdAt: string;
}

export interface ActiveConnection extends ConnectionInfo {
  apiKey: string;
  orgApiKey?: string;
}

type Row = typeof dashboardConnections.$inferSelect;
const info = (r: Row): ConnectionInfo => ({
  id: r.id,
  name: r.name,
  baseUrl: r.baseUrl,
  keyHint: r.keyHint,
  orgKeyHint: r.orgKeyHint,
  isDefault: r.isDefault,
  createdAt: r.createdAt.toISOString(),
});

export async function listConnections(): Promise<ConnectionInfo[]> {
  const { db } = await dashboardStore();
  const rows = await db
    .select()
    .from(dashboardConnections)
    .orderBy(desc(dashboardConnections.isDefault), asc(dashboardConnections.createdAt));
  return rows.map(info);
}

export async function getConnection(id: string): Promise<ActiveConnection | undefined> {
  const { db, keyring } = await dashboardStore();
  const [row] = await db.select().from(dashboardConnections).where(eq(dashboardConnections.id, id)).limit(1);
  return row
    ? {
        ...info(row),
        apiKey: decrypt(keyring, row.apiKeyEnc),
        ...(row.orgKeyEnc ? { orgApiKey: decrypt(keyring, row.orgKeyEnc) } : {}),
      }
    : undefined;
}

/** The connection chosen in this browser (cookie), else the default one, else the oldest. */
export async function getActiveConnection(): Promise<ActiveConnection | undefined> {
  const chosen = (await cookies()).get(CONNECTION_COOKIE)?.value;
  if (chosen) {
    const c = await getConnection(chosen);
    if (c) return c;
  }
  const all = await listConnections();
  return all[0] ? getConnection(all[0].id) : undefined;
}

const hintOf = (key: string) => (key.length > 10 ? `${key.slice(0, 6)}…${key.slice(-2)}` : '••••');

export async function addConnection(input: {
  name: string;
  baseUrl: string;
  apiKey: string;
  orgApiKey?: string;
}): Promise<ConnectionInfo> {
  const { db, keyring } = await dashboardStore();
  const key = input.apiKey.trim();
  const orgKey = input.orgApiKey?.trim();
  const [row] = await db
    .insert(dashboardConnections)
    .values({
      id: newDashboardId('dconn'),
      name: input.name.trim(),
      baseUrl: input.baseUrl.trim().replace(/\/+$/, ''),
      apiKeyEnc: encrypt(keyring, key),
      keyHint: hintOf(key),
      ...(orgKey ? { orgKeyEnc: encrypt(keyring, orgKey), orgKeyHint: hintOf(orgKey) } : {}),
      isDefault: false,
    })
    .returning();
  return info(row!);
}

export async function removeConnection(id: string): Promise<boolean> {
  const { db } = await dashboardStore();
  const rows = await db
    .delete(dashboardConnections)
    .where(eq(dashboardConnections.id, id))
    .returning({ id: dashboardConnections.id });
  return rows.length > 0;
}
