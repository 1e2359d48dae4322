import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeGraphql, type FakeGraphql } from '../helpers/fake-graphql';
import { connectToFake } from '../helpers/connect';

// GITHUB_ADD_SUB_ISSUE through the real execute pipeline against a loopback GitHub: the hosted form
// (node ids) becomes an addSubIssue mutation on /graphql, parsed by the reference GraphQL parser; the
// REST form (owner, repo, issue_number, numeric id) posts to the sub_issues endpoint.
const TOKEN = 'ghp_subissues';
let s: TestServer;
let gh: FakeGraphql;
let accountId: string;

beforeAll(async () => {
  gh = await startFakeGraphql({
    path: '/graphql',
    authorize: (req) =>
      req.headers.authorization === `Bearer ${TOKEN}`
        ? undefined
        : { status: 401, json: { message: 'Bad credentials' } },
    answer: (call) => {
      const v = call.variables as Record<string, string | boolean | undefined>;
      if (call.fields[0] !== 'addSubIssue') return { json: { errors: [{ message: 'unexpected field' }] } };
      if (v.issueId === 'I_missing')
        return {
          json: {
            data: { addSubIssue: null },
            errors: [{ message: "Could not resolve to a node with the global id of 'I_missing'" }],
          },
        };
      return {
        json: {
          data: {
            addSubIssue: {
              issue: { id: v.issueId, number: 1, title: 'Parent', url: 'https://github.com/o/r/issues/1' },
              subIssue: {
                id: v.subIssueId ?? 'I_fromurl',
                number: 2,
                title: 'Child',
                url: 'https://github.com/o/r/issues/2',
              },
              clientMutationId: v.clientMutationId ?? null,
            },
          },
        },
      };
    },
  });
  gh.on('POST', '/repos/:owner/:repo/issues/:number/sub_issues', (req, p) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return { status: 401, json: { message: 'Bad credentials' } };
    const body = req.json as { sub_issue_id?: unknown };
    if (typeof body.sub_issue_id !== 'number')
      return { status: 422, json: { message: 'sub_issue_id must be an integer' } };
    return { status: 201, json: { number: Number(p.number), title: 'Parent', sub_issues_summary: { total: 1 } } };
  });
  s = await providerServer();
  ({ accountId } = await connectToFake(s, {
    toolkit: 'github',
    authScheme: 'API_KEY',
    userId: 'sub-issues',
    val: { api_key: TOKEN, base_url: gh.url },
  }));
});

afterAll(async () => {
  await s?.stop();
  await gh?.close();
});

const run = (args: Record<string, unknown>) =>
  s.api('POST', '/tools/execute/GITHUB_ADD_SUB_ISSUE', { connected_account_id: accountId, arguments: args });

describe('GITHUB_ADD_SUB_ISSUE', () => {
  it('the hosted form sends an addSubIssue mutation with the node ids and returns both issues', async () => {
    const r = await run({
      issue_id: 'I_parent',
      sub_issue_id: 'I_child',
      replace_parent: true,
      client_mutation_id: 'm1',
    });
    expect(r.status).toBe(200);
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    const call = gh.calls.at(-1)!;
    expect(call).toMatchObject({ operation: 'mutation', fields: ['addSubIssue'] });
    expect(call.declared).toMatchObject({ issueId: 'ID!', subIssueId: 'ID', replaceParent: 'Boolean' });
    expect(call.variables).toEqual({
      issueId: 'I_parent',
      subIssueId: 'I_child',
      replaceParent: true,
      clientMutationId: 'm1',
    });
    expect(r.body.data).toMatchObject({ issue: { number: 1 }, subIssue: { number: 2 }, clientMutationId: 'm1' });

    const byUrl = await run({ issue_id: 'I_parent', sub_issue_url: 'https://github.com/o/r/issues/2' });
    expect(byUrl.body.successful).toBe(true);
    expect(gh.calls.at(-1)!.variables).toEqual({ issueId: 'I_parent', subIssueUrl: 'https://github.com/o/r/issues/2' });
  });

  it('the REST form posts the numeric id to the sub_issues endpoint', async () => {
    const r = await run({ owner: 'o', repo: 'r', issue_number: 1, sub_issue_id: 123456 });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    const req = gh.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/repos/o/r/issues/1/sub_issues');
    expect(req.json).toEqual({ sub_issue_id: 123456 });
    expect(r.body.data).toMatchObject({ number: 1, sub_issues_summary: { total: 1 } });
  });

  it('missing or mixed arguments fail clearly; GitHub errors in a 200 answer are a failed call', async () => {
    const before = gh.requests.length;
    // argument errors are the caller's: a 400 in the v3 envelope naming what to give
    const none = await run({ sub_issue_id: 'I_child' });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toContain('issue_id');
    const half = await run({ owner: 'o', sub_issue_id: '5' });
    expect(half.status).toBe(400);
    expect(half.body.error.message).toContain('owner, repo and issue_number');
    const notNumeric = await run({ owner: 'o', repo: 'r', issue_number: 1, sub_issue_id: 'I_child' });
    expect(notNumeric.status).toBe(400);
    expect(notNumeric.body.error.message).toContain('numeric id');
    expect(gh.requests.length).toBe(before); // nothing was sent for bad arguments

    const missing = await run({ issue_id: 'I_missing', sub_issue_id: 'I_child' });
    expect(missing.body.successful).toBe(false);
    expect(missing.body.error).toContain('Could not resolve to a node');
  });
});
