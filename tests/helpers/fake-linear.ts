import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream';

/**
 * A loopback Linear GraphQL endpoint (POST /graphql). Each request's document is parsed with the
 * `graphql` reference parser (a document that does not parse is answered the way Linear answers:
 * 400 with `errors`); the operation, its root fields and the variables are recorded. Known
 * mutations answer like Linear; `teamId: "team_missing"` answers 200 with an `errors` array.
 */
export interface LinearCall {
  operation: 'query' | 'mutation' | 'subscription';
  name?: string;
  /** root field names selected, e.g. ['issueCreate'] */
  fields: string[];
  /** declared variables: name → type as written (IssueCreateInput!) */
  declared: Record<string, string>;
  variables: Record<string, unknown>;
  authorization?: string;
}

export interface FakeLinear extends FakeUpstream {
  calls: LinearCall[];
}

function typeText(t: import('graphql').TypeNode): string {
  if (t.kind === Kind.NON_NULL_TYPE) return `${typeText(t.type)}!`;
  if (t.kind === Kind.LIST_TYPE) return `[${typeText(t.type)}]`;
  return t.name.value;
}

export async function startFakeLinear(opts: { token: string }): Promise<FakeLinear> {
  const up = await startFakeUpstream();
  const calls: LinearCall[] = [];
  up.on('POST', '/graphql', (r) => {
    const auth = r.headers.authorization;
    if (auth !== `Bearer ${opts.token}` && auth !== opts.token) {
      return {
        status: 401,
        json: {
          errors: [
            { message: 'Authentication required, not authenticated', extensions: { code: 'AUTHENTICATION_ERROR' } },
          ],
        },
      };
    }
    const body = r.json as { query?: string; variables?: Record<string, unknown> };
    let op: OperationDefinitionNode | undefined;
    try {
      const doc = parse(String(body?.query ?? ''));
      op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    } catch (e) {
      return {
        status: 400,
        json: { errors: [{ message: (e as Error).message, extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] },
      };
    }
    if (!op) return { status: 400, json: { errors: [{ message: 'No operation in the document' }] } };
    const call: LinearCall = {
      operation: op.operation,
      name: op.name?.value,
      fields: op.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [])),
      declared: Object.fromEntries(
        (op.variableDefinitions ?? []).map((v) => [v.variable.name.value, typeText(v.type)]),
      ),
      variables: body.variables ?? {},
      authorization: auth,
    };
    calls.push(call);
    const input = (call.variables.input ?? {}) as Record<string, unknown>;
    if (call.fields[0] === 'issueCreate') {
      if (input.teamId === 'team_missing') {
        return {
          json: {
            data: null,
            errors: [
              {
                message: 'Entity not found',
                path: ['issueCreate'],
                extensions: { code: 'INPUT_ERROR', userPresentableMessage: 'Could not find referenced Team.' },
              },
            ],
          },
        };
      }
      return {
        json: {
          data: {
            issueCreate: {
              success: true,
              issue: {
                id: '9cfb482a-81e3-4154-b5b9-2c805e70a02d',
                identifier: 'ENG-42',
                title: input.title,
                description: input.description ?? null,
                priority: input.priority ?? 0,
                url: 'https://linear.app/acme/issue/ENG-42',
                team: { id: input.teamId, key: 'ENG', name: 'Engineering' },
              },
            },
          },
        },
      };
    }
    if (call.fields[0] === 'viewer')
      return { json: { data: { viewer: { id: 'user_1', name: 'Ada', email: 'ada@example.test' } } } };
    if (call.fields[0] === 'teams')
      return {
        json: {
          data: {
            teams: {
              nodes: [{ id: 'team_1', key: 'ENG', name: 'Engineering' }],
              pageInfo: { hasNextPage: false, endCursor: null },
            },
          },
        },
      };
    return { json: { data: null, errors: [{ message: `Cannot query field "${call.fields[0]}" on this fake` }] } };
  });
  return Object.assign(up, { calls });
}
