/**
 * The format of `lib/catalog/mappings/<toolkit>.yaml` (see README.md next to this file): one zod
 * schema, used by the build to reject a malformed file with the path of the bad node, and exported
 * as `mapping.schema.json` for editors (`npx tsx scripts/catalog/mapping-schema.ts` rewrites it; a
 * unit test checks the committed copy is current).
 */
import { z } from 'zod';
import { HIDDEN_HEADERS } from '../http-types';

const SLUG = /^[a-z0-9_]+$/;
const TOOL_SLUG = /^[A-Z0-9_]+$/;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;

export const ArgType = z.enum(['string', 'integer', 'number', 'boolean', 'array', 'object']);

/** One argument of a mapped tool, in the hosted spelling (the key). */
export const MappingArg = z
  .object({
    type: ArgType.optional().describe('one primitive type; required for `op:` entries'),
    required: z.boolean().optional(),
    description: z.string().optional(),
    as: z
      .string()
      .min(1)
      .optional()
      .describe(
        "`op:`: the provider's parameter name (for a body argument a dotted path, `ticket.comment.body`, nests it); `operation:`: the compiled operation's argument name",
      ),
    in: z.enum(['path', 'query', 'body', 'header']).optional(),
    raw: z
      .literal(true)
      .optional()
      .describe('path argument that may hold `/` (Google resource names): segments encoded, `.`/`..`/empty refused'),
    prefix: z
      .string()
      .regex(/^[A-Za-z0-9_-]+\/([A-Za-z0-9_-]+\/)*$/, 'resource collection(s) ending in /, e.g. spaces/')
      .optional()
      .describe('raw path argument: added when the value does not start with it, so an id and a full name both work'),
    items: ArgType.optional().describe("the array's element type (default string)"),
    enum: z.array(z.union([z.string(), z.number()])).optional(),
    default: z.unknown().optional().describe('documented default (shown to agents, not sent)'),
    format: z.string().optional(),
    examples: z.array(z.unknown()).optional().describe('sample values shown to agents (not sent)'),
    json: z
      .literal(true)
      .optional()
      .describe(
        'an object or array value is sent as its JSON text (GraphQL JSON scalars such as monday column values)',
      ),
  })
  .strict();

const KEY_PATH = /^[A-Za-z_$][\w$-]*(\.[A-Za-z_$][\w$-]*|\.\d+)*$/;

/** One GraphQL operation as data: the document, its variables from the arguments, the part of `data` returned. */
export const MappingGraphql = z
  .object({
    document: z.string().min(1).describe('one query or mutation; every argument is a `$variable` of it'),
    result: z
      .string()
      .regex(KEY_PATH, 'a dotted key path into data, e.g. boards.0.groups')
      .optional()
      .describe("what the tool returns: that part of GraphQL's data, under its last key (default: the whole data)"),
  })
  .strict();

export const MappingTool = z
  .object({
    slug: z.string().regex(TOOL_SLUG, 'upper-case slug'),
    name: z.string().min(1).optional(),
    op: z
      .string()
      .regex(/^(GET|POST|PUT|PATCH|DELETE|HEAD) \/\S*$/, 'METHOD /path')
      .optional(),
    operation: z
      .string()
      .min(1)
      .optional()
      .describe('an operationId of the toolkit’s compiled OpenAPI document, or `METHOD /path` of one without'),
    same_as: z
      .string()
      .regex(TOOL_SLUG)
      .optional()
      .describe("another toolkit's tool, run with this toolkit's connection"),
    important: z.boolean().optional(),
    description: z.string().min(1).optional(),
    args: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'argument name'), MappingArg).optional(),
    rename: z.record(z.string(), z.string()).optional().describe('alternate spelling → declared argument'),
    defaults: z.record(z.string(), z.unknown()).optional(),
    aliases: z.array(z.string().regex(TOOL_SLUG)).optional(),
    body_arg: z.string().optional(),
    wrap: z
      .string()
      .regex(/^[A-Za-z_$][\w$-]*(\.[A-Za-z_$][\w$-]*)*$/, 'a key or dotted key path')
      .optional()
      .describe(
        'nest every body argument under this key (`ticket`); the argument named as the key itself is the whole wrapper object, merged',
      ),
    content_type: z.string().optional(),
    server_url: z.string().url().optional(),
    tags: z.array(z.string()).optional(),
    deprecated: z.boolean().optional(),
    no_auth: z.boolean().optional(),
    response_headers: z
      .array(
        z
          .string()
          .regex(/^[A-Za-z0-9][A-Za-z0-9-]*\*?$/, 'a header name, or a prefix ending in * (Zr-*)')
          .refine((h) => !HIDDEN_HEADERS.test(h), { message: 'cookies and credentials are never returned' }),
      )
      .min(1)
      .optional()
      .describe(
        "response headers returned beside the body as data.response_headers (a name, or a prefix ending in *), for providers that answer partly in headers (ZenRows' X-Request-Cost)",
      ),
    graphql: MappingGraphql.optional().describe(
      'the tool is this GraphQL operation, POSTed to `op:`; arguments are its variables (`as`: the variable, dotted into an input object)',
    ),
  })
  .strict()
  .refine((t) => [t.op, t.operation, t.same_as].filter((x) => x !== undefined).length === 1, {
    message: 'exactly one of op, operation, same_as',
  })
  .refine((t) => !t.graphql || t.op?.startsWith('POST '), { message: 'a graphql tool needs `op: POST /endpoint`' })
  .refine((t) => !t.important || t.description, { message: 'an important tool needs a description (our own words)' });

