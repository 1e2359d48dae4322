import { describe, expect, it } from 'vitest';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { CURATED } from '../../lib/catalog/curated/index';
import { STANDALONE_TOOLS } from '../../lib/catalog/curated/standalone';
import type { CompositeTool, CuratedContext, ProviderRequest } from '../../lib/catalog/curated/types';
import { ToolFailure } from '../../lib/catalog/curated/types';
import type { GraphqlTool } from '../../lib/catalog/curated/graphql';

// Every document of the GraphQL tool kind parses with the reference parser, holds one operation, and the
// variables its tool sends are exactly the ones it declares (non-null ones always present).
// No registry package ships Linear's schema (checked: @linear/sdk has none), so documents are not validated against it.
const tools = [...Object.values(CURATED), ...Object.values(STANDALONE_TOOLS)]
  .flat()
  .filter((t): t is GraphqlTool => t.kind === 'composite' && 'graphql' in t);

/** sample arguments: every property of the input schema with a value of its type */
function sample(t: CompositeTool): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(t.input.properties as Record<string, { type: string }>)) {
    out[k] =
      v.type === 'integer' || v.type === 'number'
        ? 1
        : v.type === 'boolean'
          ? true
          : v.type === 'array'
            ? ['x']
            : v.type === 'object'
              ? {}
              : 'x';
  }
  return out;
}

async function sentBy(t: CompositeTool, args: Record<string, unknown>): Promise<ProviderRequest> {
  let sent: ProviderRequest | undefined;
  const ctx = {
    async call(req: ProviderRequest) {
      sent = req;
      return { status: 200, ok: true, body: { data: {} }, contentType: 'application/json', headers: {} };
    },
  } as unknown as CuratedContext;
  await t.run(ctx, args);
  return sent!;
}

describe('GraphQL tool kind', () => {
  it('has tools to check', () => {
    expect(tools.length).toBeGreaterThanOrEqual(30);
  });

  it.each(tools.map((t) => [t.slug, t] as const))(
    '%s: parses, one operation, variables match the declarations',
    async (_slug, t) => {
      const doc = parse(t.graphql.document);
      const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
      expect(ops).toHaveLength(1);
      const declared = new Map(
        (ops[0]!.variableDefinitions ?? []).map((v) => [v.variable.name.value, v.type.kind === Kind.NON_NULL_TYPE]),
      );
      const req = await sentBy(t, sample(t));
      expect(req).toMatchObject({ method: 'POST', path: t.graphql.path });
      const body = req.body as { query: string; variables: Record<string, unknown> };
      expect(body.query).toBe(t.graphql.document);
      for (const k of Object.keys(body.variables)) expect(declared.has(k), `${k} is sent but not declared`).toBe(true);
      for (const [k, nonNull] of declared) if (nonNull) expect(body.variables[k], `${k} is required`).toBeDefined();
      // only the required arguments: still no undeclared variable, and absent ones are not sent as null
      const required = Object.fromEntries((t.input.required ?? []).map((k) => [k, sample(t)[k]]));
      let minimal: ProviderRequest | undefined;
      try {
        minimal = await sentBy(t, required);
      } catch (e) {
        expect(e).not.toBeInstanceOf(TypeError);
      }
      if (minimal) {
        const vars = (minimal.body as { variables: Record<string, unknown> }).variables;
        expect(JSON.stringify(vars)).not.toContain('null');
        for (const k of Object.keys(vars)) expect(declared.has(k)).toBe(true);
      }
    },
  );

  it("errors in a 200 answer end the tool with the provider's message", async () => {
    const t = tools.find((x) => x.slug === 'LINEAR_CREATE_LINEAR_ISSUE')!;
    const ctx = {
      call: async () => ({
        status: 200,
        ok: true,
        body: {
          data: null,
          errors: [
            { message: 'Entity not found', extensions: { userPresentableMessage: 'Could not find referenced Team.' } },
          ],
        },
        contentType: 'application/json',
        headers: {},
      }),
    } as unknown as CuratedContext;
    await expect(t.run(ctx, { team_id: 'x', title: 'y' })).rejects.toThrow(ToolFailure);
    await expect(t.run(ctx, { team_id: 'x', title: 'y' })).rejects.toThrow('Could not find referenced Team.');
  });
});
