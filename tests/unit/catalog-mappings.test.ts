import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMapping, MappingError, placeholders } from '../../lib/catalog/mappings/compile';
import { parseMapping, readMappings } from '../../lib/catalog/mappings/load';
import { mappingJsonSchemaText } from '../../lib/catalog/mappings/schema';
import { getTool, getToolkit, getToolkitTools } from '../../lib/catalog/registry';
import type { ToolDef } from '../../lib/catalog/types';

// One table test over every lib/catalog/mappings/<toolkit>.yaml, read against the committed data
// (lib/catalog/data, built by scripts/catalog/build.ts): cheap, no OpenAPI document is loaded.
const root = process.cwd();
const mappings = [...readMappings(root).values()];
const hashes = JSON.parse(readFileSync(path.join(root, 'lib/catalog/data/mappings.json'), 'utf8')) as Record<
  string,
  string
>;
const legacy = JSON.parse(readFileSync(path.join(root, 'scripts/catalog/hosted-tools.json'), 'utf8')) as {
  arguments: Record<string, string[]>;
};

interface HostedEntry {
  slug: string;
  name?: string;
  arguments?: string[];
  required?: string[];
}
/** hosted argument names a tool must accept: the per-toolkit list's required ones, else the extract's documented ones */
function hostedArgs(toolkit: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const file = path.join(root, 'scripts/catalog/hosted', `${toolkit}.json`);
  if (existsSync(file)) {
    const list = JSON.parse(readFileSync(file, 'utf8')) as { tools: HostedEntry[] };
    for (const t of list.tools) if (t.required?.length) out.set(t.slug, t.required);
  }
  for (const [slug, args] of Object.entries(legacy.arguments))
    if (slug.startsWith(`${toolkit.toUpperCase()}_`) && !out.has(slug)) out.set(slug, args);
  return out;
}

const accepts = (t: ToolDef, arg: string) =>
  arg in t.inputParameters.properties || Object.hasOwn(t.argRenames ?? {}, arg);

