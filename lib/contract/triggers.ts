import { z } from 'zod';
import { qBool, qInt, qStrings, qToolkitVersions } from './query';
import { ListEnvelope } from './common';

const Json = z.record(z.string(), z.unknown());

// ── trigger types (§6) ────────────────────────────────────────────────────────────────
export const TriggerType = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  instructions: z.string(),
  type: z.enum(['webhook', 'poll']),
  config: Json,
  payload: Json,
  toolkit: z.object({ slug: z.string(), name: z.string(), logo: z.string() }),
  version: z.string(),
});
export const TriggerTypeList = ListEnvelope(TriggerType);
export const TriggerTypeEnum = z.array(z.string());
export const ListTriggerTypesQuery = z.object({
  cursor: z.string().optional(),
  limit: qInt(1, 1000),
  toolkit_slugs: qStrings(),
  toolkit_versions: qToolkitVersions(),
});
export const TriggerTypeSlug = z.object({ slug: z.string().min(1).max(200) });
export const GetTriggerTypeQuery = z.object({ toolkit_versions: qToolkitVersions() });

// ── trigger instances (§5) ────────────────────────────────────────────────────────────
export const UpsertTriggerBody = z.object({
  connected_account_id: z.string().optional(),
  /** @deprecated */
  connectedAuthId: z.string().optional(),
  toolkit_versions: z
    .union([z.string(), z.record(z.string(), z.string())])
    .nullable()
    .optional(),
  trigger_config: Json.optional(),
  /** @deprecated */
  triggerConfig: Json.optional(),
  /** @deprecated */
  version: z.string().optional(),
  /** picks the user's first active account of the toolkit when no account is given */
  user_id: z.string().optional(),
});
export type UpsertTriggerBody = z.infer<typeof UpsertTriggerBody>;
export const UpsertTriggerResponse = z.object({ trigger_id: z.string(), deprecated: z.object({ uuid: z.string() }) });

export const ListActiveQuery = z.object({
  auth_config_ids: qStrings(),
  authConfigIds: qStrings(),
  connected_account_ids: qStrings(),
  connectedAccountIds: qStrings(),
  deprecatedAuthConfigUuids: qStrings(),
  deprecatedConnectedAccountUuids: qStrings(),
  trigger_ids: qStrings(),
  triggerIds: qStrings(),
  trigger_names: qStrings(),
  triggerNames: qStrings(),
  user_ids: qStrings(),
  show_disabled: qBool(),
  showDisabled: qBool(),
  cursor: z.string().optional(),
  limit: qInt(1, 1000),
});
export type ListActiveQuery = z.infer<typeof ListActiveQuery>;

export const TriggerInstance = z.object({
  id: z.string(),
  uuid: z.string().optional(),
  connected_account_id: z.string(),
  connected_account_uuid: z.string(),
  connectedAccountId: z.string(),
  user_id: z.string(),
  trigger_name: z.string(),
  triggerName: z.string(),
  trigger_config: Json,
  triggerConfig: Json,
  state: Json,
  trigger_data: z.string().optional(),
  updated_at: z.string(),
  updatedAt: z.string(),
  disabled_at: z.string().nullable(),
  disabledAt: z.string().nullable(),
  version: z.string(),
  deprecated: z.object({ createdAt: z.string() }).optional(),
});
export const TriggerInstanceList = ListEnvelope(TriggerInstance);

export const TriggerInstanceId = z.object({ triggerId: z.string() });
export const ManageBody = z.object({ status: z.enum(['enable', 'disable']) });
export const ManageResponse = z.object({ status: z.literal('success') });
export const DeleteTriggerResponse = z.object({ trigger_id: z.string() });

// ── extension: trigger log ────────────────────────────────────────────────────────────
export const TRIGGER_LOG_OUTCOMES = [
  'events_emitted',
  'no_new_items',
  'filtered',
  'primed',
  'provider_error',
  'rate_limited',
  'auth_error',
  'signature_rejected',
  'duplicate',
  'ignored',
  'disabled',
  'enabled',
  'registration',
  'error',
] as const;
export const TriggerLogEntry = z.object({
  id: z.string(),
  trigger_id: z.string(),
  kind: z.enum(['poll', 'delivery', 'status']),
  outcome: z.enum(TRIGGER_LOG_OUTCOMES),
  events_emitted: z.number().int(),
  http_status: z.number().int().nullable(),
  message: z.string().nullable(),
  detail: Json,
  created_at: z.string(),
});
export const TriggerLogList = ListEnvelope(TriggerLogEntry);
export const TriggerLogQuery = z.object({
  cursor: z.string().optional(),
  limit: qInt(1, 1000),
  outcomes: qStrings(),
});
