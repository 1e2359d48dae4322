/**
 * One mapping file (`<toolkit>.yaml`, already checked by `schema.ts`) → catalog data: the toolkit it
 * defines (if any) and one ToolDef per entry. Pure and synchronous; the build runs it with the
 * toolkit's generated operations, and tests run it on the committed files.
 *
 * - `op:` entries become a tool with an `http` descriptor and an input schema built from `args`;
 * - `operation:` entries take the compiled operation of that operationId, renamed to the hosted slug
 *   (the generated slug stays reachable as a deprecated alias);
 * - `same_as:` entries are placeholders the registry resolves when it loads the toolkit (same_as.ts),
 *   because the target may be a curated composite that only exists in code.
 */
import type { AuthField, AuthSchemeDef, JsonSchemaObject, ToolDef, ToolHttp, ToolkitDef } from '../types';
import type { ToolParam } from '../http-types';
import {
  apiKeyScheme,
  basicScheme,
  bearerTokenScheme,
  field,
  googleServiceAccountScheme,
  oauth2Scheme,
  s2sOAuth2Scheme,
} from '../curated/toolkit-def';
import type { MappingArg, MappingAuth, MappingDefine, MappingFile, MappingTool } from './schema';

export class MappingError extends Error {}

export interface MappingResult {
  /** set when the file has `define` */
  toolkit?: ToolkitDef;
  /** tools to add (they replace generated tools of the same slug) */
  tools: ToolDef[];
  /** generated slugs an `operation:` entry renamed: kept as deprecated aliases of the hosted slug */
  renamed: Map<string, string>;
}

const OUTPUT: JsonSchemaObject = {
  type: 'object',
  properties: {
    data: { type: 'object', description: 'The provider’s answer' },
    successful: { type: 'boolean', description: 'Whether the call succeeded' },
    error: { type: 'string', nullable: true, description: 'Error message when the call failed' },
  },
  required: ['data', 'successful'],
};

