import { z } from 'zod';
import { qBool, qInt, qList, qStrings } from './query';
import { AuthScheme, ConnectionState, ConnectionStatus, ListEnvelope } from './common';

export const ConnectedAccountId = z.object({ nanoid: z.string() });

export const ConnectedAccountAuthConfig = z.object({
  id: z.string(),
  auth_scheme: AuthScheme,
  is_composio_managed: z.boolean(),
  is_service_managed: z.boolean(),
  is_disabled: z.boolean(),
  deprecated: z.object({ uuid: z.string() }).optional(),
});

/** SHARED accounts (v3.1, experimental): who besides the owner may use the connection */
const AclUserIds = z.array(z.string().min(1).max(256)).max(1000);
export const AclConfigInput = z.object({
  allow_all_users: z.boolean().optional(),
  allowed_user_ids: AclUserIds.optional(),
  not_allowed_user_ids: AclUserIds.optional(),
});
export const AccountType = z.enum(['PRIVATE', 'SHARED']);
export const AccountExperimental = z.object({
  account_type: AccountType,
  acl_config_for_shared: z.object({
    allow_all_users: z.boolean(),
    allowed_user_ids: z.array(z.string()),
    not_allowed_user_ids: z.array(z.string()),
  }),
});

export const ConnectedAccount = z.object({
  id: z.string(),
  alias: z.string().nullable(),
  word_id: z.string().nullable(),
  toolkit: z.object({ slug: z.string() }),
  auth_config: ConnectedAccountAuthConfig,
  user_id: z.string().describe('Deprecated: the real user id is not echoed back'),
  status: ConnectionStatus,
  status_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  state: ConnectionState,
  data: z.record(z.string(), z.unknown()),
  params: z.record(z.string(), z.unknown()),
  is_disabled: z.boolean(),
  test_request_endpoint: z.string().optional(),
  deprecated: z.object({ labels: z.array(z.string()), uuid: z.string() }).optional(),
  /** present on SHARED accounts only */
  experimental: AccountExperimental.optional(),
});
export type ConnectedAccount = z.infer<typeof ConnectedAccount>;

export const ListConnectedAccountsQuery = z.object({
  auth_config_ids: qStrings(),
  connected_account_ids: qStrings(),
  toolkit_slugs: qStrings(),
  user_ids: qStrings(),
  statuses: qList(ConnectionStatus),
  cursor: z.string().optional(),
  limit: qInt(1, 1000),
  order_by: z.enum(['created_at', 'updated_at']).optional(),
  order_direction: z.enum(['asc', 'desc']).optional(),
  /** our extension: substring search over id, alias and word id (the dashboard's search box) */
  search: z.string().max(200).optional(),
  /** our extension: fill `user_id` with the owner (see GetConnectedAccountQuery) */
  show_user_id: qBool(),
  /** experimental: PRIVATE accounts unless asked for SHARED ones, or ALL */
  account_type: z.enum(['PRIVATE', 'SHARED', 'ALL']).optional(),
});
export type ListConnectedAccountsQuery = z.infer<typeof ListConnectedAccountsQuery>;

export const ConnectedAccountList = ListEnvelope(ConnectedAccount);

/**
 * Our extension: the hosted API never echoes the owner (`user_id` is the empty string), and neither
 * do we by default, so SDK clients see the hosted shape. A caller that manages accounts for people
 * (the dashboard) asks with `show_user_id=true` and gets the real user id in `user_id`.
 */
export const GetConnectedAccountQuery = z.object({ show_user_id: qBool() });

export const CreateConnectedAccountBody = z.object({
  auth_config: z.object({ id: z.string() }),
  connection: z
    .object({
      alias: z.string().max(100).optional(),
      callback_url: z.url().optional(),
      redirect_uri: z.url().optional(),
      data: z.record(z.string(), z.unknown()).optional(),
      deprecated_is_v1_rerouted: z.boolean().optional(),
      state: ConnectionState.optional(),
      user_id: z.string().min(1).max(255).optional(),
    })
    .default({}),
  validate_credentials: z.boolean().optional(),
});
export type CreateConnectedAccountBody = z.infer<typeof CreateConnectedAccountBody>;

