import type { Item, PollTypeDef } from '../types';
import { A, N, O, S, changedKeys, get, obj, pick, self, since, str } from './helpers';

/**
 * Linear, Notion, Outlook, Jira, HubSpot and Airtable poll types under the hosted service's
 * names, over each toolkit's own catalog tools.
 */
const list =
  (...paths: string[]) =>
  (data: unknown): Item[] | undefined => {
    for (const p of paths) {
      const v = p ? (get(data, p) ?? get(data, `response_data.${p}`)) : data;
      if (Array.isArray(v)) return v as Item[];
    }
    return undefined;
  };
const teamCfg = obj({ team_id: S('Team id (from LINEAR_LIST_LINEAR_TEAMS)') }, ['team_id']);
const ISSUE_PROPS = [
  'title',
  'priority',
  'estimate',
  'dueDate',
  'state',
  'assignee',
  'project',
  'cycle',
  'labels',
  'parent',
];
const issueProps = (i: Item) => ({
  title: i.title,
  priority: i.priority,
  estimate: i.estimate ?? null,
  dueDate: i.dueDate ?? null,
  state: get(i, 'state.id') ?? null,
  assignee: get(i, 'assignee.id') ?? null,
  project: get(i, 'project.id') ?? null,
  cycle: get(i, 'cycle.id') ?? null,
  labels: ((get(i, 'labels.nodes') as Item[] | undefined) ?? []).map((l) => l.id).sort(),
  parent: get(i, 'parent.id') ?? null,
});
const PROJECT_PROPS = ['name', 'state', 'priority', 'targetDate', 'startDate', 'lead', 'description'];
const projectProps = (p: Item) => ({
  ...pick(p, ['name', 'state', 'priority', 'targetDate', 'startDate', 'description']),
  lead: get(p, 'lead.id') ?? null,
});
const linearEnvelope = (
  action: string,
  type: string,
  url: unknown,
  data: Item,
  extra: Record<string, unknown> = {},
) => ({
  action,
  type,
  url,
  data,
  ...extra,
});
const linearPayload = (what: string) =>
  obj(
    {
      action: S('create or update'),
      type: S(what),
      url: S('Link'),
      data: O(`The ${what.toLowerCase()}`),
      updated_from: O('Previous values of the properties that changed (updates only)'),
    },
    ['action', 'data'],
  );
const teamComments = `query TeamComments($teamId: ID!, $first: Int) { comments(first: $first, orderBy: createdAt, filter: { issue: { team: { id: { eq: $teamId } } } }) { nodes { id body url createdAt user { id name } issue { id identifier title team { id key } } } } }`;
const projectsDoc = `query Projects($first: Int) { projects(first: $first, orderBy: updatedAt) { nodes { id name description state priority url startDate targetDate updatedAt lead { id name } } } }`;

const notionPage = obj(
  {
    id: S('Page id'),
    object: S('page, database or data_source'),
    url: S('URL'),
    created_time: S('Created'),
    last_edited_time: S('Last edited'),
    parent: O('Where it lives: page_id, database_id, data_source_id or workspace'),
    properties: O('Properties (title and, in a database, the columns)'),
  },
  ['id'],
);
const notionOf = (i: Item) =>
  pick(i, [
    'id',
    'object',
    'url',
    'created_time',
    'last_edited_time',
    'parent',
    'properties',
    'created_by',
    'last_edited_by',
  ]);
const notionScope = obj({
  data_source_id: S('Only pages of this data source (database)'),
  page_id: S('Only this page'),
  parent_page_id: S('Only pages directly under this page'),
});
const inScope = (i: Item, c: Record<string, any>) =>
  (!c.page_id || String(i.id).replace(/-/g, '') === String(c.page_id).replace(/-/g, '')) &&
  (!c.parent_page_id ||
    String(get(i, 'parent.page_id') ?? '').replace(/-/g, '') === String(c.parent_page_id).replace(/-/g, '')) &&
  (!c.data_source_id ||
    [get(i, 'parent.data_source_id'), get(i, 'parent.database_id')].some(
      (p) => String(p ?? '').replace(/-/g, '') === String(c.data_source_id).replace(/-/g, ''),
    ));
const notionSearch = (filter?: 'page' | 'database') => () => ({
  page_size: 100,
  direction: 'descending',
  timestamp: 'last_edited_time',
  ...(filter ? { filter_value: filter, filter_property: 'object' } : {}),
});

