import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { hashApiKey, keyHint, newApiKey, newId } from '../../crypto/ids';
import { announceChange } from '../cache/bus';
import { API_KEY_CHANGE, forgetKey } from './caller';
import type { KeyPermissions } from '../../contract/key-permissions';

/**
 * Revoked keys leave this process's cache at once and every other process's when the revoking
 * transaction commits (NOTIFY is delivered at commit, so a rolled-back revocation tells nobody).
 */
async function forgetKeys(db: Tx, rows: { hash: string }[]) {
  for (const r of rows) {
    forgetKey(r.hash);
    await announceChange(db, API_KEY_CHANGE, r.hash);
  }
}

export interface IssuedKey {
  id: string;
  key: string;
}

/** Make a key: the value is returned once here and stored only as its hash. */
export async function issueKey(
  db: Tx,
  input: {
    kind: 'project' | 'user' | 'org';
    orgId: string;
    projectId?: string;
    memberId?: string;
    name?: string;
    value?: string;
    /** a scoped key's areas; undefined or null: full access */
    permissions?: KeyPermissions | null;
    allowedIps?: string[] | null;
    expiresAt?: Date | null;
  },
): Promise<IssuedKey> {
  const key = input.value ?? newApiKey(input.kind);
  const id = newId('apiKey');
  await db.insert(apiKeys).values({
    id,
    kind: input.kind,
    orgId: input.orgId,
    projectId: input.projectId ?? null,
    memberId: input.memberId ?? null,
    name: input.name ?? 'default',
    keyHash: hashApiKey(key),
    hint: keyHint(key),
    permissions: input.permissions ?? null,
    allowedIps: input.allowedIps ?? null,
    expiresAt: input.expiresAt ?? null,
  });
  return { id, key };
}

export async function listProjectKeys(db: Tx, projectId: string) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      hint: apiKeys.hint,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      permissions: apiKeys.permissions,
      allowedIps: apiKeys.allowedIps,
      expiresAt: apiKeys.expiresAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.projectId, projectId), eq(apiKeys.kind, 'project'), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}

/** Revoke a project's key by id; returns its hint, or undefined when the project has no such live key. */
export async function revokeKey(db: Tx, projectId: string, keyId: string): Promise<string | undefined> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, keyId),
        eq(apiKeys.projectId, projectId),
        eq(apiKeys.kind, 'project'),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning({ hash: apiKeys.keyHash, hint: apiKeys.hint });
  await forgetKeys(db, rows);
  return rows[0]?.hint;
}

export async function revokeAllProjectKeys(db: Tx, projectId: string) {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.projectId, projectId), isNull(apiKeys.revokedAt)))
    .returning({ hash: apiKeys.keyHash });
  await forgetKeys(db, rows);
}

/** Revoke one member's personal key; returns its hint, or undefined when the member has no such live key. */
export async function revokeMemberKey(
  db: Tx,
  orgId: string,
  memberId: string,
  keyId: string,
): Promise<string | undefined> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, keyId),
        eq(apiKeys.orgId, orgId),
        eq(apiKeys.memberId, memberId),
        eq(apiKeys.kind, 'user'),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning({ hash: apiKeys.keyHash, hint: apiKeys.hint });
  await forgetKeys(db, rows);
  return rows[0]?.hint;
}

/**
 * Revoke whichever of these keys exist, of any kind and any org (a leaked key reported by whoever found
 * it, POST /api_key_revocation). Returns what was revoked, for the audit log; the caller is told nothing.
 */
export async function revokeLeakedKeys(db: Tx, keys: string[]) {
  const hashes = [...new Set(keys.map(hashApiKey))];
  if (!hashes.length) return [];
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(inArray(apiKeys.keyHash, hashes), isNull(apiKeys.revokedAt)))
    .returning({
      id: apiKeys.id,
      hash: apiKeys.keyHash,
      hint: apiKeys.hint,
      kind: apiKeys.kind,
      orgId: apiKeys.orgId,
      projectId: apiKeys.projectId,
    });
  await forgetKeys(db, rows);
  return rows;
}
