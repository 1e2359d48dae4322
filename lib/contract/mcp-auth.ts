import { z } from 'zod';

/**
 * MCP authorization: the client registration document (RFC 7591) and the extension endpoints the
 * dashboard uses for consent and for the list of authorized clients. The OAuth endpoints
 * themselves (/oauth/*, /.well-known/*) answer in their RFCs' formats, outside the v3 envelope.
 */

const httpsUrl = z.string().max(2000).url();

/** RFC 7591 §2 client metadata, as far as Junction uses it; unknown fields are kept and echoed. */
export const ClientRegistrationBody = z.looseObject({
  redirect_uris: z.array(z.string().max(2000)).min(1).max(10),
  token_endpoint_auth_method: z.enum(['none', 'client_secret_post', 'client_secret_basic']).optional(),
  grant_types: z
    .array(z.enum(['authorization_code', 'refresh_token']))
    .max(2)
    .optional(),
  response_types: z.array(z.literal('code')).max(1).optional(),
  client_name: z.string().max(200).optional(),
  client_uri: httpsUrl.optional(),
  logo_uri: httpsUrl.optional(),
  tos_uri: httpsUrl.optional(),
  policy_uri: httpsUrl.optional(),
  scope: z.string().max(1000).optional(),
  contacts: z.array(z.string().max(320)).max(10).optional(),
  software_id: z.string().max(200).optional(),
  software_version: z.string().max(200).optional(),
});
export type ClientRegistrationBody = z.infer<typeof ClientRegistrationBody>;

export const RequestParams = z.object({ request_id: z.string().min(1).max(100) });
export const GrantParams = z.object({ grant_id: z.string().min(1).max(100) });

const ClientView = z.object({
  client_id: z.string(),
  client_name: z.string().nullable(),
  client_uri: z.string().nullable(),
  logo_uri: z.string().nullable(),
  kind: z
    .enum(['registered', 'metadata_document'])
    .describe('registered (RFC 7591) or a client ID metadata document URL'),
});

export const AuthorizationRequestView = z.object({
  id: z.string(),
  client: ClientView,
  redirect_uri: z.string(),
  resource: z.string().describe('The one MCP URL the client asks to use'),
  resource_kind: z.string(),
  user_id: z.string().describe('The user whose tools and connected accounts the client will use'),
  scope: z.string(),
  expires_at: z.string(),
});

export const ConsentResult = z.object({
  redirect_to: z.string().describe("Send the browser here: the client's redirect URI with the code (or the error)"),
});

export const ConsentLinkCreate = z.object({
  resource: z
    .string()
    .min(1)
    .max(2000)
    .describe('The MCP URL the user will connect: a per-user MCP server URL or a tool router session MCP URL'),
  expires_in_seconds: z
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .optional()
    .describe('How long the link works (default 3600, at most 7 days)'),
});

export const ConsentLinkView = z.object({
  consent_url: z
    .string()
    .describe("Send the user here first; then their MCP client's sign-in for this MCP URL asks them, not an admin"),
  resource: z.string().describe('The MCP URL the link approves clients for (canonical form)'),
  user_id: z.string().describe('The user behind that MCP URL'),
  expires_at: z.string(),
});

export const AuthorizedClient = z.object({
  id: z.string(),
  client: ClientView,
  user_id: z.string(),
  resource: z.string(),
  scope: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

export const AuthorizedClientList = z.object({ items: z.array(AuthorizedClient) });
