import { describe, expect, it } from 'vitest';
import { buildSchema, parse, validate as validateDocument } from 'graphql';
import { schema } from '@octokit/graphql-schema';
import { CURATED } from '../../lib/catalog/curated/index';
import type { GraphqlTool } from '../../lib/catalog/curated/graphql';
import { PULL_REQUEST_STATE_DOCUMENTS } from '../../lib/catalog/curated/github-repo-tools';
import { ADD_SUB_ISSUE_DOCUMENT } from '../../lib/catalog/curated/github-graphql';
import type { CuratedContext, ProviderRequest } from '../../lib/catalog/curated/types';

// Every GraphQL document a curated GitHub tool sends is valid against GitHub's published schema
// (@octokit/graphql-schema): fields, arguments, input objects and variable types all exist.
// The package's SDL (schema.graphql) is GitHub's published schema; its JSON introspection, which the
// package's own validate() uses, lags behind it (15.26.1 lacks addSubIssue), so documents are checked
// against the SDL.
const github = buildSchema(schema.idl, { assumeValidSDL: true }); // the SDL repeats one enterprise field
const validate = (doc: string) => validateDocument(github, parse(doc));
const graphqlTools = CURATED.github!.filter((t): t is GraphqlTool => t.kind === 'composite' && 'graphql' in t);

describe('curated GitHub GraphQL documents', () => {
  it('there are documents to check', () => {
    expect(graphqlTools.length).toBeGreaterThanOrEqual(20);
  });

  it.each(graphqlTools.map((t) => [t.slug, t.graphql.document] as const))(
    '%s validates against the schema',
    (_s, doc) => {
      expect(validate(doc).map((e) => e.message)).toEqual([]);
    },
  );

  it('GITHUB_ADD_SUB_ISSUE (GraphQL or REST) sends a document that validates against the schema', () => {
    expect(validate(ADD_SUB_ISSUE_DOCUMENT).map((e) => e.message)).toEqual([]);
  });

  it.each(Object.entries(PULL_REQUEST_STATE_DOCUMENTS))('the %s switch validates against the schema', (_k, doc) => {
    expect(validate(doc).map((e) => e.message)).toEqual([]);
  });

  it('a document with a field GitHub does not have is caught (the check is real)', () => {
    expect(validate('query { viewer { loginName } }').length).toBeGreaterThan(0);
  });

  it('GITHUB_RUN_GRAPH_QL_QUERY posts the given document and variables to /graphql and returns data', async () => {
    const tool = CURATED.github!.find((t) => t.slug === 'GITHUB_RUN_GRAPH_QL_QUERY')!;
    let sent: ProviderRequest | undefined;
    const ctx = {
      async call(req: ProviderRequest) {
        sent = req;
        return {
          status: 200,
          ok: true,
          body: { data: { viewer: { login: 'octocat' } } },
          contentType: 'application/json',
          headers: {},
        };
      },
    } as unknown as CuratedContext;
    if (tool.kind !== 'composite') throw new Error('composite expected');
    const out = await tool.run(ctx, { query: 'query($n: Int) { viewer { login } }', variables: { n: 1 } });
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/graphql',
      body: { query: 'query($n: Int) { viewer { login } }', variables: { n: 1 } },
    });
    expect(out).toEqual({ viewer: { login: 'octocat' } });
  });
});
