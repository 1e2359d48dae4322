import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { oauthFlows } from '../../db/schema';
import { encryptJson } from '../../crypto/secrets';
import { randomToken } from '../../crypto/ids';
import { nowMs } from '../../clock';
import { getProjectSettings } from '../tenancy/projects';

/**
 * Callback identity verification (v3.1 surface §2.1, §2.2). A project that sets `callback_verifier_url`
 * has no OAuth connection activated by the provider's redirect alone: the browser goes on to the
 * project's verifier with a single-use `session_uri`, the project's server works out which of its users
 * is logged in there and redeems the reference with POST /connected_accounts/complete_auth. Only then
 * are the tokens fetched, so an authorization link forwarded to someone else connects nobody's account.
 */

/** How long a held authorization waits for complete_auth. */
export const COMPLETION_TTL_MS = 10 * 60_000;

export async function callbackVerifierUrl(rt: Runtime, projectId: string): Promise<string | undefined> {
  const v = (await getProjectSettings(rt.db, projectId)).callback_verifier_url;
  return typeof v === 'string' && v ? v : undefined;
}

/** The lookup form of a session_uri; the value itself is never stored. */
export function completionHash(sessionUri: string): string {
  return createHash('sha256').update(`complete_auth:${sessionUri}`).digest('hex');
}

/** User ids that cannot be verified: blank, whitespace or the SDK's placeholder. */
export function isPlaceholderUser(userId: string | undefined | null): boolean {
  const u = userId?.trim() ?? '';
  return u === '' || u === 'default';
}

export const REAL_USER_REQUIRED =
  'This project requires callback identity verification, so a real user_id is required (a blank or default placeholder user cannot be verified).';

/** Keep the provider's answer (encrypted); returns the verifier address, with a fresh session_uri, for the browser. */
export async function holdForVerification(
  rt: Runtime,
  flow: typeof oauthFlows.$inferSelect,
  q: URLSearchParams,
  verifierUrl: string,
): Promise<string> {
  const sessionUri = `session_${randomToken(40)}`;
  await rt.db
    .update(oauthFlows)
    .set({
      heldEnc: encryptJson(rt.keyring, Object.fromEntries(q)),
      completionHash: completionHash(sessionUri),
      completionExpiresAt: new Date(nowMs() + COMPLETION_TTL_MS),
    })
    .where(eq(oauthFlows.id, flow.id));
  const u = new URL(verifierUrl);
  u.searchParams.set('session_uri', sessionUri);
  return u.toString();
}
