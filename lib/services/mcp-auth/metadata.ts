import type { Runtime } from '../../runtime';
import { MCP_SCOPE } from './resources';

/** RFC 8414 authorization server metadata. The issuer is the server's origin. */
export function authorizationServerMetadata(rt: Runtime) {
  const issuer = new URL(rt.config.publicUrl).origin;
  const methods = ['none', 'client_secret_basic', 'client_secret_post'];
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    registration_endpoint: `${issuer}/oauth/register`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: methods,
    revocation_endpoint_auth_methods_supported: methods,
    scopes_supported: [MCP_SCOPE],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${issuer}/api/v3/openapi.json`,
  };
}