describe('mapping files', () => {
  it('the committed JSON schema is the one schema.ts generates', () => {
    const committed = readFileSync(path.join(root, 'lib/catalog/mappings/mapping.schema.json'), 'utf8');
    expect(committed, 'run npx tsx scripts/catalog/mapping-schema.ts').toBe(mappingJsonSchemaText());
  });

  it('the compiled data is current with every file (else: npx tsx scripts/catalog/build.ts --only <toolkit>)', () => {
    expect(Object.keys(hashes).sort()).toEqual(mappings.map((m) => m.file.toolkit).sort());
    for (const m of mappings) expect(hashes[m.file.toolkit], m.path).toBe(m.sha);
  });

  describe.each(mappings.map((m) => [m.file.toolkit, m] as const))('%s', (toolkit, m) => {
    const tools = getToolkitTools(toolkit);
    const bySlug = new Map(tools.map((t) => [t.slug, t]));

    it('belongs to a toolkit of the catalog', () => {
      expect(getToolkit(toolkit), `${toolkit} is neither compiled, defined nor declared in code`).toBeDefined();
    });

    it('every entry compiled into a tool of the toolkit, under its own prefix and once', () => {
      const slugs = m.file.tools.map((t) => t.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const e of m.file.tools) {
        expect(e.slug.startsWith(`${toolkit.toUpperCase()}_`), e.slug).toBe(true);
        const t = bySlug.get(e.slug);
        expect(t, `${e.slug} is not in the loaded toolkit`).toBeDefined();
        for (const a of e.aliases ?? []) expect(bySlug.get(a)?.deprecated, `${a} (alias)`).toBe(true);
      }
    });

    it('operation entries name an operation of the compiled document', () => {
      for (const e of m.file.tools.filter((x) => x.operation)) {
        const t = bySlug.get(e.slug)!;
        // a curated tool of the same slug (code) wins over the mapping; then the mapping is dead weight
        expect(t.curated, `${e.slug} is also curated in code: drop one`).toBeUndefined();
        if (/^[A-Z]+ \//.test(e.operation!)) expect(`${t.http.method} ${t.http.path}`, e.slug).toBe(e.operation);
        else expect(t.operationId, e.slug).toBe(e.operation);
      }
    });

    it('every path placeholder is filled by a path argument', () => {
      for (const e of m.file.tools.filter((x) => !x.same_as)) {
        const t = bySlug.get(e.slug)!;
        if (t.curated) continue;
        for (const h of placeholders(t.http.path)) {
          const arg = Object.entries(t.http.params).find(([, p]) => p.in === 'path' && p.name === h)?.[0];
          expect(arg, `${e.slug}: {${h}} of ${t.http.path}`).toBeDefined();
          expect(t.inputParameters.required ?? [], `${e.slug}: ${arg} must be required`).toContain(arg);
          expect(t.inputParameters.properties[arg!], `${e.slug}: ${arg}`).toBeDefined();
        }
        for (const [arg, p] of Object.entries(t.http.params))
          expect(t.inputParameters.properties[arg], `${e.slug}: http.params.${arg} (${p.in})`).toBeDefined();
      }
    });

    it("the hosted tools' documented arguments are accepted", () => {
      const args = hostedArgs(toolkit);
      for (const e of m.file.tools) {
        const t = bySlug.get(e.slug)!;
        for (const a of args.get(e.slug) ?? []) expect(accepts(t, a), `${e.slug} does not accept ${a}`).toBe(true);
      }
    });

    it('same_as targets exist in another toolkit, and the tool takes their arguments', () => {
      for (const e of m.file.tools.filter((x) => x.same_as)) {
        const target = getTool(e.same_as!);
        expect(target, `${e.slug} → ${e.same_as}`).toBeDefined();
        expect(target!.toolkit).not.toBe(toolkit);
        const t = bySlug.get(e.slug)!;
        expect(t.inputParameters).toEqual(target!.inputParameters);
        expect(t.sameAs).toBe(target!.aliasOf ?? target!.slug);
      }
    });

    it('the check (if any) names a tool of the toolkit with arguments it accepts', () => {
      if (!m.file.check) return;
      const t = bySlug.get(m.file.check.tool);
      expect(t, m.file.check.tool).toBeDefined();
      for (const a of Object.keys(m.file.check.arguments)) expect(accepts(t!, a), a).toBe(true);
    });

    it('no name is both mapped and left out', () => {
      for (const e of m.file.tools) expect(m.file.left_out?.[e.slug], e.slug).toBeUndefined();
    });
  });
});

describe('compiling one file', () => {
  const gen: ToolDef = {
    slug: 'DEMO_GET_THING',
    name: 'Get thing',
    description: 'Returns one thing, as the provider describes it.',
    toolkit: 'demo',
    tags: [],
    scopes: [],
    important: false,
    noAuth: false,
    deprecated: false,
    inputParameters: {
      type: 'object',
      properties: { thing_id: { type: 'string' }, expand: { type: 'array', items: { type: 'string' } } },
      required: ['thing_id'],
    },
    outputParameters: { type: 'object', properties: {} },
    http: {
      method: 'GET',
      path: '/things/{id}',
      params: { thing_id: { in: 'path', name: 'id' }, expand: { in: 'query', name: 'expand[]' } },
    },
    operationId: 'GetThing',
  };
  const compile = (yaml: string) =>
    compileMapping(parseMapping(yaml, 'demo.yaml'), { generated: [gen], version: 'v', sha: 'abc' });

  it('op entries: arguments placed by path/method, provider names via as, required list, sentence description', () => {
    const r = compile(`toolkit: demo
tools:
  - slug: DEMO_ADD_NOTE
    op: POST /boards/{board_id}/notes
    args:
      board: { type: string, as: board_id }
      text: { type: string, required: true }
      tags: { type: array, items: string, in: query }
    rename: { boardId: board }
    defaults: { text: hello }
    aliases: [DEMO_CREATE_NOTE]
`);
    const t = r.tools[0]!;
    expect(t.http).toEqual({
      method: 'POST',
      path: '/boards/{board_id}/notes',
      params: {
        board: { in: 'path', name: 'board_id' },
        text: { in: 'body', name: 'text' },
        tags: { in: 'query', name: 'tags' },
      },
    });
    expect(t.inputParameters.required).toEqual(['board', 'text']);
    expect(t.inputParameters.properties.tags).toEqual({ type: 'array', items: { type: 'string' } });
    expect(t.description).toBe('Add note: sends POST /boards/{board_id}/notes to the demo API.');
    expect(t.argRenames).toEqual({ boardId: 'board' });
    expect(t.argDefaults).toEqual({ text: 'hello' });
    expect(r.tools[1]).toMatchObject({ slug: 'DEMO_CREATE_NOTE', deprecated: true, aliasOf: 'DEMO_ADD_NOTE' });
  });

  it("operation entries: renamed to the hosted slug, arguments renamed, the operation's text kept", () => {
    const r = compile(`toolkit: demo
tools:
  - { slug: DEMO_RETRIEVE_THING, operation: GetThing, args: { id: { as: thing_id } } }
`);
    const t = r.tools[0]!;
    expect(t).toMatchObject({ slug: 'DEMO_RETRIEVE_THING', description: gen.description, operationId: 'GetThing' });
    expect(t.http.params).toEqual({ id: { in: 'path', name: 'id' }, expand: { in: 'query', name: 'expand[]' } });
    expect(t.inputParameters.required).toEqual(['id']);
    expect(Object.keys(t.inputParameters.properties).sort()).toEqual(['expand', 'id']);
    expect(r.renamed.get('DEMO_GET_THING')).toBe('DEMO_RETRIEVE_THING');
  });

  it.each([
    ['an unfilled placeholder', 'op: GET /x/{id}', /no argument fills \{id\}/],
    ['an unknown operation', 'operation: Nope', /operation Nope is not in/],
    ['a foreign prefix', 'op: GET /x', /must start with DEMO_/, 'OTHER_X'],
    ['a rename onto nothing', 'op: GET /x\n    rename: { a: b }', /b is not an argument/],
  ])('rejects %s', (_what, line, re, slug = 'DEMO_X') => {
    expect(() => compile(`toolkit: demo\ntools:\n  - slug: ${slug}\n    ${line}\n`)).toThrow(re as RegExp);
    expect(() => compile(`toolkit: demo\ntools:\n  - slug: ${slug}\n    ${line}\n`)).toThrow(MappingError);
  });

  it.each([
    ['two kinds in one entry', '  - { slug: DEMO_X, op: GET /x, operation: GetThing }', /exactly one of op/],
    ['an important tool without our description', '  - { slug: DEMO_X, op: GET /x, important: true }', /description/],
    ['an unknown key', '  - { slug: DEMO_X, op: GET /x, colour: red }', /colour/],
    ['a lower-case slug', '  - { slug: demo_x, op: GET /x }', /upper-case/],
  ])('the schema rejects %s', (_what, line, re) => {
    expect(() => parseMapping(`toolkit: demo\ntools:\n${line}\n`, 'demo.yaml')).toThrow(re as RegExp);
  });

  it('define: OAuth2 and API-key schemes with their fields, the verification request', () => {
    const r = compile(`toolkit: demo
define:
  name: Demo
  description: A demo service.
  base_url: https://{region}.demo.example/api
  verify: { method: GET, path: /me }
  auth:
    - mode: OAUTH2
      authorization_url: https://demo.example/oauth/authorize
      token_url: https://demo.example/oauth/token
      scopes: [read, write]
      scope_separator: ','
      pkce: true
      auth_params: { prompt: consent }
    - mode: API_KEY
      placement: { in: header, name: X-Api-Key }
      fields: [{ name: region, display_name: Region }]
`);
    const k = r.toolkit!;
    expect(k).toMatchObject({
      slug: 'demo',
      baseUrl: 'https://{region}.demo.example/api',
      getCurrentUserEndpoint: '/me',
    });
    expect(k.authSchemes[0]!.oauth).toMatchObject({
      authorizationUrl: 'https://demo.example/oauth/authorize',
      defaultScopes: ['read', 'write'],
      scopeSeparator: ',',
      pkce: true,
      authParams: { prompt: 'consent' },
    });
    expect(k.authSchemes[1]!.placement).toEqual([{ in: 'header', name: 'X-Api-Key', field: 'api_key' }]);
    expect(k.authSchemes[1]!.connectionFields.required.map((f) => f.name)).toEqual(['api_key', 'region']);
  });
});
