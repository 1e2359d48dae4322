import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * One loopback server standing in for the list endpoints the app poll triggers read
 * (lib/triggers/poll-types-apps.ts), each under its own prefix and answering in the provider's
 * documented shape: Linear GraphQL (the document is parsed), Microsoft Graph (Outlook, Teams,
 * OneDrive), HubSpot CRM search, Sentry, Airtable, Calendly and Discord. Tests add items to
 * `store` between polls; every request is checked for the provider's credentials and the
 * parameters a correct poll sends, and a wrong one answers 400 like the provider would.
 */
export const APP_TOKENS = {
  linear: 'lin_api_trigger',
  graph: 'graph-trigger-token',
  hubspot: 'hubspot-trigger-token',
  sentry: 'sntrys_trigger',
  airtable: 'patTrigger.secret',
  calendly: 'calendly-trigger-pat',
  discord: 'discord-bot-trigger',
} as const;

export type Row = Record<string, unknown>;

export interface FakeAppLists extends FakeUpstream {
  store: Record<
    'linear' | 'outlook' | 'teams' | 'onedrive' | 'hubspot' | 'sentry' | 'airtable' | 'calendly' | 'discord',
    Row[]
  >;
  /** requests a handler refused, with the reason (a test asserts this stays empty) */
  refused: string[];
}

const newestFirst = (rows: Row[], key: string) =>
  [...rows].sort((a, b) => String(b[key]).localeCompare(String(a[key])));

