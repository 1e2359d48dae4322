import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake, subscribedServer } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { startReceiver, type Receiver } from '../helpers/https-receiver';
import { deliveredTo, triggerLogs, until } from '../helpers/trigger-events';
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';

/**
 * The trigger types declared under the hosted service's names (lib/triggers/hosted/*, the Slack
 * event types), end to end, one or more per toolkit: upsert through the v3 API, the engine reads
 * the provider through the toolkit's catalog tool against a loopback fake answering in the
 * provider's documented shape, the first poll only records the state, one change made afterwards
 * becomes exactly one event at a real HTTPS receiver, and later polls send nothing more. The
 * "watch" types (changed / removed) are exercised with a change of an existing resource.
 */
let s: TestServer;
let fake: FakeUpstream;
let rx: Receiver;

const logs = (id: string) => triggerLogs(s, id);
const delivered = (triggerId: string) => deliveredTo(rx, triggerId);
const iso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();
type Json = Record<string, any>;

interface Case {
  slug: string;
  toolkit: string;
  scheme: 'OAUTH2' | 'API_KEY' | 'BASIC';
  val?: Record<string, unknown>;
  /** path prefix of this toolkit's base_url on the shared fake */
  prefix: string;
  config: Record<string, unknown>;
  /** routes answering from the case's state (method, pattern relative to the prefix) */
  routes: [string, string, (st: Json, r: RecordedRequest, p: Record<string, string>) => unknown][];
  state: () => Json;
  /** the one change made after priming */
  change: (st: Json) => void;
  /** what the event payload must hold */
  payload: (data: Json) => void;
  /** what a request must carry */
  request?: (r: RecordedRequest) => void;
}

