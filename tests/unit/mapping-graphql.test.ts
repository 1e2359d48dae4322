import { describe, expect, it } from 'vitest';
import { Kind, parse, type OperationDefinitionNode, type TypeNode } from 'graphql';
import { compileMapping, MappingError } from '../../lib/catalog/mappings/compile';
import { readMappings } from '../../lib/catalog/mappings/load';
import { MappingTool } from '../../lib/catalog/mappings/schema';
import { getTool } from '../../lib/catalog/registry';
import type { ToolDef } from '../../lib/catalog/types';
import { ToolFailure } from '../../lib/catalog/curated/types';
import { buildToolRequest } from '../../lib/services/tools/http';
import { applyMappedArgs } from '../../lib/services/tools/mapped';
import { graphqlData } from '../../lib/services/tools/graphql-result';

// Every `graphql:` entry of every mapping file (monday, Fireflies …), as the executor would send it:
// the document parses with the reference parser and holds one operation; every argument reaches a
// declared variable; every non-null variable without a default is filled by a required argument (or a
// default); the variables sent, with all arguments or only the required ones, are exactly declared
// ones; `result` starts at a root field the operation selects. No provider schema ships in a registry
// package for Fireflies, and monday's published SDK types predate most of these fields, so documents are
// checked against their own declarations here and against the provider's reference by hand (see the
// comments heading the mapping files).
const entries = [...readMappings(process.cwd()).values()].flatMap((m) =>
  m.file.tools.filter((t) => t.graphql).map((t) => [t.slug, t] as const),
);

function typeText(t: TypeNode): string {
  if (t.kind === Kind.NON_NULL_TYPE) return `${typeText(t.type)}!`;
  if (t.kind === Kind.LIST_TYPE) return `[${typeText(t.type)}]`;
  return t.name.value;
}

function sample(type: string, items?: string): unknown {
  if (type === 'integer') return 7;
  if (type === 'number') return 1.5;
  if (type === 'boolean') return true;
  if (type === 'object') return { k: 'v' };
  if (type === 'array') return [sample(items ?? 'string')];
  return 'x';
}

function sent(tool: ToolDef, args: Record<string, unknown>) {
  const req = buildToolRequest(tool, 'https://provider.example.test', applyMappedArgs(tool, args));
  return JSON.parse(String(req.body)) as { query: string; variables: Record<string, unknown> };
}

describe('graphql mapping entries', () => {
  it('has the monday and Fireflies entries to check', () => {
    expect(entries.filter(([s]) => s.startsWith('MONDAY_')).length).toBeGreaterThanOrEqual(70);
    expect(entries.filter(([s]) => s.startsWith('FIREFLIES_')).length).toBeGreaterThanOrEqual(20);
  });

  it.each(entries)('%s', (slug, entry) => {
    const tool = getTool(slug)!;
    expect(tool, slug).toBeDefined();
    expect(tool.http.graphql?.document).toBe(entry.graphql!.document);
    const doc = parse(entry.graphql!.document);
    const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    expect(ops).toHaveLength(1);
    const op = ops[0]!;
    const declared = new Map((op.variableDefinitions ?? []).map((v) => [v.variable.name.value, v]));
    const args = entry.args ?? {};
    const varOf = (name: string) => (args[name]!.as ?? name).split('.')[0]!;
    for (const name of Object.keys(args)) expect(declared.has(varOf(name)), `${name} → $${varOf(name)}`).toBe(true);
    const required = Object.keys(args).filter((n) => args[n]!.required || entry.defaults?.[n] !== undefined);
    for (const [v, def] of declared) {
      if (typeText(def.type).endsWith('!') && !def.defaultValue)
        expect(
          required.some((n) => varOf(n) === v),
          `$${v} is non-null: a required argument must fill it`,
        ).toBe(true);
    }
    // every argument: all of them reach variables, nothing undeclared
    const all = Object.fromEntries(Object.entries(args).map(([n, a]) => [n, sample(a.type!, a.items)]));
    const full = sent(tool, all);
    expect(full.query).toBe(entry.graphql!.document);
    for (const k of Object.keys(full.variables)) expect(declared.has(k), `${k} sent, not declared`).toBe(true);
    for (const n of Object.keys(args)) {
      const path = (args[n]!.as ?? n).split('.');
      let cur: unknown = full.variables;
      for (const k of path) cur = (cur as Record<string, unknown>)?.[k];
      const want = args[n]!.json ? JSON.stringify(all[n]) : all[n];
      expect(cur, `${n} at variables.${path.join('.')}`).toEqual(want);
    }
    // only the required ones (ids given as digit strings, as GraphQL answers return them)
    const min = Object.fromEntries(
      required
        .filter((n) => args[n])
        .map((n) => [n, args[n]!.type === 'integer' ? '1234567890' : sample(args[n]!.type!, args[n]!.items)]),
    );
    const minimal = sent(tool, min);
    for (const [v, def] of declared)
      if (typeText(def.type).endsWith('!') && !def.defaultValue) expect(minimal.variables[v], `$${v}`).toBeDefined();
    for (const [n, a] of Object.entries(args))
      if (a.type === 'integer' && min[n] !== undefined && !a.as) expect(minimal.variables[n]).toBe(1234567890);
    if (entry.graphql!.result) {
      const roots = op.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []));
      expect(roots, 'result starts at a root field').toContain(entry.graphql!.result.split('.')[0]);
    }
  });
});

describe('graphql entries: format rules', () => {
  const compile = (t: Record<string, unknown>) =>
    compileMapping(
      { toolkit: 'demo', tools: [MappingTool.parse({ slug: 'DEMO_X', op: 'POST /graphql', ...t })] },
      { generated: [], version: 'v', sha: 'x' },
    );
  it('refuses an argument whose variable the document does not declare', () => {
    expect(() =>
      compile({ graphql: { document: 'query Q($a: ID!) { a(id: $a) { id } }' }, args: { b: { type: 'string' } } }),
    ).toThrow(MappingError);
  });
  it('refuses a graphql tool that is not a POST', () => {
    expect(() => MappingTool.parse({ slug: 'DEMO_X', op: 'GET /graphql', graphql: { document: '{ a }' } })).toThrow();
  });
  it('nests dotted arguments into an input variable and sends json: arguments as text', () => {
    const { tools } = compile({
      graphql: { document: 'mutation M($input: In!, $v: JSON) { m(input: $input, v: $v) { id } }', result: 'm' },
      args: {
        title: { type: 'string', as: 'input.title' },
        v: { type: 'object', json: true },
      },
    });
    const body = JSON.parse(
      String(buildToolRequest(tools[0]!, 'https://x.test', { title: 'T', v: { a: 1 } }).body),
    ) as Record<string, unknown>;
    expect(body).toEqual({
      query: 'mutation M($input: In!, $v: JSON) { m(input: $input, v: $v) { id } }',
      variables: { input: { title: 'T' }, v: '{"a":1}' },
    });
  });
  it('answers: errors fail the call, result picks under its last key, a missing part is null', () => {
    expect(() => graphqlData({ document: '', result: ['m'] }, { errors: [{ message: 'Nope' }] })).toThrow(ToolFailure);
    expect(
      graphqlData({ document: '', result: ['boards', '0', 'views'] }, { data: { boards: [{ views: [1] }] } }),
    ).toEqual({ views: [1] });
    expect(graphqlData({ document: '', result: ['boards', '0', 'views'] }, { data: { boards: [] } })).toEqual({
      views: null,
    });
    expect(graphqlData({ document: '' }, { data: { a: 1 } })).toEqual({ a: 1 });
  });
});
