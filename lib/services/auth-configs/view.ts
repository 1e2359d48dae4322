import type { authConfigs } from '../../db/schema';
import type { AuthConfig } from '../../contract/auth-configs';
import type { ToolkitDef } from '../../catalog/types';
import { decryptJson, type Keyring } from '../../crypto/secrets';
import { maskSecrets } from '../connected-accounts/secrets';
import { proxyView } from './proxy';

type Row = typeof authConfigs.$inferSelect;

/** The API shape of an auth config. Secrets in credentials are always masked: they were given by the caller. */
export function authConfigView(
  row: Row,
  toolkit: ToolkitDef | undefined,
  connections: number,
  ring: Keyring,
): AuthConfig {
  const credentials = maskSecrets(decryptJson<Record<string, unknown>>(ring, row.credentialsEnc) ?? {});
  const shared = decryptJson<Record<string, unknown>>(ring, row.sharedCredentialsEnc);
  const scheme = toolkit?.authSchemes.find((s) => s.mode === row.authScheme);
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    no_of_connections: connections,
    status: row.status,
    type: row.type,
    toolkit: { slug: row.toolkitSlug, logo: toolkit?.logo ?? '', auth_guide_url: null },
    auth_scheme: row.authScheme as AuthConfig['auth_scheme'],
    tool_access_config: row.toolAccessConfig,
    is_composio_managed: row.type === 'default',
    is_enabled_for_tool_router: row.isEnabledForToolRouter,
    credentials: {
      ...credentials,
      scopes: row.scopes,
      ...(row.userScopes.length ? { user_scopes: row.userScopes } : {}),
    },
    ...(shared ? { shared_credentials: maskSecrets(shared) } : {}),
    expected_input_fields: scheme ? [...scheme.connectionFields.required, ...scheme.connectionFields.optional] : [],
    restrict_to_following_tools: row.restrictToFollowingTools,
    proxy_config: proxyView(ring, row),
    created_at: row.createdAt.toISOString(),
    last_updated_at: row.updatedAt.toISOString(),
    ...(row.createdBy ? { created_by: row.createdBy } : {}),
    deprecated_params: { default_connector_id: null },
  };
}