/** a Canvas submission as GET /courses/:id/students/submissions lists it */
const canvasSub = (id: number, user: string, offsetMs: number) => ({
  id,
  assignment_id: 7,
  user_id: user,
  attempt: 1,
  workflow_state: 'submitted',
  submission_type: 'online_text_entry',
  submitted_at: iso(offsetMs),
});
const oauth = { access_token: 'at-hosted-triggers' };
const CASES: Case[] = [
  {
    slug: 'GITHUB_BRANCH_CHANGED_TRIGGER',
    toolkit: 'github',
    scheme: 'OAUTH2',
    prefix: '/gh',
    config: { owner: 'acme', repo: 'app', branch: 'main' },
    state: () => ({ sha: 'aaa111', protected: false }),
    routes: [
      [
        'GET',
        '/repos/:owner/:repo/branches/:branch',
        (st, _r, p) => ({
          name: p.branch,
          commit: { sha: st.sha, url: 'https://api.github.com/x' },
          protected: st.protected,
          protection: { enabled: st.protected },
        }),
      ],
    ],
    change: (st) => {
      st.sha = 'bbb222';
    },
    payload: (d) => {
      expect(d).toMatchObject({
        branch: 'main',
        commit_sha: 'bbb222',
        previous_commit_sha: 'aaa111',
        repository: 'acme/app',
      });
      expect(d.changed_fields).toEqual(['commit']);
    },
  },
  {
    slug: 'GITHUB_ISSUE_CREATED_TRIGGER',
    toolkit: 'github',
    scheme: 'OAUTH2',
    prefix: '/gh2',
    config: { owner: 'acme', repo: 'app', labels: 'bug' },
    state: () => ({ issues: [ghIssue(1, -60_000)] }),
    routes: [['GET', '/repos/:owner/:repo/issues', (st) => [...st.issues].reverse()]],
    change: (st) => st.issues.push({ ...ghIssue(3, 0), pull_request: { url: 'x' } }, ghIssue(2, 0)),
    request: (r) => expect(r.query.get('labels')).toBe('bug'),
    payload: (d) => expect(d).toMatchObject({ number: 2, title: 'Issue 2', labels: ['bug'], repository: 'acme/app' }),
  },
  {
    slug: 'GMAIL_EMAIL_SENT_TRIGGER',
    toolkit: 'gmail',
    scheme: 'OAUTH2',
    prefix: '/gm',
    config: {},
    state: () => ({ msgs: [gmailMsg('m1', 'Old')] }),
    routes: [
      [
        'GET',
        '/gmail/v1/users/:user/messages',
        (st) => ({ messages: [...st.msgs].reverse().map((m: Json) => ({ id: m.id, threadId: m.threadId })) }),
      ],
      ['GET', '/gmail/v1/users/:user/messages/:id', (st, _r, p) => st.msgs.find((m: Json) => m.id === p.id)],
    ],
    change: (st) => st.msgs.push(gmailMsg('m2', 'Quarterly report')),
    request: (r) => {
      if (r.path.endsWith('/messages')) expect(r.query.getAll('labelIds')).toEqual(['SENT']);
    },
    payload: (d) => expect(d).toMatchObject({ message_id: 'm2', subject: 'Quarterly report', to: 'bob@example.com' }),
  },
  {
    slug: 'GOOGLECALENDAR_EVENT_CANCELED_DELETED_TRIGGER',
    toolkit: 'googlecalendar',
    scheme: 'OAUTH2',
    prefix: '/gc',
    config: {},
    state: () => ({ events: [calEvent('e1', 'confirmed', -120_000), calEvent('e0', 'cancelled', -120_000)] }),
    routes: [['GET', '/calendars/:cal/events', (st) => ({ kind: 'calendar#events', items: st.events })]],
    change: (st) => {
      st.events[0] = calEvent('e1', 'cancelled', 0);
    },
    request: (r) => expect(r.query.get('showDeleted')).toBe('true'),
    payload: (d) => expect(d).toMatchObject({ event_id: 'e1', summary: 'Standup e1' }),
  },
  {
    slug: 'GOOGLESHEETS_NEW_ROWS_TRIGGER',
    toolkit: 'googlesheets',
    scheme: 'OAUTH2',
    prefix: '/gs',
    config: { spreadsheet_id: 'SHEET1', sheet_name: 'Leads' },
    state: () => ({
      values: [
        ['Name', 'Email'],
        ['Ann', 'ann@example.com'],
      ],
    }),
    routes: [
      [
        'GET',
        '/v4/spreadsheets/:id/values/:range',
        (st, _r, p) => ({ range: `${p.range}!A1:B9`, majorDimension: 'ROWS', values: st.values }),
      ],
    ],
    change: (st) => st.values.push(['Bob', 'bob@example.com']),
    request: (r) => expect(decodeURIComponent(r.path)).toContain('/SHEET1/values/Leads'),
    payload: (d) =>
      expect(d).toMatchObject({
        row_number: 3,
        row_data: ['Bob', 'bob@example.com'],
        values: { Name: 'Bob', Email: 'bob@example.com' },
      }),
  },
  {
    slug: 'GOOGLESHEETS_CELL_RANGE_VALUES_CHANGED_TRIGGER',
    toolkit: 'googlesheets',
    scheme: 'OAUTH2',
    prefix: '/gs2',
    config: { spreadsheet_id: 'SHEET1', range: 'Sheet1!A1:B2' },
    state: () => ({ values: [['Total', '10']] }),
    routes: [['GET', '/v4/spreadsheets/:id/values/:range', (st) => ({ range: 'Sheet1!A1:B2', values: st.values })]],
    change: (st) => {
      st.values = [['Total', '12']];
    },
    payload: (d) => {
      expect(d.values).toEqual([['Total', '12']]);
      expect(d.changed_cells).toEqual([{ row: 1, column: 2, old: '10', new: '12' }]);
    },
  },
  {
    slug: 'GOOGLEDOCS_DOCUMENT_STRUCTURE_CHANGED_TRIGGER',
    toolkit: 'googledocs',
    scheme: 'OAUTH2',
    prefix: '/gd',
    config: { document_id: 'DOC1' },
    state: () => ({ tables: 0 }),
    routes: [
      [
        'GET',
        '/v1/documents/:id',
        (st, _r, p) => ({
          documentId: p.id,
          title: 'Plan',
          body: { content: [{ paragraph: {} }, ...Array.from({ length: st.tables }, () => ({ table: { rows: 1 } }))] },
        }),
      ],
    ],
    change: (st) => {
      st.tables = 1;
    },
    payload: (d) =>
      expect(d).toMatchObject({
        document_id: 'DOC1',
        counts: { tables: 1 },
        previous_counts: { tables: 0 },
        changed: ['tables'],
      }),
  },
  {
    slug: 'GOOGLEDRIVE_FILE_DELETED_OR_TRASHED_TRIGGER',
    toolkit: 'googledrive',
    scheme: 'OAUTH2',
    prefix: '/gdr',
    config: {},
    state: () => ({ trashed: [driveFile('old.pdf')] }),
    routes: [
      ['GET', '/drive/v3/files', (st) => ({ files: st.trashed })],
      ['GET', '/files', (st) => ({ files: st.trashed })],
    ],
    change: (st) => st.trashed.unshift(driveFile('budget.xlsx')),
    request: (r) => expect(r.query.get('q')).toContain('trashed = true'),
    payload: (d) => expect(d).toMatchObject({ name: 'budget.xlsx', mime_type: 'application/pdf' }),
  },
  {
    slug: 'GOOGLETASKS_TASK_UPDATED_TRIGGER',
    toolkit: 'googletasks',
    scheme: 'OAUTH2',
    prefix: '/gt',
    config: {},
    state: () => ({ tasks: [{ id: 't1', title: 'Write', status: 'needsAction', updated: iso(-60_000) }] }),
    routes: [['GET', '/tasks/v1/lists/:list/tasks', (st) => ({ kind: 'tasks#tasks', items: st.tasks })]],
    change: (st) => {
      st.tasks[0] = { ...st.tasks[0], status: 'completed', updated: iso() };
    },
    payload: (d) => expect(d).toMatchObject({ id: 't1', status: 'completed' }),
  },
  {
    slug: 'YOUTUBE_NEW_PLAYLIST_ITEM_TRIGGER',
    toolkit: 'youtube',
    scheme: 'OAUTH2',
    prefix: '/yt',
    config: { playlist_id: 'PL1' },
    state: () => ({ items: [ytItem('pi1', 'v1')] }),
    routes: [
      ['GET', '/youtube/v3/playlistItems', (st) => ({ kind: 'youtube#playlistItemListResponse', items: st.items })],
    ],
    change: (st) => st.items.push(ytItem('pi2', 'v2')),
    request: (r) => expect(r.query.get('playlistId')).toBe('PL1'),
    payload: (d) => expect(d).toMatchObject({ id: 'pi2', video_id: 'v2', playlist_id: 'PL1' }),
  },
  {
    slug: 'LINEAR_ISSUE_UPDATED_TRIGGER',
    toolkit: 'linear',
    scheme: 'API_KEY',
    val: { api_key: 'lin_api_hosted' },
    prefix: '/lin',
    config: { team_id: 'team-1' },
    state: () => ({ issue: linIssue('Todo', 'u1') }),
    routes: [
      [
        'POST',
        '/graphql',
        (st, r) => {
          expect((r.json as Json).variables.teamId).toBe('team-1');
          return {
            data: { team: { issues: { nodes: [st.issue], pageInfo: { hasNextPage: false, endCursor: null } } } },
          };
        },
      ],
    ],
    change: (st) => {
      st.issue = { ...linIssue('Done', 'u1'), updatedAt: iso() };
    },
    payload: (d) => {
      expect(d).toMatchObject({ action: 'update', type: 'Issue', data: { id: 'iss-1', state: { name: 'Done' } } });
      expect(d.updated_from).toEqual({ state: 's-Todo' });
    },
  },
  {
    slug: 'NOTION_PAGE_PROPERTIES_UPDATED',
    toolkit: 'notion',
    scheme: 'OAUTH2',
    prefix: '/no',
    config: { data_source_id: 'db-1' },
    state: () => ({ pages: [notionPage('p1', 'db-1', 'Open'), notionPage('p2', 'db-2', 'Open')] }),
    routes: [
      ['POST', '/v1/search', (st) => ({ object: 'list', results: st.pages, has_more: false, next_cursor: null })],
    ],
    change: (st) => {
      st.pages = [notionPage('p1', 'db-1', 'Closed'), notionPage('p2', 'db-2', 'Closed')];
    },
    payload: (d) => expect(d).toMatchObject({ id: 'p1', updated_properties: ['st'] }),
  },
  {
    slug: 'OUTLOOK_CONTACT_TRIGGER',
    toolkit: 'outlook',
    scheme: 'OAUTH2',
    prefix: '/ol',
    config: {},
    state: () => ({ contacts: [contact('c1', 'Ann', -60_000)] }),
    routes: [['GET', '/me/contacts', (st) => ({ value: [...st.contacts].reverse() })]],
    change: (st) => st.contacts.push(contact('c2', 'Bob', 0)),
    request: (r) => expect(r.query.get('$orderby')).toBe('createdDateTime desc'),
    payload: (d) => expect(d).toMatchObject({ id: 'c2', display_name: 'Bob', email_addresses: ['bob@contoso.com'] }),
  },
  {
    slug: 'JIRA_UPDATED_ISSUE_TRIGGER',
    toolkit: 'jira',
    scheme: 'BASIC',
    val: { username: 'ann@example.com', password: 'jira-api-token', subdomain: 'acme' },
    prefix: '/ji',
    config: { project_key: 'ENG' },
    state: () => ({ issues: [jiraIssue('ENG-1', -600_000, -600_000)] }),
    routes: [['GET', '/rest/api/3/search/jql', (st) => ({ issues: st.issues, isLast: true })]],
    change: (st) => {
      st.issues = [jiraIssue('ENG-1', -600_000, 0, 'In Progress')];
    },
    request: (r) => expect(r.query.get('jql')).toMatch(/^project = "ENG"/),
    payload: (d) => expect(d).toMatchObject({ key: 'ENG-1', status: 'In Progress' }),
  },
  {
    slug: 'HUBSPOT_DEAL_STAGE_UPDATED_TRIGGER',
    toolkit: 'hubspot',
    scheme: 'OAUTH2',
    prefix: '/hs',
    config: {},
    state: () => ({ stage: 'appointmentscheduled', name: 'Big deal' }),
    routes: [
      [
        'POST',
        '/crm/v3/objects/:type/search',
        (st, _r, p) => {
          expect(p.type).toBe('deals');
          return {
            total: 1,
            results: [
              {
                id: '77',
                properties: { dealname: st.name, dealstage: st.stage, pipeline: 'default' },
                updatedAt: iso(),
              },
            ],
          };
        },
      ],
    ],
    change: (st) => {
      st.stage = 'closedwon';
    },
    payload: (d) =>
      expect(d).toMatchObject({ id: '77', dealstage: 'closedwon', previous_dealstage: 'appointmentscheduled' }),
  },
  {
    slug: 'CANVAS_NEW_ASSIGNMENT_SUBMISSION_TRIGGER',
    toolkit: 'canvas',
    scheme: 'API_KEY',
    val: { api_key: 'canvas-token' },
    prefix: '/cv',
    config: { course_id: 101, assignment_id: 7 },
    state: () => ({ subs: [canvasSub(1, 'u1', -600_000)] }),
    routes: [['GET', '/api/v1/courses/101/students/submissions', (st) => st.subs]],
    change: (st) => st.subs.push(canvasSub(2, 'u2', 0)),
    request: (r) => {
      expect(r.query.getAll('student_ids[]')).toEqual(['all']);
      expect(r.query.getAll('assignment_ids[]')).toEqual(['7']);
    },
    payload: (d) =>
      expect(d).toMatchObject({ id: '2', user_id: 'u2', assignment_id: '7', workflow_state: 'submitted' }),
  },
  {
    slug: 'AIRTABLE_VIEW_DELETED_TRIGGER',
    toolkit: 'airtable',
    scheme: 'API_KEY',
    val: { api_key: 'patHosted.secret' },
    prefix: '/at',
    config: { base_id: 'appB' },
    state: () => ({
      views: [
        { id: 'viwGrid', name: 'Grid', type: 'grid' },
        { id: 'viwKan', name: 'Board', type: 'kanban' },
      ],
    }),
    routes: [
      [
        'GET',
        '/meta/bases/:base/tables',
        (st) => ({ tables: [{ id: 'tblA', name: 'Leads', primaryFieldId: 'fld1', fields: [], views: st.views }] }),
      ],
    ],
    change: (st) => {
      st.views = st.views.slice(0, 1);
    },
    payload: (d) => expect(d).toMatchObject({ view_id: 'viwKan', name: 'Board', table_id: 'tblA', base_id: 'appB' }),
  },
];

