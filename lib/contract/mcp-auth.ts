import { z } from 'zod';
import { ListEnvelope } from './common';
import { qInt, qList, qStrings } from './query';

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

const consentLinkFields = {
  id: z.string().describe('mcpl_…: names the link in the list and for revocation'),
  resource: z.string().describe('The MCP URL the link approves clients for (canonical form)'),
  user_id: z.string().describe('The user behind that MCP URL'),
  created_at: z.string(),
  expires_at: z.string(),
};

/** 201 of create: the only response carrying the link itself (it is not stored). */
export const ConsentLinkView = z.object({
  ...consentLinkFields,
  consent_url: z
    .string()
    .describe("Send the user here first; then their MCP client's sign-in for this MCP URL asks them, not an admin"),
});

export const CONSENT_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export const ConsentLinkStatus = z.enum(CONSENT_LINK_STATUSES);

export const ConsentLink = z.object({
  ...consentLinkFields,
  status: ConsentLinkStatus.describe('active until it expires or is revoked'),
  revoked_at: z.string().nullable(),
  opened_at: z.string().nullable().describe('First time a browser opened the link'),
  last_used_at: z.string().nullable().describe('Last time a client was approved through the link'),
});
export const ConsentLinkList = ListEnvelope(ConsentLink);

export const ListConsentLinksQuery = z.object({
  user_ids: qStrings(),
  statuses: qList(ConsentLinkStatus),
  limit: qInt(1, 100),
  cursor: z.string().optional(),
});

export const ConsentLinkParams = z.object({
  id: z
    .string()
    .max(100)
    .regex(/^mcpl_[A-Za-z0-9]+$/, { message: 'must be an approval link id (mcpl_…)' }),
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