export const CreateConnectedAccountResponse = z.object({
  id: z.string(),
  connectionData: ConnectionState,
  status: ConnectionStatus,
  redirect_url: z.string().nullable(),
  redirect_uri: z.string().nullable(),
  deprecated: z.object({ authConfigUuid: z.string(), uuid: z.string() }),
});

export const UpdateStatusBody = z.object({ enabled: z.boolean() });

export const PatchConnectedAccountBody = z.object({
  alias: z.string().max(100).optional(),
  connection: z
    .object({
      state: z.object({
        authScheme: z.enum([
          'BEARER_TOKEN',
          'API_KEY',
          'BASIC',
          'BASIC_WITH_JWT',
          'GOOGLE_SERVICE_ACCOUNT',
          'SERVICE_ACCOUNT',
        ]),
        val: z.record(z.string(), z.union([z.string(), z.null()])),
      }),
    })
    .optional(),
  /** only on SHARED accounts: patch the access list (omitted fields stay, lists replace) */
  experimental: z.object({ acl_config_for_shared: AclConfigInput }).optional(),
});

export const PatchConnectedAccountResponse = z.object({ id: z.string(), status: z.string(), success: z.boolean() });

export const RefreshQuery = z.object({ redirect_url: z.url().optional() });
export const RefreshBody = z.object({
  body_redirect_url: z.url().optional(),
  redirect_url: z.url().optional(),
  validate_credentials: z.boolean().optional(),
});
export const RefreshResponse = z.object({
  id: z.string(),
  redirect_url: z.string().nullable(),
  status: ConnectionStatus,
});

export const CreateLinkBody = z.object({
  auth_config_id: z.string(),
  user_id: z.string().min(1).max(255),
  alias: z.string().max(100).optional(),
  callback_url: z.url().optional(),
  connection_data: z.record(z.string(), z.unknown()).optional(),
  experimental: z
    .object({ account_type: AccountType.optional(), acl_config_for_shared: AclConfigInput.optional() })
    .optional(),
});
export const CreateLinkResponse = z.object({
  connected_account_id: z.string(),
  expires_at: z.string(),
  link_token: z.string(),
  redirect_url: z.string(),
  experimental: AccountExperimental.optional(),
});

/** Our extension: the status timeline the dashboard shows. */
export const ConnectedAccountTimeline = z.object({
  items: z.array(
    z.object({
      from_status: z.string().nullable(),
      to_status: z.string(),
      reason: z.string().nullable(),
      actor: z.string(),
      created_at: z.string(),
    }),
  ),
});

/** `POST /connected_accounts/{id}/revoke` (the SDK sends no body; `{}` is accepted too). */
export const RevokeBody = z.object({});
export const RevokeResponse = z.object({
  revoked_tokens: z.array(z.enum(['access_token', 'refresh_token', 'credential'])),
  connected_account: z.object({ id: z.string(), status: ConnectionStatus }),
});
/** POST /connected_accounts/complete_auth (v3.1 surface §2.1) */
export const CompleteAuthBody = z.object({
  session_uri: z.string().trim().min(1).max(200),
  user_id: z.string().trim().min(1).max(512),
});
export const CompleteAuthResponse = z.object({
  connected_account_id: z.string(),
  toolkit_slug: z.string(),
  /** the earlier documented shape, kept for clients that read it */
  connected_account: z.object({
    id: z.string(),
    user_id: z.string(),
    status: z.literal('ACTIVE'),
    toolkit: z.object({ slug: z.string() }),
    auth_config: z.object({ id: z.string(), auth_scheme: z.string(), is_composio_managed: z.boolean() }),
  }),
});
