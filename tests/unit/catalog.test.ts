import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CatalogCompileError, compileOpenApi } from '../../lib/catalog/compile';
import {
  catalogStats,
  getTool,
  getToolkit,
  getToolkitTools,
  listToolkits,
  loadAllTools,
  toolkitOfTool,
} from '../../lib/catalog/registry';
import type { ToolDef } from '../../lib/catalog/types';
import { SLUG_PREFIXES } from '../../lib/catalog/curated';

// Mirrors the strict parse of @composio/core's ToolSchema / ParametersSchema, tightened so that
// every property (recursively) carries one primitive JSON-Schema type.
const PrimitiveType = z.enum(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
type Prop = { type: string; properties?: Record<string, Prop>; items?: Prop; [k: string]: unknown };
const Property: z.ZodType<Prop> = z.lazy(() =>
  z
    .object({
      type: PrimitiveType,
      description: z.string().optional(),
      title: z.string().optional(),
      nullable: z.boolean().optional(),
      properties: z.record(z.string(), Property).optional(),
      required: z.array(z.string()).optional(),
      items: Property.optional(),
      enum: z.array(z.any()).optional(),
      minimum: z.number().optional(),
      maximum: z.number().optional(),
      exclusiveMinimum: z.number().optional(),
      exclusiveMaximum: z.number().optional(),
      minLength: z.number().optional(),
      maxLength: z.number().optional(),
      minItems: z.number().optional(),
      maxItems: z.number().optional(),
      pattern: z.string().optional(),
      format: z.string().optional(),
      uniqueItems: z.boolean().optional(),
      examples: z.array(z.any()).optional(),
      additionalProperties: z.union([z.boolean(), Property]).optional(),
    })
    .passthrough(),
) as z.ZodType<Prop>;
const Parameters = z.object({
  type: z.literal('object'),
  properties: z.record(z.string(), Property),
  required: z.array(z.string()).optional(),
  description: z.string().optional(),
  additionalProperties: z.boolean().optional(),
});
const Tool = z.object({
  slug: z
    .string()
    .regex(/^[A-Z0-9_]+$/)
    .max(64),
  name: z.string().min(1),
  description: z.string(),
  toolkit: z.string(),
  tags: z.array(z.string()),
  scopes: z.array(z.string()),
  important: z.boolean(),
  noAuth: z.boolean(),
  deprecated: z.boolean(),
  inputParameters: Parameters,
  outputParameters: Parameters,
  http: z.object({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']),
    path: z.string().startsWith('/'),
    params: z.record(
      z.string(),
      z.object({ in: z.enum(['path', 'query', 'header', 'body']), name: z.string().min(1) }),
    ),
    bodyArg: z.string().optional(),
    contentType: z.string().optional(),
    serverUrl: z.string().optional(),
  }),
});

describe('compiled catalog', () => {
  const toolkits = listToolkits();
  const tools = loadAllTools();

  it('has the expected size', () => {
    expect(toolkits.length).toBeGreaterThanOrEqual(20);
    expect(tools.length).toBeGreaterThanOrEqual(3000);
    // a tool count is what GET /tools lists by default: deprecated aliases resolve but are not counted
    const listed = tools.filter((t) => !t.deprecated);
    expect(catalogStats().tools).toBe(listed.length);
    for (const t of toolkits)
      expect(getToolkitTools(t.slug).filter((x) => !x.deprecated).length, t.slug).toBe(t.toolsCount);
  });

  it('toolkits are well formed', () => {
    for (const t of toolkits) {
      expect(t.slug).toMatch(/^[a-z0-9_]+$/);
      expect(t.name).toBeTruthy();
      expect(t.baseUrl).toMatch(/^https:\/\//);
      // provider MCP toolkits have no catalog tools (a project's sync brings them); checked below
      if (t.mcp) continue;
      expect(t.authSchemes.length).toBeGreaterThan(0);
      expect(t.source.document).toBeTruthy();
      expect(t.version).toMatch(/^\d{8}_\d{2}$/);
      expect(getToolkitTools(t.slug).some((x) => x.important)).toBe(true);
      for (const s of t.authSchemes) {
        if (s.mode === 'OAUTH2') {
          expect(s.authConfigFields.required.map((f) => f.name)).toEqual(['client_id', 'client_secret']);
          expect(s.oauth?.authorizationUrl).toMatch(/^https:/);
          expect(s.oauth?.tokenUrl).toMatch(/^https:/);
        }
        // template variables of the base URL must be connection fields of every scheme
        for (const [, v] of t.baseUrl.matchAll(/\{(\w+)\}/g)) {
          expect([...s.connectionFields.required, ...s.connectionFields.optional].map((f) => f.name)).toContain(v);
        }
      }
    }
  });

  it('provider MCP toolkits: at least 15, each with its https MCP URL and an MCP auth kind', () => {
    const providers = toolkits.filter((t) => t.mcp);
    expect(providers.length).toBeGreaterThanOrEqual(15);
    for (const t of providers) {
      expect(t.slug).toMatch(/_mcp$/);
      expect(t.mcp!.url).toMatch(/^https:\/\/[^/]+/);
      expect(getToolkitTools(t.slug)).toEqual([]);
      for (const s of t.authSchemes) expect(['DCR_OAUTH', 'CIMD_OAUTH', 'API_KEY']).toContain(s.mode);
      if (t.authSchemes.some((s) => s.mode === 'API_KEY'))
        expect(Object.values(t.mcp!.headers ?? {}).join(' ')).toContain('{{generic_api_key}}');
    }
    expect(providers.map((t) => t.slug)).toEqual(
      expect.arrayContaining(['linear_mcp', 'notion_mcp', 'sentry_mcp', 'stripe_mcp', 'github_mcp', 'atlassian_mcp']),
    );
  });

  it('every tool passes the strict SDK-like parse', () => {
    const slugs = new Set<string>();
    const bad: string[] = [];
    for (const tool of tools) {
      const r = Tool.safeParse(tool);
      if (!r.success) bad.push(`${tool.slug}: ${r.error.issues[0]?.path.join('.')} ${r.error.issues[0]?.message}`);
      expect(slugs.has(tool.slug)).toBe(false);
      slugs.add(tool.slug);
      expect(getToolkit(tool.toolkit)).toBeDefined();
      // a toolkit's slugs start with its name, or with a prefix the hosted catalog uses for it (DIGITAL_OCEAN_)
      const prefixes = [`${tool.toolkit.toUpperCase()}_`, ...(SLUG_PREFIXES[tool.toolkit] ?? [])];
      expect(
        prefixes.some((p) => tool.slug.startsWith(p)),
        tool.slug,
      ).toBe(true);
      const props = Object.keys(tool.inputParameters.properties);
      for (const req of tool.inputParameters.required ?? []) expect(props).toContain(req);
      for (const arg of Object.keys(tool.http.params)) expect(props).toContain(arg);
      if (tool.http.bodyArg) expect(props).toContain(tool.http.bodyArg);
      for (const [, name] of tool.http.path.matchAll(/\{([^}]+)\}/g)) {
        expect(Object.values(tool.http.params).some((p) => p.in === 'path' && p.name === name)).toBe(true);
      }
    }
    expect(bad.slice(0, 10)).toEqual([]);
  }, 60_000); // the whole catalog (about 9,000 tools) is parsed: seconds on a busy machine

  it('finds tools by slug through the prefix index', () => {
    const issue = getTool('GITHUB_CREATE_AN_ISSUE');
    expect(issue?.toolkit).toBe('github');
    expect(issue?.important).toBe(true);
    expect(issue?.http).toMatchObject({ method: 'POST', path: '/repos/{owner}/{repo}/issues' });
    expect(issue?.inputParameters.required).toEqual(expect.arrayContaining(['owner', 'repo', 'title']));
    expect(getTool('github_create_an_issue')?.slug).toBe('GITHUB_CREATE_AN_ISSUE');
    expect(toolkitOfTool('GOOGLECALENDAR_EVENTS_INSERT')).toBe('googlecalendar');
    expect(getTool('GITHUB_NOPE_NOT_A_TOOL')).toBeUndefined();
    expect(getTool('NOPE_TOOL')).toBeUndefined();
  });

  it('a slug found once is answered the same from memory, with its toolkit, in any case', () => {
    // one tool of each toolkit with tools: prefixes that overlap (GOOGLE…, GOOGLECALENDAR…) included
    const sample = listToolkits()
      .map((t) => getToolkitTools(t.slug)[0])
      .filter((t): t is ToolDef => !!t);
    expect(sample.length).toBeGreaterThan(50);
    for (const t of sample) {
      const first = getTool(t.slug);
      expect(first?.slug).toBe(t.slug);
      expect(getTool(t.slug.toLowerCase())).toBe(first);
      expect(toolkitOfTool(t.slug)).toBe(first?.toolkit);
    }
    // an unknown slug is never remembered as found
    for (let i = 0; i < 2; i++) expect(getTool('GITHUB_NOPE_NOT_A_TOOL')).toBeUndefined();
  });
});

const petstore = {
  openapi: '3.0.3',
  info: { title: 'Petstore', version: '1.0.0', description: 'Pets.' },
  servers: [{ url: 'https://{env}.petstore.test/v1', variables: { env: { default: 'api' } } }],
  components: {
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
    parameters: { limit: { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100, default: 20 } } },
    schemas: {
      Pet: {
        type: 'object',
        required: ['name'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string', example: 'Rex' },
          tag: { type: 'string', nullable: true },
          status: { type: 'string', enum: ['available', 'sold', null] },
          owner: { $ref: '#/components/schemas/Owner' },
          kind: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        },
      },
      Owner: {
        type: 'object',
        properties: { name: { type: 'string' }, pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
      },
    },
  },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        summary: 'List all pets',
        tags: ['pets'],
        parameters: [
          { $ref: '#/components/parameters/limit' },
          { name: 'X-Api-Key', in: 'header', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } },
          },
        },
      },
      post: {
        operationId: 'createPet',
        summary: 'Create a pet',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
        },
        responses: {
          '201': {
            description: 'created',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
        },
      },
    },
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'showPetById',
        summary: 'Info for a specific pet',
        responses: { '200': { description: 'ok' } },
      },
      put: {
        operationId: 'uploadPetPhoto',
        security: [],
        requestBody: { content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } },
        responses: { '204': { description: 'done' } },
      },
    },
    '/pets/{petId}/dup': {
      get: { operationId: 'listPetsAgain', summary: 'List all pets', responses: {} },
    },
  },
};

