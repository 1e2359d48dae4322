import { z } from 'zod';
import { AllowedIpsBody, KeyPermissionsBody } from './key-permissions';

export const Project = z.object({ id: z.string(), name: z.string(), org_id: z.string(), created_at: z.string() });
export const ProjectList = z.object({ items: z.array(Project), total_items: z.number().int() });
export const NewProjectBody = z.object({
  name: z.string().min(1).max(100),
  should_create_api_key: z.boolean().optional(),
});
export const NewProjectResponse = Project.extend({ api_key: z.string().nullable() });
export const ProjectIdParams = z.object({ id: z.string() });
export const RegenerateKeyResponse = z.object({ id: z.string(), api_key: z.string() });

/** Our extension: the calling project and its keys (the dashboard's "connected as project X"). */
export const CurrentProject = z.object({
  id: z.string(),
  name: z.string(),
  org_id: z.string(),
  api_keys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      hint: z.string(),
      created_at: z.string(),
      last_used_at: z.string().nullable(),
    }),
  ),
});
export const NewKeyBody = z.object({
  name: z.string().min(1).max(100).default('default'),
  /** a scoped key (v3.1 surface §11.2): `{ area: level }`; absent or null: full access */
  permissions: KeyPermissionsBody.nullable().optional(),
  /** addresses or CIDR ranges the key may be used from */
  allowed_ips: AllowedIpsBody.nullable().optional(),
  /** when the key stops working (ISO 8601, in the future) */
  expires_at: z.iso
    .datetime({ offset: true })
    .refine((v) => Date.parse(v) > Date.now(), 'must be in the future')
    .nullable()
    .optional(),
});
/** The key's scope as stored, echoed on creation and in listings (null: unrestricted). */
const KeyScope = {
  permissions: z
    .record(z.string(), z.enum(['read', 'write', 'read_write']))
    .nullable()
    .optional(),
  allowed_ips: z.array(z.string()).nullable().optional(),
  expires_at: z.string().nullable().optional(),
};
export const NewKeyResponse = z.object({ id: z.string(), name: z.string(), key: z.string(), ...KeyScope });

/** A key as listed: never the key itself, only its display hint. */
export const KeySummary = z.object({
  id: z.string(),
  name: z.string(),
  hint: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  ...KeyScope,
});
export const KeyList = z.object({ items: z.array(KeySummary) });
export const KeyIdParams = z.object({ id: z.string(), key_id: z.string() });
export const Member = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  created_at: z.string(),
  api_keys: z.array(KeySummary),
});
export const MemberList = z.object({ items: z.array(Member) });

/** Our extension: the organization's audit log, newest first. */
export const AuditLogQuery = z.object({
  action: z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z.array(z.string().max(100)).max(20).optional(),
    )
    .describe('Comma-separated actions, e.g. api_key.create,dashboard.sign_in'),
  actor: z.string().max(254).optional().describe('An admin email or a key hint (e.g. ak_abcd…)'),
  target: z.string().max(200).optional().describe('The id the action was about'),
  since: z.iso.datetime({ offset: true }).optional().describe('Entries at or after this time (ISO 8601)'),
  until: z.iso.datetime({ offset: true }).optional().describe('Entries at or before this time (ISO 8601)'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const AuditEntry = z.object({
  id: z.string(),
  action: z.string(),
  actor: z.string(),
  actor_type: z.enum(['admin', 'key', 'end_user', 'anonymous', 'system']),
  target: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  ip: z.string().nullable(),
  project_id: z.string().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  created_at: z.string(),
});
export const AuditLogPage = z.object({ items: z.array(AuditEntry), next_cursor: z.string().nullable() });

/** POST /api_key_revocation: keys of any kind found leaked, at most 100 at a time. */
export const KeyRevocationBody = z.object({ api_keys: z.array(z.string().min(1).max(512)).min(1).max(100) });
export const KeyRevocationResponse = z.object({ received: z.literal(true) });