export async function startFakeAppLists(): Promise<FakeAppLists> {
  const up = await startFakeUpstream();
  const store: FakeAppLists['store'] = {
    linear: [],
    outlook: [],
    teams: [],
    onedrive: [],
    hubspot: [],
    sentry: [],
    airtable: [],
    calendly: [],
    discord: [],
  };
  const refused: string[] = [];
  const refuse = (why: string, status = 400, json: unknown = { error: why }) => {
    refused.push(why);
    return { status, json };
  };
  const bearer = (req: RecordedRequest, token: string) => req.headers.authorization === `Bearer ${token}`;

  // Linear: POST /graphql {query, variables}; the team's issues, newest first (Linear orders by createdAt)
  up.on('POST', '/linear/graphql', (req) => {
    if (req.headers.authorization !== APP_TOKENS.linear) return refuse('linear: bad Authorization', 401);
    const body = req.json as { query?: string; variables?: Record<string, unknown> };
    let op: OperationDefinitionNode | undefined;
    try {
      op = parse(String(body.query)).definitions.find(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      );
    } catch (e) {
      return { json: { errors: [{ message: `Syntax Error: ${(e as Error).message}` }] } };
    }
    const root = op?.selectionSet.selections[0];
    if (op?.operation !== 'query' || root?.kind !== Kind.FIELD || root.name.value !== 'team')
      return refuse('linear: expected a query on team');
    if (!body.variables?.teamId) return refuse('linear: teamId variable missing');
    const nodes = newestFirst(
      store.linear.filter((i) => (i.team as Row).id === body.variables!.teamId),
      'createdAt',
    ).slice(0, Number(body.variables.first ?? 50));
    return { json: { data: { team: { issues: { nodes, pageInfo: { hasNextPage: false, endCursor: null } } } } } };
  });

  // Microsoft Graph v1.0: Outlook folder messages, Teams chat messages, OneDrive folder children
  const graph = (req: RecordedRequest) => bearer(req, APP_TOKENS.graph);
  up.on('GET', '/graph/v1.0/me/mailFolders/:folder/messages', (req, p) => {
    if (!graph(req)) return refuse('outlook: bad token', 401);
    if (p.folder !== 'inbox') return refuse(`outlook: unexpected folder ${p.folder}`, 404);
    if (req.query.get('$orderby') !== 'receivedDateTime desc') return refuse('outlook: $orderby missing');
    const f = req.query.get('$filter');
    const m = f ? /^receivedDateTime ge (\S+)$/.exec(f) : null;
    if (f && !m) return refuse(`outlook: unexpected $filter ${f}`);
    const rows = newestFirst(store.outlook, 'receivedDateTime').filter(
      (r) => !m || Date.parse(String(r.receivedDateTime)) >= Date.parse(m[1]!),
    );
    return {
      json: {
        '@odata.context': "https://graph.microsoft.com/v1.0/$metadata#users('me')/mailFolders('inbox')/messages",
        value: rows.slice(0, Number(req.query.get('$top') ?? 10)),
      },
    };
  });
  up.on('GET', '/graph/v1.0/chats/:chat/messages', (req, p) => {
    if (!graph(req)) return refuse('teams: bad token', 401);
    const rows = newestFirst(
      store.teams.filter((r) => r.chatId === p.chat),
      'createdDateTime',
    );
    return {
      json: {
        '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#chats('${p.chat}')/messages`,
        '@odata.count': rows.length,
        value: rows.slice(0, Number(req.query.get('$top') ?? 20)),
      },
    };
  });
  up.on('GET', '/graph/v1.0/me/drive/items/:item/children', (req, p) => {
    if (!graph(req)) return refuse('onedrive: bad token', 401);
    const rows = store.onedrive.filter((r) => (r.parentReference as Row).id === p.item);
    return {
      json: {
        '@odata.context': "https://graph.microsoft.com/v1.0/$metadata#users('me')/drive/items('root')/children",
        value: rows,
      },
    };
  });

  // HubSpot CRM search: POST /crm/v3/objects/contacts/search
  up.on('POST', '/hubspot/crm/v3/objects/:type/search', (req, p) => {
    if (!bearer(req, APP_TOKENS.hubspot)) return refuse('hubspot: bad token', 401);
    if (p.type !== 'contacts') return refuse(`hubspot: object type ${p.type}`);
    const b = req.json as {
      sorts?: { propertyName: string; direction: string }[];
      properties?: string[];
      filterGroups?: { filters: { propertyName: string; operator: string; value: string }[] }[];
      limit?: number;
    };
    if (b.sorts?.[0]?.propertyName !== 'createdate' || b.sorts[0].direction !== 'DESCENDING')
      return refuse('hubspot: sorts must be createdate DESCENDING');
    if (!b.properties?.includes('email')) return refuse('hubspot: properties must include email');
    const f = b.filterGroups?.[0]?.filters?.[0];
    if (f && (f.propertyName !== 'createdate' || f.operator !== 'GTE' || !/^\d+$/.test(f.value)))
      return refuse(`hubspot: unexpected filter ${JSON.stringify(f)}`);
    const rows = newestFirst(store.hubspot, 'createdAt').filter(
      (r) => !f || Date.parse(String(r.createdAt)) >= Number(f.value),
    );
    const results = rows.slice(0, b.limit ?? 10).map((r) => ({
      ...r,
      properties: Object.fromEntries(
        Object.entries(r.properties as Row).filter(([k]) => b.properties!.includes(k) || k === 'hs_object_id'),
      ),
    }));
    return { json: { total: rows.length, results } };
  });

  // Sentry: GET /api/0/projects/{org}/{project}/issues/ → a bare array
  up.on('GET', '/sentry/api/0/projects/:org/:project/issues/', (req, p) => {
    if (!bearer(req, APP_TOKENS.sentry)) return refuse('sentry: bad token', 401, { detail: 'Invalid token' });
    if (req.query.get('query') !== 'is:unresolved') return refuse('sentry: query missing');
    return {
      json: newestFirst(
        store.sentry.filter((r) => (r.project as Row).slug === p.project && p.org === 'acme'),
        'firstSeen',
      ),
    };
  });

  // Airtable: GET /v0/{base}/{table} → {records, offset?}; filterByFormula on CREATED_TIME()
  up.on('GET', '/airtable/v0/:base/:table', (req, p) => {
    if (!bearer(req, APP_TOKENS.airtable))
      return refuse('airtable: bad token', 401, { error: { type: 'AUTHENTICATION_REQUIRED' } });
    const f = req.query.get('filterByFormula');
    const m = f ? /^IS_AFTER\(CREATED_TIME\(\), '([^']+)'\)$/.exec(f) : null;
    if (f && !m)
      return refuse(`airtable: unexpected formula ${f}`, 422, { error: { type: 'INVALID_FILTER_BY_FORMULA' } });
    const rows = store.airtable
      .filter((r) => r.base === p.base && r.table === p.table)
      .filter((r) => !m || Date.parse(String(r.createdTime)) > Date.parse(m[1]!))
      .map(({ base: _b, table: _t, ...r }) => r);
    return { json: { records: rows } };
  });

  // Calendly: GET /scheduled_events?user=… → {collection, pagination}
  up.on('GET', '/calendly/scheduled_events', (req) => {
    if (!bearer(req, APP_TOKENS.calendly)) return refuse('calendly: bad token', 401);
    const user = req.query.get('user');
    if (!user && !req.query.get('organization')) return refuse('calendly: user or organization required');
    if (req.query.get('status') !== 'active') return refuse('calendly: status=active expected');
    const min = req.query.get('min_start_time');
    const rows = store.calendly
      .filter((r) => r.event_memberships && (r.event_memberships as Row[]).some((m) => m.user === user))
      .filter((r) => !min || Date.parse(String(r.start_time)) >= Date.parse(min))
      .sort((a, b) => String(a.start_time).localeCompare(String(b.start_time)));
    return {
      json: {
        collection: rows.slice(0, Number(req.query.get('count') ?? 20)),
        pagination: { count: rows.length, next_page: null, previous_page: null, next_page_token: null },
      },
    };
  });

  // Discord: GET /api/v10/channels/{id}/messages → a bare array, newest first
  up.on('GET', '/discord/api/v10/channels/:channel/messages', (req, p) => {
    if (req.headers.authorization !== `Bot ${APP_TOKENS.discord}`)
      return refuse('discord: bad token', 401, { message: '401: Unauthorized', code: 0 });
    const limit = Number(req.query.get('limit') ?? 50);
    if (!(limit >= 1 && limit <= 100)) return refuse('discord: limit out of range');
    const rows = store.discord
      .filter((r) => r.channel_id === p.channel)
      .sort((a, b) => (BigInt(String(b.id)) > BigInt(String(a.id)) ? 1 : -1));
    return { json: rows.slice(0, limit) };
  });

  return Object.assign(up, { store, refused });
}

/** A Discord snowflake for a time (ms), unique per call. */
let seq = 0;
export function snowflake(ms = Date.now()): string {
  return ((BigInt(ms - 1420070400000) << 22n) | BigInt(seq++ % 4096)).toString();
}