function ghIssue(n: number, offsetMs: number) {
  return {
    id: 5000 + n,
    number: n,
    title: `Issue ${n}`,
    body: null,
    state: 'open',
    comments: 0,
    html_url: `https://github.com/acme/app/issues/${n}`,
    user: { login: 'ann', id: 1 },
    labels: [{ name: 'bug' }],
    assignees: [],
    created_at: iso(offsetMs),
  };
}
function gmailMsg(id: string, subject: string) {
  return {
    id,
    threadId: `t-${id}`,
    labelIds: ['SENT'],
    snippet: 'Hi Bob',
    internalDate: String(Date.now()),
    payload: {
      headers: [
        { name: 'Subject', value: subject },
        { name: 'From', value: 'me@example.com' },
        { name: 'To', value: 'bob@example.com' },
      ],
    },
  };
}
function calEvent(id: string, status: string, offsetMs: number) {
  return { id, status, summary: `Standup ${id}`, created: iso(-3_600_000), updated: iso(offsetMs) };
}
function driveFile(name: string) {
  return {
    id: `f-${name}`,
    name,
    mimeType: 'application/pdf',
    trashed: true,
    createdTime: iso(-86_400_000),
    modifiedTime: iso(),
  };
}
function ytItem(id: string, video: string) {
  return {
    kind: 'youtube#playlistItem',
    id,
    snippet: { title: `Video ${video}`, position: 0, publishedAt: iso(), resourceId: { videoId: video } },
    contentDetails: { videoId: video },
  };
}
function linIssue(state: string, assignee: string) {
  return {
    id: 'iss-1',
    identifier: 'ENG-1',
    title: 'Fix login',
    priority: 2,
    url: 'https://linear.app/acme/issue/ENG-1',
    createdAt: iso(-86_400_000),
    updatedAt: iso(-60_000),
    state: { id: `s-${state}`, name: state, type: 'started' },
    team: { id: 'team-1', key: 'ENG', name: 'Engineering' },
    assignee: { id: assignee, name: 'Ann' },
    labels: { nodes: [] },
  };
}
function notionPage(id: string, db: string, status: string) {
  return {
    object: 'page',
    id,
    created_time: iso(-86_400_000),
    last_edited_time: iso(),
    parent: { type: 'database_id', database_id: db },
    url: `https://www.notion.so/${id}`,
    properties: {
      Status: { id: 'st', type: 'select', select: { name: status } },
      Name: { id: 'title', type: 'title', title: [] },
    },
  };
}
function contact(id: string, name: string, offsetMs: number) {
  return {
    id,
    displayName: name,
    emailAddresses: [{ address: `${name.toLowerCase()}@contoso.com` }],
    createdDateTime: iso(offsetMs),
  };
}
function jiraIssue(key: string, createdOffset: number, updatedOffset: number, status = 'To Do') {
  const t = (o: number) => new Date(Date.now() + o).toISOString().replace('Z', '+0000');
  return {
    id: '10001',
    key,
    self: 'https://acme.atlassian.net/rest/api/3/issue/10001',
    fields: { summary: 'Login fails', status: { name: status }, created: t(createdOffset), updated: t(updatedOffset) },
  };
}

