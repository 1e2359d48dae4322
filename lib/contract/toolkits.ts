import { z } from 'zod';
import { qBool, qInt } from './query';
import { ListEnvelope } from './common';

const Field = z.object({
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  type: z.string(),
  required: z.boolean(),
  default: z.string().nullable().optional(),
});
const FieldGroup = z.object({ required: z.array(Field), optional: z.array(Field) });

export const AuthConfigDetail = z.object({
  name: z.string(),
  mode: z.string(),
  fields: z.object({ auth_config_creation: FieldGroup, connected_account_initiation: FieldGroup }),
  auth_hint_url: z.string().nullable().optional(),
  proxy: z.object({ base_url: z.string() }).optional(),
  deprecated_auth_provider_details: z
    .object({ authorization_url: z.string().optional(), token_url: z.string().optional() })
    .optional(),
});

const Meta = z.object({
  created_at: z.string(),
  updated_at: z.string(),
  description: z.string(),
  logo: z.string(),
  tools_count: z.number().int(),
  triggers_count: z.number().int(),
  version: z.string(),
  app_url: z.string().nullable().optional(),
});

export const ToolkitListItem = z.object({
  slug: z.string(),
  name: z.string(),
  meta: Meta.extend({ categories: z.array(z.object({ id: z.string(), name: z.string() })) }),
  is_local_toolkit: z.boolean(),
  auth_schemes: z.array(z.string()),
  composio_managed_auth_schemes: z.array(z.string()),
  no_auth: z.boolean(),
  deprecated: z.object({ toolkitId: z.string() }),
  /** `custom` for a project's own (imported) toolkit, `native` for the catalog's */
  type: z.enum(['native', 'custom']).optional(),
});

export const Toolkit = z.object({
  slug: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  is_local_toolkit: z.boolean(),
  meta: Meta.extend({
    categories: z.array(z.object({ slug: z.string(), name: z.string() })),
    available_versions: z.array(z.string()),
  }),
  auth_config_details: z.array(AuthConfigDetail),
  composio_managed_auth_schemes: z.array(z.string()),
  base_url: z.string().optional(),
  get_current_user_endpoint: z.string().optional(),
  get_current_user_endpoint_method: z.string().optional(),
  deprecated: z.object({
    toolkitId: z.string(),
    rawProxyInfoByAuthSchemes: z.array(z.record(z.string(), z.unknown())),
  }),
});

export const ListToolkitsQuery = z.object({
  category: z.string().optional(),
  cursor: z.string().optional(),
  include_deprecated: qBool(),
  limit: qInt(1, 1000),
  managed_by: z.enum(['composio', 'all', 'project']).optional(),
  search: z.string().max(200).optional(),
  sort_by: z.enum(['usage', 'alphabetically']).optional(),
});

export const ToolkitList = ListEnvelope(ToolkitListItem);
export const CategoryList = ListEnvelope(z.object({ id: z.string(), name: z.string() }));
export const ToolkitSlugParams = z.object({ slug: z.string() });
export const ToolkitGetQuery = z.object({ version: z.string().optional() });

/** `POST /toolkits/multi`: several toolkits by slug, with the list endpoint's filters. */
export const MultiToolkitsBody = z.object({
  toolkits: z.array(z.string().min(1).max(100)).max(1000).optional(),
  category: z.string().max(200).optional(),
  managed_by: z.enum(['composio', 'all', 'project']).optional(),
  sort_by: z.enum(['usage', 'alphabetically']).optional(),
  limit: z.number().int().min(1).max(1000).nullable().optional(),
  cursor: z.string().max(500).optional(),
});

/** `GET /toolkits/changelog`: the version history of every toolkit. */
export const ToolkitChangelog = z.object({
  items: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      display_name: z.string(),
      versions: z.array(z.object({ version: z.string(), changelog: z.string() })),
    }),
  ),
});