describe('compileOpenApi', () => {
  it('compiles a petstore document', () => {
    const { toolkit, tools } = compileOpenApi(petstore, { slug: 'petstore', important: ['createPet'] });
    expect(toolkit).toMatchObject({
      slug: 'petstore',
      name: 'Petstore',
      baseUrl: 'https://api.petstore.test/v1',
      toolsCount: 5,
      noAuth: false,
    });
    expect(toolkit.authSchemes[0]).toMatchObject({
      mode: 'API_KEY',
      placement: [{ in: 'header', name: 'X-Api-Key', field: 'api_key' }],
    });
    expect(tools.map((t) => t.slug)).toEqual([
      'PETSTORE_LIST_ALL_PETS',
      'PETSTORE_CREATE_A_PET',
      'PETSTORE_INFO_FOR_A_SPECIFIC_PET',
      'PETSTORE_UPLOAD_PET_PHOTO',
      'PETSTORE_LIST_PETS_AGAIN', // summary collides with listPets → operationId
    ]);
    const [list, create, show, upload] = tools as [ToolDef, ToolDef, ToolDef, ToolDef];
    // auth header parameter is not an argument; $ref'd query parameter is
    expect(Object.keys(list.inputParameters.properties)).toEqual(['limit']);
    expect(list.inputParameters.properties.limit).toMatchObject({ type: 'integer', maximum: 100, default: 20 });
    expect(list.http).toEqual({ method: 'GET', path: '/pets', params: { limit: { in: 'query', name: 'limit' } } });
    expect(list.outputParameters.properties.data).toMatchObject({ type: 'array', items: { type: 'object' } });
    expect(list.tags).toEqual(['pets']);

    expect(create.important).toBe(true);
    expect(create.inputParameters.required).toEqual(['name']);
    const props = create.inputParameters.properties as Record<string, Record<string, unknown>>;
    expect(props.id).toBeUndefined(); // readOnly
    expect(props.name).toMatchObject({ type: 'string', examples: ['Rex'] });
    expect(props.tag).toMatchObject({ type: 'string', nullable: true });
    expect(props.status).toMatchObject({ type: 'string', enum: ['available', 'sold'] });
    expect(props.kind).toMatchObject({ type: 'string' });
    expect(props.owner).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string' }, pets: { type: 'array' } },
    });
    expect(create.http.params.name).toEqual({ in: 'body', name: 'name' });
    expect(create.http.contentType).toBe('application/json');

    expect(show.inputParameters).toEqual({
      type: 'object',
      properties: { petId: { type: 'string' } },
      required: ['petId'],
    });
    expect(show.outputParameters).toMatchObject({
      type: 'object',
      properties: { data: { type: 'object' }, successful: { type: 'boolean' } },
    });

    expect(upload.noAuth).toBe(true);
    expect(upload.http.bodyArg).toBe('request_body');
    expect(upload.http.contentType).toBe('image/png');
    expect(upload.inputParameters.properties.request_body).toMatchObject({ type: 'string', format: 'binary' });
    expect(upload.name).toBe('Upload pet photo');
  });

  it('rejects invalid documents with a pointer', () => {
    const broken = structuredClone(petstore) as Record<string, any>;
    broken.paths['/pets'].get.parameters = [{ in: 'query', schema: { type: 'string' } }];
    expect(() => compileOpenApi(broken, { slug: 'petstore' })).toThrow(CatalogCompileError);
    expect(() => compileOpenApi(broken, { slug: 'petstore' })).toThrow('paths./pets.get.parameters[0]: missing name');

    const badRef = structuredClone(petstore) as Record<string, any>;
    badRef.paths['/pets'].post.requestBody.content['application/json'].schema = { $ref: '#/components/schemas/Nope' };
    expect(() => compileOpenApi(badRef, { slug: 'petstore' })).toThrow(
      /paths\.\/pets\.post\.requestBody.*cannot resolve \$ref '#\/components\/schemas\/Nope'/,
    );

    expect(() => compileOpenApi({ swagger: '2.0', info: {}, paths: {} }, { slug: 'x' })).toThrow(/^swagger: /);
    expect(() => compileOpenApi({ openapi: '3.0.0', info: { title: 'x' } }, { slug: 'x' })).toThrow(
      'paths: missing paths object',
    );
    expect(() => compileOpenApi(petstore, { slug: 'Bad Slug' })).toThrow(CatalogCompileError);

    // lenient mode skips what it cannot compile
    const r = compileOpenApi(broken, { slug: 'petstore', lenient: true });
    expect(r.tools).toHaveLength(5);
    expect(r.warnings[0]).toMatch(/missing name/);
  });
});
