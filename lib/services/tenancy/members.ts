import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { errors } from '../../api/errors';
import { issueKey } from './keys';

/** Add a member to the org and issue their personal key (x-user-api-key), shown once. */
export async function addMember(db: Db, orgId: string, email: string) {
  return db.transaction(async (tx) => {
    const existing = await tx.select({ id: members.id }).from(members).where(and(eq(members.orgId, orgId), eq(members.email, email))).limit(1);
    if (existing[0]) throw errors.conflict(`${email} is already a member`, 'Member_Exists');
    const id = newId('member');
    await tx.insert(members).values({ id, orgId, email, role: 'member' });
    const key = await issueKey(tx, { kind: 'user', orgId, memberId: id, name: email });
    return { id, email, user_api_key: key.key };
  });
}