const Field = z
  .object({
    name: z.string().min(1),
    display_name: z.string().optional(),
    description: z.string().optional(),
    required: z.boolean().optional(),
    secret: z.boolean().optional(),
    default: z.string().optional(),
    enum: z
      .array(z.string().min(1))
      .min(1)
      .optional()
      .describe('the only values the field may take; a URL template may then take a dotted host from it'),
  })
  .strict()
  .refine((f) => !f.enum || f.default === undefined || f.enum.includes(f.default), {
    message: 'the default must be one of enum',
  });

export const AuthMode = z.enum([
  'OAUTH2',
  'API_KEY',
  'BEARER_TOKEN',
  'BASIC',
  'NO_AUTH',
  'S2S_OAUTH2',
  'GOOGLE_SERVICE_ACCOUNT',
]);

export const MappingAuth = z
  .object({
    mode: AuthMode,
    name: z.string().optional(),
    authorization_url: z.string().url().optional(),
    token_url: z.string().url().optional(),
    scopes: z.array(z.string()).optional(),
    scope_separator: z.string().optional(),
    token_auth: z.enum(['client_secret_post', 'client_secret_basic']).optional(),
    auth_params: z.record(z.string(), z.string()).optional(),
    pkce: z.boolean().optional(),
    grant_type: z
      .string()
      .regex(/^[A-Za-z0-9_:.-]+$/)
      .optional()
      .describe("S2S_OAUTH2: the token request's grant_type when not client_credentials (Zoom: account_credentials)"),
    token_params: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'S2S_OAUTH2: extra token-request fields; `{field}` is filled from the connection (account_id: "{account_id}")',
      ),
    base_url: z.string().optional(),
    placement: z
      .object({
        in: z.enum(['header', 'query', 'bearer', 'basic']),
        name: z.string().optional(),
        prefix: z.string().optional(),
        password: z
          .string()
          .optional()
          .describe('in: basic: the fixed password the provider documents after the key (Freshdesk: X)'),
      })
      .strict()
      .optional(),
    fields: z.array(Field).optional(),
  })
  .strict()
  .refine((a) => a.mode !== 'OAUTH2' || (a.authorization_url && a.token_url), {
    message: 'OAUTH2 needs authorization_url and token_url',
  })
  .refine((a) => a.mode !== 'S2S_OAUTH2' || a.token_url, { message: 'S2S_OAUTH2 needs token_url' })
  .refine((a) => !a.placement || a.placement.in === 'bearer' || a.placement.in === 'basic' || a.placement.name, {
    message: 'header and query placements need a name',
  });

export const MappingRequest = z
  .object({
    method: z.enum(METHODS),
    path: z.string().startsWith('/'),
    query: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
    body: z.unknown().optional(),
  })
  .strict();

export const MappingDefine = z
  .object({
    name: z.string().min(1),
    description: z.string().min(1),
    categories: z.array(z.string()).default([]),
    app_url: z.string().url().optional(),
    base_url: z.string().min(1),
    default_headers: z.record(z.string(), z.string()).optional(),
    verify: z
      .object({ method: z.enum(METHODS).default('GET'), path: z.string().startsWith('/') })
      .strict()
      .optional(),
    auth: z.array(MappingAuth).default([]),
  })
  .strict();

export const MappingFile = z
  .object({
    $schema: z.string().optional(),
    toolkit: z.string().regex(SLUG, 'lower-case toolkit slug'),
    source: z
      .object({ hosted: z.string().optional(), api_docs: z.string().optional() })
      .catchall(z.string())
      .optional(),
    define: MappingDefine.optional(),
    tools: z.array(MappingTool).default([]),
    check: z
      .object({
        tool: z.string().regex(TOOL_SLUG),
        arguments: z.record(z.string(), z.unknown()).default({}),
        scheme: AuthMode.optional().describe('the auth scheme to connect with (default: the first)'),
        connection: z.record(z.string(), z.string()).optional().describe('extra connection fields'),
        request: MappingRequest,
      })
      .strict()
      .optional(),
    left_out: z.record(z.string().regex(TOOL_SLUG), z.string().min(1)).optional(),
  })
  .strict();

export type MappingFile = z.infer<typeof MappingFile>;
export type MappingTool = z.infer<typeof MappingTool>;
export type MappingArg = z.infer<typeof MappingArg>;
export type MappingGraphql = z.infer<typeof MappingGraphql>;
export type MappingAuth = z.infer<typeof MappingAuth>;
export type MappingDefine = z.infer<typeof MappingDefine>;

/** The JSON Schema editors use (yaml-language-server); input shape, so defaults stay optional. */
export function mappingJsonSchema(): unknown {
  return z.toJSONSchema(MappingFile, { io: 'input', unrepresentable: 'any' });
}

/** The committed file's exact text (two-space JSON and a final newline). */
export function mappingJsonSchemaText(): string {
  return `${JSON.stringify(mappingJsonSchema(), null, 2)}\n`;
}