const graphPerson = (i: Item) => ({
  id: i.id,
  display_name: i.displayName,
  email_addresses: ((i.emailAddresses as Item[] | undefined) ?? []).map((e) => e.address),
  company_name: i.companyName ?? null,
  job_title: i.jobTitle ?? null,
  mobile_phone: i.mobilePhone ?? null,
  business_phones: i.businessPhones ?? [],
  created_date_time: i.createdDateTime,
});
const graphEvent = (i: Item) => ({
  id: i.id,
  subject: i.subject,
  start: i.start ?? {},
  end: i.end ?? {},
  location: get(i, 'location.displayName') ?? null,
  organizer: get(i, 'organizer.emailAddress') ?? {},
  attendees: ((i.attendees as Item[] | undefined) ?? []).map((a) => get(a, 'emailAddress.address')),
  is_cancelled: !!i.isCancelled,
  web_link: i.webLink,
  created_date_time: i.createdDateTime,
  last_modified_date_time: i.lastModifiedDateTime,
});
const eventPayload = obj(
  {
    id: S('Event id'),
    subject: S('Subject'),
    start: O('dateTime and timeZone'),
    end: O('dateTime and timeZone'),
    location: S('Location'),
    organizer: O('name and address'),
    attendees: A('Attendee addresses', { type: 'string' }),
    is_cancelled: { type: 'boolean' },
    web_link: S('Link'),
    created_date_time: S('Created'),
    last_modified_date_time: S('Last change'),
  },
  ['id'],
);
const viewsOf = (data: unknown) => {
  const tables = list('tables')(data);
  return tables?.flatMap((t) =>
    ((t.views as Item[] | undefined) ?? []).map((v) => ({
      ...pick(v, ['id', 'name', 'type']),
      table_id: t.id,
      table_name: t.name,
    })),
  );
};
const viewPayload = obj(
  {
    view_id: S('View id'),
    name: S('Name'),
    type: S('grid, form, calendar …'),
    table_id: S('Table'),
    table_name: S('Table name'),
    base_id: S('Base'),
    previous: O('Name and type before (changes)'),
  },
  ['view_id'],
);
const viewOf = (i: Item, c: Record<string, any>, previous?: Item) => ({
  view_id: i.id,
  name: i.name,
  type: i.type,
  table_id: i.table_id,
  table_name: i.table_name,
  base_id: c.base_id,
  ...(previous ? { previous } : {}),
});
const baseCfg = obj({ base_id: S('Base id (app…)') }, ['base_id']);