beforeAll(async () => {
  [fake, rx] = await Promise.all([startFakeUpstream(), startReceiver()]);
  s = await subscribedServer(rx);
});
afterAll(async () => {
  await s?.stop();
  await fake?.close();
  await rx?.close();
});

describe('hosted-name trigger types fire end to end', () => {
  for (const c of CASES) {
    it(`${c.slug}: primes, then exactly one event for one change`, async () => {
      const st = c.state();
      const seen: RecordedRequest[] = [];
      for (const [method, pattern, answer] of c.routes)
        fake.on(method, `${c.prefix}${pattern}`, (r, p) => {
          seen.push(r);
          return { json: answer(st, r, p) };
        });
      const account = (
        await connectToFake(s, {
          toolkit: c.toolkit,
          authScheme: c.scheme,
          val: { ...(c.val ?? oauth), base_url: `${fake.url}${c.prefix}` },
          userId: `${c.slug.toLowerCase()}-user`,
          credentials: c.scheme === 'OAUTH2' ? { client_id: 'app', client_secret: 'secret' } : {},
        })
      ).accountId;
      const up = await s.api('POST', `/trigger_instances/${c.slug}/upsert`, {
        connected_account_id: account,
        trigger_config: { ...c.config, interval: 0.005 },
      });
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      const id = up.body.trigger_id as string;
      await until(
        async () => (await logs(id)).find((l) => l.outcome === 'primed'),
        `${c.slug} primed: ${JSON.stringify(fake.requests.slice(-2).map((r) => r.path))}`,
      );
      for (const r of seen) c.request?.(r);
      c.change(st);
      await until(() => delivered(id).length >= 1, `${c.slug} event: ${JSON.stringify(await logs(id))}`);
      const quiet = (await logs(id)).filter((l) => ['no_new_items', 'filtered'].includes(l.outcome)).length;
      await until(
        async () =>
          (await logs(id)).filter((l) => ['no_new_items', 'filtered'].includes(l.outcome)).length >= quiet + 2,
        `${c.slug} two more polls`,
      );
      const got = delivered(id);
      expect(got, JSON.stringify(got.map((g) => g.data))).toHaveLength(1);
      expect(got[0]!.metadata).toMatchObject({ trigger_slug: c.slug, trigger_id: id, connected_account_id: account });
      c.payload(got[0]!.data);
      const l = await logs(id);
      expect(l.filter((x) => x.outcome === 'events_emitted').map((x) => x.events_emitted)).toEqual([1]);
      expect(
        l.filter((x) => !['primed', 'events_emitted', 'no_new_items', 'filtered', 'enabled'].includes(x.outcome)),
        JSON.stringify(l),
      ).toEqual([]);
      await s.api('DELETE', `/trigger_instances/manage/${id}`);
    });
  }

  it.each(['slack', 'slackbot'])(
    '%s: a direct message fires DIRECT_MESSAGE_RECEIVED; channel messages and other emoji are filtered',
    async (toolkit) => {
      const prefix = toolkit.toUpperCase();
      const account = (
        await connectToFake(s, {
          toolkit,
          authScheme: 'OAUTH2',
          val: { ...oauth, base_url: fake.url },
          userId: `${toolkit}-events`,
          credentials: { client_id: 'app', client_secret: 'secret' },
        })
      ).accountId;
      const upsert = async (slug: string, config: Record<string, unknown>) => {
        const r = await s.api('POST', `/trigger_instances/${prefix}_${slug}/upsert`, {
          connected_account_id: account,
          trigger_config: { signing_secret: 'slack-signing-secret', ...config },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        const inst = await s.api('GET', `/trigger_instances/manage/${r.body.trigger_id}`);
        return { id: r.body.trigger_id as string, url: inst.body.state.webhook_url as string };
      };
      const post = (url: string, event: Record<string, unknown>, eventId: string) => {
        const body = JSON.stringify({ type: 'event_callback', event_id: eventId, team_id: 'T1', event });
        const ts = String(Math.floor(Date.now() / 1000));
        const sig = `v0=${createHmac('sha256', 'slack-signing-secret').update(`v0:${ts}:${body}`).digest('hex')}`;
        return fetch(url, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', 'x-slack-signature': sig, 'x-slack-request-timestamp': ts },
        });
      };
      const dm = await upsert('DIRECT_MESSAGE_RECEIVED', {});
      expect(
        (
          await post(
            dm.url,
            { type: 'message', channel: 'C1', channel_type: 'channel', text: 'hi all', ts: '1.1' },
            `${toolkit}-e1`,
          )
        ).status,
      ).toBe(200);
      expect(
        (
          await post(
            dm.url,
            { type: 'message', channel: 'D1', channel_type: 'im', text: 'hi you', ts: '1.2' },
            `${toolkit}-e2`,
          )
        ).status,
      ).toBe(200);
      const reacted = await upsert('MESSAGE_REACTION_ADDED', { emoji: ':tada:' });
      const reaction = (r: string, id: string) =>
        post(
          reacted.url,
          {
            type: 'reaction_added',
            user: 'U1',
            reaction: r,
            item: { type: 'message', channel: 'C1', ts: '1.1' },
            event_ts: '1.3',
          },
          id,
        );
      expect((await reaction('thumbsup', `${toolkit}-e3`)).status).toBe(200);
      expect((await reaction('tada', `${toolkit}-e4`)).status).toBe(200);
      await until(() => delivered(dm.id).length === 1 && delivered(reacted.id).length === 1, `${toolkit} events`);
      expect(delivered(dm.id)[0]!.data.event).toMatchObject({ channel: 'D1', channel_type: 'im', text: 'hi you' });
      expect(delivered(reacted.id)[0]!.data.event).toMatchObject({ reaction: 'tada' });
      for (const id of [dm.id, reacted.id]) {
        const outcomes = (await logs(id)).map((l) => l.outcome);
        expect(outcomes.filter((o) => o === 'filtered')).toHaveLength(1);
        expect(outcomes.filter((o) => o === 'events_emitted')).toHaveLength(1);
      }
    },
  );
});
