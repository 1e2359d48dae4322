import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, members } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { errors } from '../../contract/errors';
import { issueKey } from './keys';

/** Add a member to the org and issue their personal key (x-user-api-key), shown once. */
export async function addMember(db: Db, orgId: string, email: string) {
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.orgId, orgId), eq(members.email, email)))
      .limit(1);
    if (existing[0]) throw errors.conflict(`${email} is already a member`, 'Member_Exists');
    const id = newId('member');
    await tx.insert(members).values({ id, orgId, email, role: 'member' });
    const key = await issueKey(tx, { kind: 'user', orgId, memberId: id, name: email });
    return { id, email, user_api_key: key.key };
  });
}

/** The org's members with their live personal keys (hints only). */
export async function listMembers(db: Db, orgId: string) {
  const rows = await db.select().from(members).where(eq(members.orgId, orgId)).orderBy(asc(members.createdAt));
  const keys = await db
    .select({
      id: apiKeys.id,
      memberId: apiKeys.memberId,
      name: apiKeys.name,
      hint: apiKeys.hint,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.kind, 'user'), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt));
  return rows.map((m) => ({
    id: m.id,
    email: m.email,
    role: m.role,
    created_at: m.createdAt.toISOString(),
    api_keys: keys
      .filter((k) => k.memberId === m.id)
      .map((k) => ({
        id: k.id,
        name: k.name,
        hint: k.hint,
        created_at: k.createdAt.toISOString(),
        last_used_at: k.lastUsedAt?.toISOString() ?? null,
      })),
  }));
}