/** `ADD_A_DEAL` of `PIPEDRIVE_ADD_A_DEAL` in words: "Add a deal". */
export function nameFromSlug(toolkit: string, slug: string): string {
  const rest = slug.startsWith(`${toolkit.toUpperCase()}_`) ? slug.slice(toolkit.length + 1) : slug;
  const words = rest.toLowerCase().split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The `{name}` placeholders of a path, in order. */
export function placeholders(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

function argSchema(a: MappingArg): Record<string, unknown> {
  const type = a.type ?? 'string';
  const s: Record<string, unknown> = { type };
  if (a.description) s.description = a.description;
  if (type === 'array')
    s.items = a.items === 'object' ? { type: 'object', properties: {} } : { type: a.items ?? 'string' };
  if (type === 'object') s.properties = {};
  if (a.enum) s.enum = a.enum;
  if (a.default !== undefined) s.default = a.default;
  if (a.format) s.format = a.format;
  if (a.examples) s.examples = a.examples;
  return s;
}

/**
 * A body argument's place: a dotted provider name is a path into the JSON body (`ticket.subject`),
 * and a tool's `wrap` nests every body argument under its key, except the one whose provider name
 * is the wrap key itself (the whole wrapper object, merged with the flat ones at run time). Names
 * that only look dotted are one key: OData annotations (`customerid_account@odata.bind`) and keys
 * with an empty part (Dropbox's `.tag`).
 */
export function bodyParam(provider: string, wrap?: string): ToolParam {
  const own = /^[^.@]+(\.[^.@]+)+$/.test(provider) ? provider.split('.') : [provider];
  const keys = provider === wrap ? own : [...(wrap ? wrap.split('.') : []), ...own];
  return keys.length > 1 ? { in: 'body', name: provider, at: keys } : { in: 'body', name: provider };
}

/** The run-time flags of a path argument that keeps its slashes. */
function rawOf(a: MappingArg): Pick<ToolParam, 'raw' | 'prefix'> {
  if (!a.raw) return {};
  return a.prefix ? { raw: true, prefix: a.prefix } : { raw: true };
}

/**
 * A GraphQL tool's argument: the variable it names (`as`, default the argument's name), or a field of an
 * input-object variable (`input.title`), placed under the request body's `variables`. The document must
 * use that variable, so a renamed argument cannot silently stop reaching the provider.
 */
function variableParam(provider: string, a: MappingArg, document: string, at: string): ToolParam {
  const keys = provider.split('.');
  if (!new RegExp(`\\$${keys[0]}\\b`).test(document))
    throw new MappingError(`${at}: the document has no variable $${keys[0]}`);
  return { in: 'body', name: `variables.${provider}`, at: ['variables', ...keys], ...(a.json ? { json: true } : {}) };
}

function opTool(file: MappingFile, t: MappingTool, at: string): ToolDef {
  const [method, path] = t.op!.split(' ') as [ToolHttp['method'], string];
  const holes = new Set(placeholders(path));
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const params: ToolHttp['params'] = {};
  const filled = new Set<string>();
  const gql = t.graphql;
  if (gql && (t.wrap || t.body_arg)) throw new MappingError(`${at}: a graphql tool takes neither wrap nor body_arg`);
  for (const [name, a] of Object.entries(t.args ?? {})) {
    if (!a.type) throw new MappingError(`${at}.args.${name}: an \`op:\` argument needs a type`);
    properties[name] = argSchema(a);
    const provider = a.as ?? name;
    if (gql && a.in !== 'header') {
      if (a.in)
        throw new MappingError(`${at}.args.${name}: a graphql argument is a variable (only in: header is allowed)`);
      params[name] = variableParam(provider, a, gql.document, `${at}.args.${name}`);
      if (a.required) required.push(name);
      continue;
    }
    const loc = a.in ?? (holes.has(provider) ? 'path' : /^(GET|DELETE|HEAD)$/.test(method) ? 'query' : 'body');
    if (a.json && loc !== 'body') throw new MappingError(`${at}.args.${name}: json is for body arguments`);
    if (loc === 'path') {
      if (!holes.has(provider)) throw new MappingError(`${at}.args.${name}: the path has no {${provider}}`);
      filled.add(provider);
    }
    if (a.raw && loc !== 'path') throw new MappingError(`${at}.args.${name}: raw is for path arguments`);
    if (a.prefix && !a.raw) throw new MappingError(`${at}.args.${name}: prefix needs raw`);
    if (a.required || loc === 'path') required.push(name);
    if (name !== t.body_arg)
      params[name] =
        loc === 'body'
          ? { ...bodyParam(provider, t.wrap), ...(a.json ? { json: true as const } : {}) }
          : { in: loc, name: provider, ...rawOf(a) };
  }
  if (t.wrap && t.body_arg) throw new MappingError(`${at}: wrap and body_arg exclude each other`);
  for (const h of holes) if (!filled.has(h)) throw new MappingError(`${at}: no argument fills {${h}} of ${path}`);
  if (t.body_arg && !(t.body_arg in properties))
    throw new MappingError(`${at}.body_arg: ${t.body_arg} is not an argument`);
  const http: ToolHttp = { method, path, params };
  if (t.body_arg) http.bodyArg = t.body_arg;
  if (t.content_type) http.contentType = t.content_type;
  if (t.server_url) http.serverUrl = t.server_url;
  if (gql) http.graphql = { document: gql.document, ...(gql.result ? { result: gql.result.split('.') } : {}) };
  const input: JsonSchemaObject = { type: 'object', properties };
  if (required.length) input.required = [...new Set(required)];
  const name = t.name ?? nameFromSlug(file.toolkit, t.slug);
  const api = file.define?.name ?? file.toolkit;
  return {
    slug: t.slug,
    name,
    description:
      t.description ??
      (gql
        ? `${name}: one GraphQL ${/^\s*mutation\b/.test(gql.document) ? 'mutation' : 'query'} of the ${api} API.`
        : `${name}: sends ${method} ${path} to the ${api} API.`),
    toolkit: file.toolkit,
    tags: t.tags ?? [],
    scopes: [],
    important: t.important ?? false,
    noAuth: t.no_auth ?? false,
    deprecated: t.deprecated ?? false,
    inputParameters: input,
    outputParameters: OUTPUT,
    http,
  };
}

function renamedOperation(file: MappingFile, t: MappingTool, gen: ToolDef, at: string): ToolDef {
  if (t.wrap) throw new MappingError(`${at}: wrap is for op: entries (give each argument a dotted as instead)`);
  const props = { ...(gen.inputParameters.properties as Record<string, Record<string, unknown>>) };
  const required = new Set(gen.inputParameters.required ?? []);
  const params = { ...gen.http.params };
  let bodyArg = gen.http.bodyArg;
  for (const [name, a] of Object.entries(t.args ?? {})) {
    const from = a.as ?? name;
    let schema = props[from];
    if (schema) {
      if (from !== name) {
        delete props[from];
        if (params[from]) {
          params[name] = params[from]!;
          delete params[from];
        }
        if (bodyArg === from) bodyArg = name;
        if (required.delete(from)) required.add(name);
      }
    } else if (a.in && a.type) {
      // an argument the description lacks: declared with its place (a dotted body name nests it)
      params[name] = a.in === 'body' ? bodyParam(from) : { in: a.in, name: from, ...rawOf(a) };
      schema = {};
    } else {
      throw new MappingError(`${at}.args.${name}: ${gen.slug} has no argument ${from} (give in and type to add one)`);
    }
    if (a.raw) {
      if (params[name]?.in !== 'path') throw new MappingError(`${at}.args.${name}: raw is for path arguments`);
      params[name] = { ...params[name]!, ...rawOf(a) };
    }
    schema = { ...schema, ...(a.type ? argSchema(a) : {}) };
    if (a.description) schema.description = a.description;
    props[name] = schema;
    if (a.required === true) required.add(name);
    if (a.required === false) required.delete(name);
  }
  const http: ToolHttp = { ...gen.http, params };
  if (bodyArg !== undefined) http.bodyArg = bodyArg;
  if (t.content_type) http.contentType = t.content_type;
  if (t.server_url) http.serverUrl = t.server_url;
  const input: JsonSchemaObject = { ...gen.inputParameters, properties: props };
  if (required.size) input.required = [...required];
  else delete input.required;
  return {
    ...gen,
    slug: t.slug,
    name: t.name ?? gen.name,
    // non-important tools keep the text the provider's description gives the operation
    description: t.description ?? gen.description,
    toolkit: file.toolkit,
    tags: t.tags ?? gen.tags,
    important: t.important ?? gen.important,
    deprecated: t.deprecated ?? false,
    inputParameters: input,
    http,
  };
}

/**
 * A tool that returns some of the answer's headers (`response_headers:`): the executor adds them as
 * `data.response_headers`, a name absent from the answer as null, and the output schema says so.
 */
function withResponseHeaders(tool: ToolDef, names: string[]): ToolDef {
  const selected = [...new Set(names.map((n) => n.toLowerCase()))];
  const outProps = tool.outputParameters.properties as Record<string, Record<string, unknown>>;
  const data = outProps.data ?? { type: 'object' };
  const dataProps = (data.properties as Record<string, unknown> | undefined) ?? {};
  const headers = {
    type: 'object',
    description: `Response headers of the provider's answer: ${selected.join(', ')} (null when absent)`,
    properties: Object.fromEntries(
      selected.filter((n) => !n.endsWith('*')).map((n) => [n, { type: 'string', nullable: true }]),
    ),
  };
  return {
    ...tool,
    http: { ...tool.http, responseHeaders: selected },
    outputParameters: {
      ...tool.outputParameters,
      properties: { ...outProps, data: { ...data, properties: { ...dataProps, response_headers: headers } } },
    },
  };
}

function sameAsPlaceholder(file: MappingFile, t: MappingTool): ToolDef {
  return {
    slug: t.slug,
    name: t.name ?? '',
    description: t.description ?? '',
    toolkit: file.toolkit,
    tags: t.tags ?? [],
    scopes: [],
    important: t.important ?? false,
    noAuth: false,
    deprecated: t.deprecated ?? false,
    inputParameters: { type: 'object', properties: {} },
    outputParameters: OUTPUT,
    http: { method: 'POST', path: '/', params: {} },
    sameAs: t.same_as!,
  };
}

function fieldOf(f: NonNullable<MappingAuth['fields']>[number]): AuthField {
  const out = field(
    f.name,
    f.display_name ?? f.name,
    f.description ?? f.display_name ?? f.name,
    f.required ?? true,
    f.secret ?? false,
  );
  if (f.default !== undefined) out.default = f.default;
  if (f.enum) out.choices = f.enum;
  return out;
}

/** One `define.auth` entry → the scheme `GET /toolkits/{slug}` shows and the executor follows. */
export function authScheme(a: MappingAuth, toolkitName: string): AuthSchemeDef {
  const extra = (a.fields ?? []).map(fieldOf);
  let s: AuthSchemeDef;
  switch (a.mode) {
    case 'OAUTH2':
      s = oauth2Scheme({
        authorizationUrl: a.authorization_url!,
        tokenUrl: a.token_url!,
        scopes: a.scopes ?? [],
        separator: a.scope_separator,
        authParams: a.auth_params,
        tokenAuthMethod: a.token_auth,
        connection: extra,
      });
      if (a.pkce) s.oauth!.pkce = true;
      break;
    case 'S2S_OAUTH2':
      s = s2sOAuth2Scheme({
        tokenUrl: a.token_url!,
        scopes: a.scopes ?? [],
        separator: a.scope_separator,
        connection: extra,
        grantType: a.grant_type,
        tokenParams: a.token_params,
        tokenAuthMethod: a.token_auth,
      });
      break;
    case 'GOOGLE_SERVICE_ACCOUNT':
      s = googleServiceAccountScheme({ scopes: a.scopes ?? [], connection: extra });
      break;
    case 'API_KEY': {
      const p = a.placement ?? { in: 'header', name: 'Authorization', prefix: 'Bearer ' };
      s = apiKeyScheme(
        `Your ${toolkitName} API key`,
        p.in === 'header'
          ? { in: 'header', name: p.name!, field: 'api_key', ...(p.prefix ? { prefix: p.prefix } : {}) }
          : p.in === 'query'
            ? { in: 'query', name: p.name!, field: 'api_key' }
            : p.in === 'basic'
              ? { in: 'basic', usernameField: 'api_key', passwordField: 'api_key_password' }
              : { in: 'bearer', field: 'api_key' },
      );
      if (p.in === 'basic') {
        // a key sent as the Basic user name, with the provider's fixed password (Freshdesk: X) or an
        // empty one (Stripe-style)
        s.placement = [
          {
            in: 'basic',
            usernameField: 'api_key',
            passwordField: '',
            ...(p.password !== undefined ? { password: p.password } : {}),
          },
        ];
      }
      s.connectionFields.required.push(...extra.filter((f) => f.required));
      s.connectionFields.optional.push(...extra.filter((f) => !f.required));
      break;
    }
    case 'BEARER_TOKEN':
      s = bearerTokenScheme(`A ${toolkitName} access token`, extra);
      break;
    case 'BASIC':
      s = basicScheme(extra);
      break;
    case 'NO_AUTH':
      s = {
        mode: 'NO_AUTH',
        name: 'No auth',
        authConfigFields: { required: [], optional: [] },
        connectionFields: { required: extra, optional: [] },
      };
      break;
  }
  if (a.name) s.name = a.name;
  if (a.base_url) s.baseUrl = a.base_url;
  return s;
}

export function defineToolkit(file: MappingFile, d: MappingDefine, version: string, sha: string): ToolkitDef {
  const keyed = d.auth.filter((a) => a.mode !== 'NO_AUTH');
  // a toolkit that needs no credentials is listed with its NO_AUTH scheme, as the hosted catalog (and hackernews) do
  const authSchemes = (keyed.length ? keyed : d.auth).map((a) => authScheme(a, d.name));
  return {
    slug: file.toolkit,
    name: d.name,
    description: d.description,
    logo: '',
    ...(d.app_url ? { appUrl: d.app_url } : {}),
    categories: d.categories.map((slug) => ({ slug, name: categoryName(slug) })),
    version,
    baseUrl: d.base_url.replace(/\/+$/, ''),
    authSchemes,
    noAuth: keyed.length === 0,
    toolsCount: 0,
    ...(d.verify ? { getCurrentUserEndpoint: d.verify.path, verifyOnConnect: true } : {}),
    ...(d.verify && d.verify.method !== 'GET' ? { getCurrentUserMethod: d.verify.method } : {}),
    ...(d.default_headers ? { defaultHeaders: d.default_headers } : {}),
    source: {
      package: 'junction (mapping)',
      version: sha.slice(0, 12),
      document: `lib/catalog/mappings/${file.toolkit}.yaml`,
    },
  };
}

/** `developer-tools` → `Developer Tools` (the category table in overlays.ts names the known ones the same way). */
function categoryName(slug: string): string {
  return slug
    .split('-')
    .map((w) => (w === 'and' ? '&' : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

/** An older hosted name of a mapped tool: listed as deprecated, still executable. */
export function aliasOf(target: ToolDef, slug: string, _at = ''): ToolDef {
  return {
    ...target,
    slug,
    important: false,
    deprecated: true,
    description: target.sameAs
      ? target.description
      : `Older name of ${target.slug}; prefer that slug. ${target.description}`,
    aliasOf: target.slug,
  };
}

export interface CompileMappingOptions {
  /** the toolkit's generated tools (empty when it has no OpenAPI document) */
  generated: ToolDef[];
  version: string;
  /** content hash of the file, recorded in the data */
  sha: string;
  /**
   * Generated slugs that are hosted names themselves: an `operation:` entry on such an operation adds a
   * second tool instead of renaming it, so the hosted name stays a current tool.
   */
  keep?: ReadonlySet<string>;
}

export function compileMapping(file: MappingFile, o: CompileMappingOptions): MappingResult {
  const prefix = `${file.toolkit.toUpperCase()}_`;
  const byOpId = new Map<string, ToolDef>();
  // an operation is named by its operationId, or by `METHOD /path` when the description gives it none
  for (const g of o.generated) {
    if (g.aliasOf) continue;
    const keys = [g.operationId, `${g.http.method} ${g.http.path}`];
    for (const k of keys) if (k && !byOpId.has(k)) byOpId.set(k, g);
  }
  const tools: ToolDef[] = [];
  const renamed = new Map<string, string>();
  const aliases: ToolDef[] = [];
  const seen = new Set<string>();
  file.tools.forEach((t, i) => {
    const at = `tools[${i}] ${t.slug}`;
    if (!t.slug.startsWith(prefix)) throw new MappingError(`${at}: slug must start with ${prefix}`);
    if (seen.has(t.slug)) throw new MappingError(`${at}: slug given twice`);
    seen.add(t.slug);
    let tool: ToolDef;
    if (t.op) tool = opTool(file, t, at);
    else if (t.operation) {
      const gen = byOpId.get(t.operation);
      if (!gen) throw new MappingError(`${at}: operation ${t.operation} is not in ${file.toolkit}'s compiled document`);
      tool = renamedOperation(file, t, gen, at);
      if (gen.slug !== t.slug && !renamed.has(gen.slug) && !o.keep?.has(gen.slug)) renamed.set(gen.slug, t.slug);
    } else tool = sameAsPlaceholder(file, t);
    if (t.response_headers) {
      if (t.same_as) throw new MappingError(`${at}: response_headers is for op: and operation: entries`);
      tool = withResponseHeaders(tool, t.response_headers);
    }
    // every tool of a credential-free toolkit runs without a connected account
    if (file.define && !file.define.auth.some((a) => a.mode !== 'NO_AUTH') && !t.same_as) tool.noAuth = true;
    tool.mapped = true;
    if (t.rename && Object.keys(t.rename).length) tool.argRenames = t.rename;
    if (t.defaults && Object.keys(t.defaults).length) tool.argDefaults = t.defaults;
    if (!t.same_as) {
      const props = tool.inputParameters.properties;
      for (const [alt, to] of Object.entries(t.rename ?? {}))
        if (!(to in props)) throw new MappingError(`${at}.rename.${alt}: ${to} is not an argument`);
    }
    tools.push(tool);
    for (const a of t.aliases ?? []) aliases.push(aliasOf(tool, a, `${at}.aliases`));
  });
  for (const a of aliases) {
    if (seen.has(a.slug)) continue; // a mapped tool of that name exists: it wins
    if (!a.slug.startsWith(prefix)) throw new MappingError(`${a.slug}: an alias must start with ${prefix}`);
    seen.add(a.slug);
    tools.push(a);
  }
  for (const slug of renamed.keys()) if (seen.has(slug)) renamed.delete(slug);
  return {
    ...(file.define ? { toolkit: defineToolkit(file, file.define, o.version, o.sha) } : {}),
    tools,
    renamed,
  };
}