export const WORK_HOSTED_POLL_TYPES: PollTypeDef[] = [
  // ---- Linear
  {
    slug: 'LINEAR_COMMENT_EVENT_TRIGGER',
    toolkit: 'linear',
    name: 'Comment received',
    tool: 'LINEAR_LIST_COMMENTS',
    description:
      'Fires once for each comment posted on an issue the connected user can see (optionally one issue), in the Linear webhook envelope.',
    config: obj({ issue_id: S('Only comments of this issue (UUID)') }),
    payload: linearPayload('Comment'),
    args: (c) => ({ first: 50, ...(c.issue_id ? { issue_id: c.issue_id } : {}) }),
    itemsAt: 'comments',
    key: (i) => str(i.id),
    stamp: (i) => str(i.createdAt),
    map: (i) => linearEnvelope('create', 'Comment', i.url, i),
  },
  {
    slug: 'LINEAR_ISSUE_UPDATED_TRIGGER',
    toolkit: 'linear',
    name: 'Issue updated',
    tool: 'LINEAR_LIST_ISSUES_BY_TEAM_ID',
    description:
      "Fires when an issue of the team changes (status, labels, assignee, title …), with updatedFrom holding the changed properties' previous values.",
    config: teamCfg,
    payload: linearPayload('Issue'),
    args: (c) => ({ team_id: c.team_id, first: 100 }),
    itemsAt: 'issues',
    key: (i) => str(i.id),
    watch: { fingerprint: (i) => i.updatedAt, keep: issueProps, on: ['changed'], partial: true },
    map: (i, _c, ch) =>
      linearEnvelope('update', 'Issue', i.url, i, {
        updated_from: pick(ch?.previous ?? {}, changedKeys(ch?.previous, issueProps(i), ISSUE_PROPS)),
      }),
  },
  ...(['PRIVATE', 'PUBLIC'] as const).flatMap((kind): PollTypeDef[] => [
    {
      slug: `LINEAR_${kind}_TEAM_COMMENT_CREATED`,
      toolkit: 'linear',
      name: `${kind === 'PUBLIC' ? 'Public' : 'Private'} team comment created`,
      tool: 'LINEAR_RUN_QUERY_OR_MUTATION',
      description: `Fires once for each comment posted on an issue of a ${kind.toLowerCase()} team, read with the connected user's token.`,
      config: teamCfg,
      payload: linearPayload('Comment'),
      args: (c) => ({ query_or_mutation: teamComments, variables: { teamId: c.team_id, first: 50 } }),
      itemsAt: '',
      items: list('comments.nodes', 'data.comments.nodes'),
      key: (i) => str(i.id),
      stamp: (i) => str(i.createdAt),
      map: (i) => linearEnvelope('create', 'Comment', i.url, i),
    },
    {
      slug: `LINEAR_${kind}_TEAM_ISSUE_PROPERTIES_UPDATED`,
      toolkit: 'linear',
      name: `${kind === 'PUBLIC' ? 'Public' : 'Private'} team issue properties updated`,
      tool: 'LINEAR_LIST_ISSUES_BY_TEAM_ID',
      description: `Fires when a property of an issue of a ${kind.toLowerCase()} team changes (status, assignee, priority, labels, estimate, due date, project, cycle, parent); edits of the text alone do not fire.`,
      config: teamCfg,
      payload: linearPayload('Issue'),
      args: (c) => ({ team_id: c.team_id, first: 100 }),
      itemsAt: 'issues',
      key: (i) => str(i.id),
      watch: { fingerprint: issueProps, keep: issueProps, on: ['changed'], partial: true },
      map: (i, _c, ch) =>
        linearEnvelope('update', 'Issue', i.url, i, {
          updated_from: pick(ch?.previous ?? {}, changedKeys(ch?.previous, issueProps(i), ISSUE_PROPS)),
        }),
    },
  ]),
  {
    slug: 'LINEAR_PROJECT_CREATED',
    toolkit: 'linear',
    name: 'Project created',
    tool: 'LINEAR_LIST_LINEAR_PROJECTS',
    description:
      'Fires once for each Linear project created that the connected user can see (public and private teams).',
    config: obj({}),
    payload: linearPayload('Project'),
    args: () => ({ first: 100 }),
    itemsAt: 'projects',
    key: (i) => str(i.id),
    map: (i) => linearEnvelope('create', 'Project', i.url, i),
  },
  {
    slug: 'LINEAR_PROJECT_PROPERTIES_UPDATED',
    toolkit: 'linear',
    name: 'Project properties updated',
    tool: 'LINEAR_RUN_QUERY_OR_MUTATION',
    description:
      'Fires when a property of a Linear project changes: name, status, lead, start or target date, priority, description.',
    config: obj({}),
    payload: linearPayload('Project'),
    args: () => ({ query_or_mutation: projectsDoc, variables: { first: 100 } }),
    itemsAt: '',
    items: list('projects.nodes', 'data.projects.nodes'),
    key: (i) => str(i.id),
    watch: { fingerprint: projectProps, keep: projectProps, on: ['changed'], partial: true },
    map: (i, _c, ch) =>
      linearEnvelope('update', 'Project', i.url, i, {
        updated_from: pick(ch?.previous ?? {}, changedKeys(ch?.previous, projectProps(i), PROJECT_PROPS)),
      }),
  },
  {
    slug: 'LINEAR_PROJECT_UPDATE_POSTED',
    toolkit: 'linear',
    name: 'Project update posted',
    tool: 'LINEAR_LIST_PROJECT_UPDATES',
    description: "Fires once for each status update posted on a project's Updates tab.",
    config: obj({}),
    payload: linearPayload('ProjectUpdate'),
    args: () => ({ first: 50 }),
    itemsAt: 'project_updates',
    key: (i) => str(i.id),
    stamp: (i) => str(i.createdAt),
    map: (i) => linearEnvelope('create', 'ProjectUpdate', i.url, i),
  },

  // ---- Notion
  {
    slug: 'NOTION_COMMENT_CREATED',
    toolkit: 'notion',
    name: 'Comment created',
    tool: 'NOTION_FETCH_COMMENTS',
    description:
      "Fires once for each new comment on a page (or block). Notion lists comments per page, so page_id is needed; the integration needs the 'Read comments' capability.",
    config: obj({ page_id: S('Page or block id') }, ['page_id']),
    payload: obj(
      {
        id: S('Comment id'),
        discussion_id: S('Thread'),
        rich_text: A('Text'),
        created_time: S('Created'),
        created_by: O('Author'),
        parent: O('Page or block'),
        page_id: S('Watched page'),
      },
      ['id'],
    ),
    args: (c) => ({ block_id: c.page_id, page_size: 100 }),
    itemsAt: 'results',
    key: (i) => str(i.id),
    stamp: (i) => str(i.created_time),
    map: (i, c) => ({
      ...pick(i, ['id', 'discussion_id', 'rich_text', 'created_time', 'created_by', 'parent']),
      page_id: c.page_id,
    }),
  },
  ...(
    [
      [
        'NOTION_DATABASE_CREATED',
        'Database created',
        'database',
        'Fires once for each new database the integration can see.',
      ],
      [
        'NOTION_DATASOURCE_CREATED',
        'Data source created',
        'data_source',
        'Fires once for each new data source (a table of a database) the integration can see.',
      ],
    ] as const
  ).map(
    ([slug, name, object, description]): PollTypeDef => ({
      slug,
      toolkit: 'notion',
      name,
      tool: 'NOTION_SEARCH_NOTION_PAGE',
      description,
      config: obj({}),
      payload: notionPage,
      args: notionSearch(),
      itemsAt: 'results',
      key: (i) => str(i.id),
      stamp: (i) => str(i.created_time),
      // older API versions call every data source a database
      filter: (i) => i.object === object || (object === 'data_source' && i.object === 'database'),
      map: notionOf,
    }),
  ),
  {
    slug: 'NOTION_DATASOURCE_SCHEMA_UPDATED',
    toolkit: 'notion',
    name: 'Data source schema updated',
    tool: 'NOTION_RETRIEVE_A_DATABASE',
    description: 'Fires when columns of a database (data source) are added, removed or renamed, or change type.',
    config: obj({ data_source_id: S('Database (data source) id') }, ['data_source_id']),
    payload: obj(
      {
        data_source_id: S('Data source'),
        updated_properties: A('id, name and action (added, removed, renamed, type_changed) of each changed column'),
      },
      ['updated_properties'],
    ),
    args: (c) => ({ id: c.data_source_id }),
    itemsAt: '',
    items: (data) =>
      self(data)?.map((d) => ({
        columns: Object.values((d.properties as Record<string, Item>) ?? {}).map((p) =>
          pick(p, ['id', 'name', 'type']),
        ),
      })),
    key: () => 'schema',
    watch: { fingerprint: (i) => i.columns, keep: (i) => ({ columns: i.columns }), on: ['changed'] },
    map: (i, c, ch) => {
      const now = i.columns as Item[];
      const before = (ch?.previous?.columns as Item[] | undefined) ?? [];
      const b = new Map(before.map((p) => [p.id, p]));
      const n = new Map(now.map((p) => [p.id, p]));
      const out: Item[] = [];
      for (const p of now)
        if (!b.has(p.id)) out.push({ id: p.id, name: p.name, action: 'added' });
        else if (b.get(p.id)!.name !== p.name) out.push({ id: p.id, name: p.name, action: 'renamed' });
        else if (b.get(p.id)!.type !== p.type) out.push({ id: p.id, name: p.name, action: 'type_changed' });
      for (const p of before) if (!n.has(p.id)) out.push({ id: p.id, name: p.name, action: 'removed' });
      return { data_source_id: c.data_source_id, updated_properties: out };
    },
  },
  {
    slug: 'NOTION_PAGE_CONTENT_UPDATED',
    toolkit: 'notion',
    name: 'Page content updated',
    tool: 'NOTION_SEARCH_NOTION_PAGE',
    description:
      "Fires when a page is edited (its last_edited_time moves), optionally only one page, a data source's rows or a page's children.",
    config: notionScope,
    payload: notionPage,
    args: notionSearch('page'),
    itemsAt: 'results',
    key: (i) => str(i.id),
    watch: { fingerprint: (i) => i.last_edited_time, on: ['changed'], partial: true },
    filter: inScope,
    map: notionOf,
  },
  {
    slug: 'NOTION_PAGE_CREATED',
    toolkit: 'notion',
    name: 'Page created',
    tool: 'NOTION_SEARCH_NOTION_PAGE',
    description:
      'Fires once for each new page the integration can see, optionally only new rows of a data source or sub-pages of a page.',
    config: obj({
      data_source_id: S('Only new rows of this data source (database)'),
      parent_page_id: S('Only new pages directly under this page'),
    }),
    payload: notionPage,
    args: notionSearch('page'),
    itemsAt: 'results',
    key: (i) => str(i.id),
    stamp: (i) => str(i.created_time),
    filter: inScope,
    map: notionOf,
  },
  {
    slug: 'NOTION_PAGE_PROPERTIES_UPDATED',
    toolkit: 'notion',
    name: 'Page properties updated',
    tool: 'NOTION_SEARCH_NOTION_PAGE',
    description:
      'Fires when properties of a page change (title, or the columns of a database row), with the ids of the properties that changed.',
    config: notionScope,
    payload: obj(
      {
        ...(notionPage.properties as object),
        updated_properties: A('Ids of the properties that changed', { type: 'string' }),
      },
      ['id'],
    ),
    args: notionSearch('page'),
    itemsAt: 'results',
    key: (i) => str(i.id),
    watch: {
      fingerprint: (i) => i.properties,
      keep: (i) => ({ properties: i.properties }),
      on: ['changed'],
      partial: true,
    },
    filter: inScope,
    map: (i, _c, ch) => {
      const now = (i.properties as Record<string, Item>) ?? {};
      const before = (ch?.previous?.properties as Record<string, Item>) ?? {};
      const names = [...new Set([...Object.keys(now), ...Object.keys(before)])].filter(
        (k) => JSON.stringify(now[k] ?? null) !== JSON.stringify(before[k] ?? null),
      );
      return { ...notionOf(i), updated_properties: names.map((k) => String(now[k]?.id ?? before[k]?.id ?? k)) };
    },
  },
  {
    slug: 'NOTION_VIEW_CREATED',
    toolkit: 'notion',
    name: 'View created',
    tool: 'NOTION_LIST_VIEWS',
    description: 'Fires once for each new view (table, board, gallery, calendar, list, timeline) of a database.',
    config: obj({ database_id: S('Database id') }, ['database_id']),
    payload: obj(
      {
        id: S('View id'),
        name: S('Name'),
        view_type: S('table, board, gallery, calendar, list, timeline, gantt'),
        parent: O('Parent'),
      },
      ['id'],
    ),
    args: (c) => ({ database_id: c.database_id, page_size: 100 }),
    itemsAt: 'results',
    key: (i) => str(i.id),
    map: (i) => ({ id: i.id, name: i.name, view_type: i.type, parent: i.parent ?? {} }),
  },

  // ---- Outlook
  {
    slug: 'OUTLOOK_CONTACT_TRIGGER',
    toolkit: 'outlook',
    name: 'New contact',
    tool: 'OUTLOOK_LIST_CONTACTS',
    description: 'Fires once for each contact added to the Outlook contacts.',
    config: obj({}),
    payload: obj(
      {
        id: S('Contact id'),
        display_name: S('Name'),
        email_addresses: A('Addresses', { type: 'string' }),
        company_name: S('Company'),
        job_title: S('Title'),
        mobile_phone: S('Mobile'),
        business_phones: A('Phones', { type: 'string' }),
        created_date_time: S('Created'),
      },
      ['id'],
    ),
    args: () => ({ top: 50, orderby: 'createdDateTime desc' }),
    itemsAt: 'value',
    key: (i) => str(i.id),
    stamp: (i) => str(i.createdDateTime),
    map: graphPerson,
  },
  {
    slug: 'OUTLOOK_EVENT_TRIGGER',
    toolkit: 'outlook',
    name: 'New calendar event',
    tool: 'OUTLOOK_LIST_EVENTS',
    description: 'Fires once for each event created in the Outlook calendar.',
    config: obj({}),
    payload: eventPayload,
    args: () => ({ top: 50, orderby: 'createdDateTime desc' }),
    itemsAt: 'value',
    key: (i) => str(i.id),
    stamp: (i) => str(i.createdDateTime),
    map: graphEvent,
  },
  {
    slug: 'OUTLOOK_EVENT_CHANGE_TRIGGER',
    toolkit: 'outlook',
    name: 'Calendar event changes',
    tool: 'OUTLOOK_LIST_EVENTS',
    description:
      'Fires when an event of the Outlook calendar is created, changed or cancelled (each new modification time is one event); change_type says which.',
    config: obj({}),
    payload: obj({ ...(eventPayload.properties as object), change_type: S('created, updated or cancelled') }, ['id']),
    args: (_c, cur) => ({
      top: 50,
      orderby: 'lastModifiedDateTime desc',
      ...(since(cur.watermark) ? { filter: `lastModifiedDateTime ge ${since(cur.watermark)}` } : {}),
    }),
    itemsAt: 'value',
    key: (i) => `${i.id}@${i.lastModifiedDateTime}`,
    stamp: (i) => str(i.lastModifiedDateTime),
    map: (i) => ({
      ...graphEvent(i),
      change_type: i.isCancelled
        ? 'cancelled'
        : Math.abs(Date.parse(String(i.lastModifiedDateTime)) - Date.parse(String(i.createdDateTime))) < 2000
          ? 'created'
          : 'updated',
    }),
  },

  // ---- Jira
  {
    slug: 'JIRA_NEW_PROJECT_TRIGGER',
    toolkit: 'jira',
    name: 'New project',
    tool: 'JIRA_GET_ALL_PROJECTS',
    description: 'Fires once for each project added in Jira that the connected account can browse.',
    config: obj({}),
    payload: obj(
      {
        id: S('Project id'),
        key: S('Key'),
        name: S('Name'),
        project_type_key: S('software, business …'),
        lead: O('Lead'),
        self: S('API URL'),
      },
      ['id', 'key'],
    ),
    args: () => ({ max_results: 100, order_by: '-id' }),
    itemsAt: '',
    items: list('values', ''),
    key: (i) => str(i.id),
    stamp: (i) => (Number.isFinite(Number(i.id)) ? Number(i.id) : undefined),
    map: (i) => ({
      id: i.id,
      key: i.key,
      name: i.name,
      project_type_key: i.projectTypeKey,
      lead: i.lead ?? {},
      self: i.self,
    }),
  },
  {
    slug: 'JIRA_UPDATED_ISSUE_TRIGGER',
    toolkit: 'jira',
    name: 'Updated issue',
    tool: 'JIRA_SEARCH_FOR_ISSUES_USING_JQL_GET',
    description:
      'Fires when an issue of a project changes (status, assignee or any field); comments alone do not fire. Creation does not fire.',
    config: obj({ project_key: S('Project key (e.g. ENG)') }, ['project_key']),
    payload: obj(
      {
        id: S('Issue id'),
        key: S('Issue key'),
        summary: S('Summary'),
        status: S('Status'),
        assignee: O('Assignee'),
        created: S('Created'),
        updated: S('Updated'),
        self: S('API URL'),
      },
      ['id', 'key'],
    ),
    args: (c, cur) => ({
      jql:
        `project = "${String(c.project_key).replace(/"/g, '')}"` +
        (typeof cur.watermark === 'number'
          ? ` AND updated >= "${new Date(cur.watermark - 60_000).toISOString().slice(0, 16).replace('T', ' ')}"`
          : '') +
        ' ORDER BY updated DESC',
      max_results: 50,
      fields: ['summary', 'status', 'assignee', 'created', 'updated'],
    }),
    itemsAt: 'issues',
    key: (i) => `${i.id}@${get(i, 'fields.updated')}`,
    stamp: (i) => str(get(i, 'fields.updated')),
    filter: (i) => Date.parse(String(get(i, 'fields.updated'))) - Date.parse(String(get(i, 'fields.created'))) > 2000,
    map: (i) => ({
      id: i.id,
      key: i.key,
      summary: get(i, 'fields.summary'),
      status: get(i, 'fields.status.name'),
      assignee: get(i, 'fields.assignee') ?? null,
      created: get(i, 'fields.created'),
      updated: get(i, 'fields.updated'),
      self: i.self,
    }),
  },

  // ---- HubSpot
  {
    slug: 'HUBSPOT_DEAL_STAGE_UPDATED_TRIGGER',
    toolkit: 'hubspot',
    name: 'Deal stage updated',
    tool: 'HUBSPOT_SEARCH_CRM_OBJECTS_BY_CRITERIA',
    description: 'Fires when a deal moves to another pipeline stage, with the stage before and after.',
    config: obj({ pipeline: S('Only deals of this pipeline id') }),
    payload: obj(
      {
        id: S('Deal id'),
        dealname: S('Name'),
        dealstage: S('Stage now'),
        previous_dealstage: S('Stage before'),
        pipeline: S('Pipeline'),
        amount: S('Amount'),
        properties: O('Deal properties'),
      },
      ['id', 'dealstage'],
    ),
    args: (c, cur) => ({
      objectType: 'deals',
      sorts: [{ propertyName: 'hs_lastmodifieddate', direction: 'DESCENDING' }],
      properties: ['dealname', 'dealstage', 'pipeline', 'amount', 'hs_lastmodifieddate'],
      limit: 100,
      filterGroups: [
        {
          filters: [
            ...(c.pipeline ? [{ propertyName: 'pipeline', operator: 'EQ', value: String(c.pipeline) }] : []),
            ...(typeof cur.watermark === 'number'
              ? [{ propertyName: 'hs_lastmodifieddate', operator: 'GTE', value: String(cur.watermark - 60_000) }]
              : []),
          ],
        },
      ].filter((g) => g.filters.length),
    }),
    itemsAt: 'results',
    key: (i) => str(i.id),
    stamp: (i) => str(i.updatedAt ?? get(i, 'properties.hs_lastmodifieddate')),
    watch: {
      fingerprint: (i) => get(i, 'properties.dealstage'),
      keep: (i) => ({ dealstage: get(i, 'properties.dealstage') }),
      on: ['changed'],
      partial: true,
    },
    map: (i, _c, ch) => ({
      id: i.id,
      dealname: get(i, 'properties.dealname'),
      dealstage: get(i, 'properties.dealstage'),
      previous_dealstage: ch?.previous?.dealstage ?? null,
      pipeline: get(i, 'properties.pipeline'),
      amount: get(i, 'properties.amount'),
      properties: i.properties ?? {},
    }),
  },

  // ---- Airtable
  {
    slug: 'AIRTABLE_BASE_METADATA_CHANGED_TRIGGER',
    toolkit: 'airtable',
    name: 'Base metadata changed',
    tool: 'AIRTABLE_LIST_BASES',
    description: 'Fires when a base the token can see is renamed or its permission level changes.',
    config: obj({}),
    payload: obj(
      {
        base_id: S('Base'),
        name: S('Name now'),
        permission_level: S('none, read, comment, edit or create'),
        previous: O('name and permissionLevel before'),
        changed_fields: A('What changed', { type: 'string' }),
      },
      ['base_id'],
    ),
    args: () => ({}),
    itemsAt: 'bases',
    key: (i) => str(i.id),
    watch: {
      fingerprint: (i) => pick(i, ['name', 'permissionLevel']),
      keep: (i) => pick(i, ['name', 'permissionLevel']),
      on: ['changed'],
    },
    map: (i, _c, ch) => ({
      base_id: i.id,
      name: i.name,
      permission_level: i.permissionLevel,
      previous: ch?.previous ?? {},
      changed_fields: changedKeys(ch?.previous, i, ['name', 'permissionLevel']),
    }),
  },
  {
    slug: 'AIRTABLE_BASE_SCHEMA_CHANGED_TRIGGER',
    toolkit: 'airtable',
    name: 'Base schema changed',
    tool: 'AIRTABLE_GET_BASE_SCHEMA',
    description: 'Fires when tables, fields or views of a base are added, removed or changed.',
    config: baseCfg,
    payload: obj(
      {
        base_id: S('Base'),
        tables: A('Tables now (id, name, fields, views)'),
        changes: A('kind (table, field, view), id, name and action (added, removed, changed)'),
      },
      ['base_id', 'changes'],
    ),
    args: (c) => ({ base_id: c.base_id }),
    itemsAt: '',
    items: (data) => {
      const t = list('tables')(data);
      return t ? [{ tables: t }] : undefined;
    },
    key: () => 'schema',
    watch: { fingerprint: (i) => i.tables, keep: (i) => ({ tables: i.tables }), on: ['changed'] },
    map: (i, c, ch) => {
      const flat = (tables: Item[]) => {
        const m = new Map<string, Item>();
        for (const t of tables) {
          m.set(`table:${t.id}`, {
            kind: 'table',
            id: t.id,
            name: t.name,
            v: pick(t, ['name', 'description', 'primaryFieldId']),
          });
          for (const f of (t.fields as Item[] | undefined) ?? [])
            m.set(`field:${f.id}`, { kind: 'field', id: f.id, name: f.name, v: f });
          for (const v of (t.views as Item[] | undefined) ?? [])
            m.set(`view:${v.id}`, { kind: 'view', id: v.id, name: v.name, v });
        }
        return m;
      };
      const now = flat(i.tables as Item[]);
      const before = flat((ch?.previous?.tables as Item[] | undefined) ?? []);
      const changes: Item[] = [];
      for (const [k, x] of now)
        if (!before.has(k)) changes.push({ kind: x.kind, id: x.id, name: x.name, action: 'added' });
        else if (JSON.stringify(before.get(k)!.v) !== JSON.stringify(x.v))
          changes.push({ kind: x.kind, id: x.id, name: x.name, action: 'changed' });
      for (const [k, x] of before)
        if (!now.has(k)) changes.push({ kind: x.kind, id: x.id, name: x.name, action: 'removed' });
      return { base_id: c.base_id, tables: i.tables, changes };
    },
  },
  {
    slug: 'AIRTABLE_USER_PROFILE_CHANGED_TRIGGER',
    toolkit: 'airtable',
    name: 'User profile changed',
    tool: 'AIRTABLE_GET_USER_INFO',
    description: "Fires when the connected Airtable user's profile (email, or the token's scopes) changes.",
    config: obj({}),
    payload: obj(
      {
        id: S('User id'),
        email: S('Email'),
        scopes: A('Token scopes', { type: 'string' }),
        previous: O('The profile before'),
        changed_fields: A('What changed', { type: 'string' }),
      },
      ['id'],
    ),
    args: () => ({}),
    itemsAt: '',
    items: self,
    key: (i) => str(i.id),
    watch: { fingerprint: (i) => i, keep: (i) => i, on: ['changed'] },
    map: (i, _c, ch) => ({
      id: i.id,
      email: i.email,
      scopes: i.scopes ?? [],
      previous: ch?.previous ?? {},
      changed_fields: changedKeys(ch?.previous, i, [
        ...new Set([...Object.keys(i), ...Object.keys(ch?.previous ?? {})]),
      ]),
    }),
  },
  {
    slug: 'AIRTABLE_VIEW_CREATED_TRIGGER',
    toolkit: 'airtable',
    name: 'View created',
    tool: 'AIRTABLE_GET_BASE_SCHEMA',
    description: 'Fires once for each view created in a table of the base.',
    config: baseCfg,
    payload: viewPayload,
    args: (c) => ({ base_id: c.base_id }),
    itemsAt: '',
    items: viewsOf,
    key: (i) => str(i.id),
    map: (i, c) => viewOf(i, c),
  },
  {
    slug: 'AIRTABLE_VIEW_DELETED_TRIGGER',
    toolkit: 'airtable',
    name: 'View deleted',
    tool: 'AIRTABLE_GET_BASE_SCHEMA',
    description: 'Fires when a view of the base that Junction has seen is deleted (or its table is).',
    config: baseCfg,
    payload: viewPayload,
    args: (c) => ({ base_id: c.base_id }),
    itemsAt: '',
    items: viewsOf,
    key: (i) => str(i.id),
    watch: { fingerprint: () => 1, keep: (i) => i, on: ['removed'] },
    map: (i, c) => viewOf(i, c),
  },
  {
    slug: 'AIRTABLE_VIEW_METADATA_CHANGED_TRIGGER',
    toolkit: 'airtable',
    name: 'View metadata changed',
    tool: 'AIRTABLE_GET_BASE_SCHEMA',
    description: 'Fires when a view of the base is renamed or changes type.',
    config: baseCfg,
    payload: viewPayload,
    args: (c) => ({ base_id: c.base_id }),
    itemsAt: '',
    items: viewsOf,
    key: (i) => str(i.id),
    watch: { fingerprint: (i) => pick(i, ['name', 'type']), keep: (i) => pick(i, ['name', 'type']), on: ['changed'] },
    map: (i, c, ch) => viewOf(i, c, ch?.previous),
  },
];
