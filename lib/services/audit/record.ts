import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditLog, instanceSettings } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { log } from '../../log';

export type AuditOutcome = 'success' | 'failure';
export type AuditActorType = 'admin' | 'key' | 'end_user' | 'anonymous' | 'system';

export interface AuditInput {
  /** omitted for instance-level actions (dashboard sign-in, setup): they belong to the bootstrap org */
  orgId?: string;
  projectId?: string | null;
  actorType: AuditActorType;
  /** an admin's email or a key's hint (`ak_abcd…`): never a key or password */
  actor: string;
  action: string;
  target?: string | null;
  outcome: AuditOutcome;
  ip?: string | null;
  /** small context; values are cut to 200 characters and keys that name secrets are dropped */
  detail?: Record<string, string | number | boolean | null | undefined>;
}

/** The caller of an API request, as the audit log names it. */
export interface AuditActor {
  orgId: string;
  projectId?: string | null;
  actor: string;
  ip?: string | null;
}

// Belt and braces: whatever a caller passes, a field named like a secret never reaches the log.
const SECRETISH = /(secret|password|token|api_key|apikey|private|credential|^key$)/i;

let bootstrapOrg: string | undefined;
async function instanceOrg(db: Tx): Promise<string | undefined> {
  if (bootstrapOrg) return bootstrapOrg;
  const [row] = await db
    .select({ value: instanceSettings.value })
    .from(instanceSettings)
    .where(eq(instanceSettings.key, 'bootstrap'))
    .limit(1);
  bootstrapOrg = (row?.value as { orgId?: string } | undefined)?.orgId;
  return bootstrapOrg;
}

function cleanDetail(d: AuditInput['detail']): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [k, v] of Object.entries(d ?? {})) {
    if (v === undefined || SECRETISH.test(k)) continue;
    out[k] = typeof v === 'string' ? v.slice(0, 200) : v;
  }
  return out;
}

/**
 * Append one entry. An audit write that fails is logged and swallowed: the action it describes has
 * already happened, and failing the caller's request afterwards would only hide that.
 */
export async function recordAudit(db: Tx, input: AuditInput): Promise<void> {
  try {
    const orgId = input.orgId || (await instanceOrg(db));
    if (!orgId) return;
    await db.insert(auditLog).values({
      id: newId('audit'),
      orgId,
      projectId: input.projectId || null,
      actorType: input.actorType,
      actor: input.actor.slice(0, 254),
      action: input.action,
      target: input.target?.slice(0, 200) ?? null,
      outcome: input.outcome,
      ip: input.ip?.slice(0, 64) ?? null,
      detail: cleanDetail(input.detail),
    });
  } catch (err) {
    log.error({ err, action: input.action }, 'audit: could not record an entry');
  }
}

/** Shorthand for API routes: the caller is the request's key. */
export function auditByKey(
  db: Tx,
  who: AuditActor,
  action: string,
  target: string | null,
  outcome: AuditOutcome = 'success',
  detail?: AuditInput['detail'],
) {
  return recordAudit(db, {
    orgId: who.orgId,
    projectId: who.projectId,
    actorType: 'key',
    actor: who.actor,
    ip: who.ip,
    action,
    target,
    outcome,
    detail,
  });
}
