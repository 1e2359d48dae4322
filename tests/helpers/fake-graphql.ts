import { Kind, parse, type OperationDefinitionNode, type TypeNode } from 'graphql';
import { startFakeUpstream, type FakeReply, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback GraphQL endpoint for providers whose API is one POST of `{query, variables}`
 * (Shopify Admin, monday.com). Every document is parsed with the `graphql` reference parser; a
 * document that does not parse is answered 400 with `errors`, as these providers do. The
 * operation, its root fields, the declared variables and the variables sent are recorded, and
 * `answer` decides the reply from them.
 */
export interface GraphqlCall {
  operation: 'query' | 'mutation' | 'subscription';
  name?: string;
  /** root field names selected, e.g. ['productCreate'] */
  fields: string[];
  /** declared variables: name → type as written (ProductCreateInput!) */
  declared: Record<string, string>;
  variables: Record<string, unknown>;
  headers: RecordedRequest['headers'];
  path: string;
}

export interface FakeGraphql extends FakeUpstream {
  calls: GraphqlCall[];
}

function typeText(t: TypeNode): string {
  if (t.kind === Kind.NON_NULL_TYPE) return `${typeText(t.type)}!`;
  if (t.kind === Kind.LIST_TYPE) return `[${typeText(t.type)}]`;
  return t.name.value;
}

export async function startFakeGraphql(opts: {
  path: string;
  /** undefined when the credentials are right, else the reply (401 …) */
  authorize(req: RecordedRequest): FakeReply | undefined;
  answer(call: GraphqlCall): FakeReply;
}): Promise<FakeGraphql> {
  const up = await startFakeUpstream();
  const calls: GraphqlCall[] = [];
  up.on('POST', opts.path, (req) => {
    const refused = opts.authorize(req);
    if (refused) return refused;
    const body = req.json as { query?: string; variables?: Record<string, unknown> } | undefined;
    let op: OperationDefinitionNode | undefined;
    try {
      const doc = parse(String(body?.query ?? ''));
      op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    } catch (e) {
      return { status: 400, json: { errors: [{ message: (e as Error).message }] } };
    }
    if (!op) return { status: 400, json: { errors: [{ message: 'No operation in the document' }] } };
    const call: GraphqlCall = {
      operation: op.operation,
      name: op.name?.value,
      fields: op.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [])),
      declared: Object.fromEntries(
        (op.variableDefinitions ?? []).map((v) => [v.variable.name.value, typeText(v.type)]),
      ),
      variables: body?.variables ?? {},
      headers: req.headers,
      path: req.path,
    };
    // a variable sent but not declared is refused by real GraphQL servers
    const undeclared = Object.keys(call.variables).filter((k) => !(k in call.declared));
    if (undeclared.length)
      return { json: { errors: [{ message: `Variable(s) ${undeclared.join(', ')} not declared by the operation` }] } };
    calls.push(call);
    return opts.answer(call);
  });
  return Object.assign(up, { calls });
}
