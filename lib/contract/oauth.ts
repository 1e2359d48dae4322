import { z } from 'zod';

/** §9.1 project config. */
export const ProjectConfig = z.object({
  is_2FA_enabled: z.boolean(),
  log_visibility_setting: z.enum(['show_all', 'dont_store_data']),
  mask_secret_keys_in_connected_account: z.boolean(),
  display_name: z.string().optional(),
  is_composio_link_enabled_for_managed_auth: z.boolean().optional(),
  logo_url: z.string().optional(),
  require_mcp_api_key: z.boolean().optional(),
  signed_url_file_expiry_in_seconds: z.number().optional(),
  /** extension: toolkit slug → upstream base URL used for this project's calls of that toolkit */
  toolkit_base_urls: z.record(z.string(), z.string()).optional(),
  /** callback identity verification: OAuth connections wait for POST /connected_accounts/complete_auth */
  callback_verifier_url: z.string().optional(),
  /** keep metadata, drop payloads; the same switch as log_visibility_setting "dont_store_data" */
  zero_data_retention: z.boolean().optional(),
});
export type ProjectConfig = z.infer<typeof ProjectConfig>;
export const PatchProjectConfigBody = z.object({
  is_2FA_enabled: z.boolean().optional(),
  log_visibility_setting: z.enum(['show_all', 'dont_store_data']).optional(),
  mask_secret_keys_in_connected_account: z.boolean().optional(),
  display_name: z.string().max(100).optional(),
  is_composio_link_enabled_for_managed_auth: z.boolean().optional(),
  logo_url: z.union([z.url(), z.literal('')]).optional(),
  require_mcp_api_key: z.boolean().optional(),
  signed_url_file_expiry_in_seconds: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600)
    .optional(),
  /** extension: replaces the whole map; `{}` clears it. Calls made with these URLs still pass the SSRF guard. */
  toolkit_base_urls: z
    .record(
      z.string().regex(/^[a-z0-9_]{1,64}$/, 'a toolkit slug (lower-case letters, digits, _)'),
      z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).max(2048),
    )
    .refine((m) => Object.keys(m).length <= 100, 'at most 100 toolkits')
    .optional(),
  /**
   * Where a returning OAuth user is sent with `?session_uri=…` for the project's server to confirm who
   * it is (https; http only with JUNCTION_ALLOW_INSECURE_URLS). `''` or null turns verification off.
   */
  callback_verifier_url: z
    .union([z.url({ protocol: /^https?$/, error: 'an https URL' }).max(2048), z.literal(''), z.null()])
    .optional(),
  zero_data_retention: z.boolean().optional(),
});

export const CallbackQuery = z.looseObject({});

export const LinkTokenParams = z.object({ token: z.string().min(1).max(200) });

/** Our extension: what the hosted connect page shows. */
export const LinkViewResponse = z.object({
  state: z.enum(['unknown', 'expired', 'used', 'open']),
  project: z.object({ name: z.string(), logo: z.string().optional() }).optional(),
  toolkit: z.object({ slug: z.string().optional(), name: z.string(), logo: z.string() }).optional(),
  mode: z.string().optional(),
  redirect: z.boolean().optional(),
  fields: z
    .array(
      z.object({
        name: z.string(),
        label: z.string(),
        description: z.string(),
        required: z.boolean(),
        secret: z.boolean(),
        type: z.string(),
        value: z.string(),
      }),
    )
    .optional(),
  expiresAt: z.string().optional(),
});

/** Our extension: refresh an OAuth account's access token now (if due, or forced). */
export const TokenRefreshBody = z.object({ force: z.boolean().optional() });
export const TokenRefreshResponse = z.object({
  id: z.string(),
  status: z.string(),
  refreshed: z.boolean(),
  expires_at: z.string().nullable(),
});
