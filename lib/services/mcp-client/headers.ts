import type { ToolkitDef } from '../../catalog/types';
import type { CallAuth } from '../tools/credentials';
import { MissingCredentialError } from '../tools/credentials';

/** The placeholder a custom MCP toolkit's API_KEY headers carry (hosted `{{generic_api_key}}`). */
export const API_KEY_PLACEHOLDER = '{{generic_api_key}}';

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}

/** HTTP headers that carry a connected account's credentials to a remote MCP server. */
export function mcpAuthHeaders(toolkit: ToolkitDef, auth: CallAuth): Record<string, string> {
  const val = auth.val ?? {};
  switch (auth.mode) {
    case 'NO_AUTH':
      return {};
    case 'API_KEY': {
      const key = str(val.generic_api_key) ?? str(val.api_key) ?? str(val.token);
      if (!key) throw new MissingCredentialError('the account has no API key (generic_api_key)');
      const templates = toolkit.mcp?.headers;
      if (!templates || !Object.keys(templates).length) return { authorization: `Bearer ${key}` };
      return Object.fromEntries(
        Object.entries(templates).map(([k, v]) => [k.toLowerCase(), v.split(API_KEY_PLACEHOLDER).join(key)]),
      );
    }
    case 'BEARER_TOKEN': {
      const t = str(val.token) ?? str(val.bearer_token) ?? str(val.access_token);
      if (!t) throw new MissingCredentialError('the account has no bearer token');
      return { authorization: `Bearer ${t}` };
    }
    default: {
      const t = str(val.access_token);
      if (!t) throw new MissingCredentialError('the account has no access token');
      return { authorization: `Bearer ${t}` };
    }
  }
}
