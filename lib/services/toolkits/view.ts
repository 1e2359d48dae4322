import type { AuthField, ToolkitDef } from '../../catalog/types';
import { managedApp } from '../auth-configs/managed-apps';

const field = (f: AuthField) => ({
  name: f.name,
  displayName: f.displayName,
  description: f.description,
  type: f.type,
  required: f.required,
  ...(f.default !== undefined ? { default: f.default } : {}),
});

const epoch = '2025-01-01T00:00:00.000Z';

/** Schemes this server can manage for the toolkit: OAuth only with a configured app. */
export function managedSchemes(tk: ToolkitDef): string[] {
  return tk.authSchemes
    .filter((s) => (s.mode !== 'OAUTH2' && s.mode !== 'OAUTH1') || managedApp(tk.slug))
    .map((s) => s.mode);
}

export function toolkitListItem(tk: ToolkitDef, triggersCount = 0, type: 'native' | 'custom' = 'native') {
  return {
    slug: tk.slug,
    name: tk.name,
    meta: {
      created_at: epoch,
      updated_at: epoch,
      description: tk.description,
      logo: tk.logo,
      tools_count: tk.toolsCount,
      triggers_count: triggersCount,
      version: tk.version,
      app_url: tk.appUrl ?? null,
      categories: tk.categories.map((c) => ({ id: c.slug, name: c.name })),
    },
    is_local_toolkit: false,
    auth_schemes: tk.authSchemes.map((s) => s.mode),
    composio_managed_auth_schemes: managedSchemes(tk),
    no_auth: tk.noAuth,
    deprecated: { toolkitId: tk.slug },
    type,
  };
}

export function toolkitDetail(tk: ToolkitDef, triggersCount = 0) {
  return {
    slug: tk.slug,
    name: tk.name,
    enabled: true,
    is_local_toolkit: false,
    meta: {
      created_at: epoch,
      updated_at: epoch,
      description: tk.description,
      logo: tk.logo,
      tools_count: tk.toolsCount,
      triggers_count: triggersCount,
      version: tk.version,
      app_url: tk.appUrl ?? null,
      categories: tk.categories,
      available_versions: [tk.version],
    },
    auth_config_details: tk.authSchemes.map((s) => ({
      name: s.name,
      mode: s.mode,
      fields: {
        auth_config_creation: {
          required: s.authConfigFields.required.map(field),
          optional: s.authConfigFields.optional.map(field),
        },
        connected_account_initiation: {
          required: s.connectionFields.required.map(field),
          optional: s.connectionFields.optional.map(field),
        },
      },
      proxy: { base_url: tk.baseUrl },
      ...(s.oauth?.authorizationUrl || s.oauth?.tokenUrl
        ? {
            deprecated_auth_provider_details: {
              ...(s.oauth.authorizationUrl ? { authorization_url: s.oauth.authorizationUrl } : {}),
              ...(s.oauth.tokenUrl ? { token_url: s.oauth.tokenUrl } : {}),
            },
          }
        : {}),
    })),
    composio_managed_auth_schemes: managedSchemes(tk),
    base_url: tk.baseUrl,
    ...(tk.getCurrentUserEndpoint
      ? {
          get_current_user_endpoint: tk.getCurrentUserEndpoint,
          get_current_user_endpoint_method: tk.getCurrentUserMethod ?? 'GET',
        }
      : {}),
    deprecated: { toolkitId: tk.slug, rawProxyInfoByAuthSchemes: [] },
  };
}
