import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake, subscribedServer } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { startReceiver, type Receiver } from '../helpers/https-receiver';
import { deliveredTo, triggerLogs, until } from '../helpers/trigger-events';
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';

/**
 * The poll trigger types of the catalog's toolkits other than GitHub (lib/triggers/poll-types.ts),
 * end to end: the engine calls the list operation against a loopback provider that answers in the
 * provider's documented response shape, the first poll only records what exists, an item added
 * afterwards becomes exactly one event at a real HTTPS receiver, and later polls that list it again
 * send nothing. Each case also checks the request the provider received and the event payload.
 */
let s: TestServer;
let fake: FakeUpstream;
let rx: Receiver;

const logs = (id: string) => triggerLogs(s, id);
const delivered = (triggerId: string) => deliveredTo(rx, triggerId);

const secs = (offsetMs = 0) => Math.floor((Date.now() + offsetMs) / 1000);
const iso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();
const hex = (n: number) => randomBytes(n).toString('hex');

interface Case {
  slug: string;
  toolkit: string;
  scheme: 'OAUTH2' | 'API_KEY' | 'BEARER_TOKEN' | 'BASIC';
  val: Record<string, unknown>;
  config: Record<string, unknown>;
  /** method and path of the list operation (fake-upstream pattern) */
  list: [string, string];
  /** the provider's list answer for these items */
  answer: (items: Record<string, unknown>[]) => unknown;
  /** an item that exists before the trigger, and one added afterwards */
  existing: () => Record<string, unknown>;
  added: () => Record<string, unknown>;
  /** what the list request must carry */
  request: (r: RecordedRequest, params: Record<string, string>) => void;
  /** what the event payload must hold for the added item */
  payload: (data: Record<string, unknown>, item: Record<string, unknown>) => void;
  /** extra routes (a second call per item) */
  extra?: (items: () => Record<string, unknown>[]) => void;
}

const oauth = { access_token: 'at-poll-types' };
const CASES: Case[] = [
  {
    slug: 'GMAIL_NEW_GMAIL_MESSAGE',
    toolkit: 'gmail',
    scheme: 'OAUTH2',
    val: oauth,
    config: {},
    list: ['GET', '/gmail/v1/users/:user/messages'],
    answer: (items) => ({
      messages: items.map((m) => ({ id: m.id, threadId: m.threadId })),
      resultSizeEstimate: items.length,
    }),
    existing: () => gmailMessage('Old news'),
    added: () => gmailMessage('Quarterly numbers'),
    request: (r, p) => {
      expect(p.user).toBe('me');
      expect(r.query.getAll('labelIds')).toEqual(['INBOX']);
      expect(r.headers.authorization).toBe('Bearer at-poll-types');
    },
    payload: (d, m) => {
      expect(d).toMatchObject({
        message_id: m.id,
        thread_id: m.threadId,
        subject: 'Quarterly numbers',
        sender: 'Ann <ann@example.com>',
        label_ids: ['INBOX', 'UNREAD'],
      });
    },
    extra: (items) =>
      fake.on('GET', '/gmail/v1/users/:user/messages/:id', (r, p) => {
        expect(r.query.get('format')).toBe('full');
        const m = items().find((x) => x.id === p.id);
        return m ? { json: m } : { status: 404, json: { error: { code: 404, message: 'Not Found' } } };
      }),
  },
  {
    slug: 'GOOGLECALENDAR_EVENT_CHANGED_TRIGGER',
    toolkit: 'googlecalendar',
    scheme: 'OAUTH2',
    val: oauth,
    config: {},
    list: ['GET', '/calendars/:cal/events'],
    answer: (items) => ({ kind: 'calendar#events', summary: 'ann@example.com', items }),
    existing: () => calendarEvent('Standup', -60_000),
    added: () => calendarEvent('Design review', 0),
    request: (r, p) => {
      expect(p.cal).toBe('primary');
      expect(r.query.get('orderBy')).toBe('updated');
      expect(r.query.get('singleEvents')).toBe('true');
    },
    payload: (d, e) => {
      expect(d).toMatchObject({ event_id: e.id, summary: 'Design review', status: 'confirmed', change: 'created' });
    },
  },
  {
    slug: 'SLACK_CHANNEL_MESSAGE_POLL',
    toolkit: 'slack',
    scheme: 'OAUTH2',
    val: oauth,
    config: { channel: 'C0123456789' },
    list: ['GET', '/conversations.history'],
    answer: (items) => ({ ok: true, messages: [...items].reverse(), has_more: false, pin_count: 0 }),
    existing: () => ({ type: 'message', user: 'U01', text: 'earlier', ts: `${secs(-60_000)}.000100` }),
    added: () => ({ type: 'message', user: 'U02', text: 'deploy finished', ts: `${secs(1000)}.000200` }),
    request: (r) => {
      expect(r.query.get('channel')).toBe('C0123456789');
    },
    payload: (d, m) => {
      expect(d).toMatchObject({ channel: 'C0123456789', ts: m.ts, text: 'deploy finished', user: 'U02' });
    },
  },
  {
    slug: 'NOTION_PAGE_ADDED_TO_DATABASE',
    toolkit: 'notion',
    scheme: 'OAUTH2',
    val: oauth,
    config: { database_id: 'db-123' },
    list: ['POST', '/v1/databases/:id/query'],
    answer: (items) => ({
      object: 'list',
      results: items,
      next_cursor: null,
      has_more: false,
      type: 'page_or_database',
    }),
    existing: () => notionPage('Old row', -60_000),
    added: () => notionPage('New row', 0),
    request: (r, p) => {
      expect(p.id).toBe('db-123');
      expect(r.headers['notion-version']).toEqual(expect.any(String));
    },
    payload: (d, pg) => {
      expect(d).toMatchObject({ page_id: pg.id, url: pg.url, created_time: pg.created_time });
    },
  },
  {
    slug: 'ASANA_TASK_ADDED_TO_PROJECT',
    toolkit: 'asana',
    scheme: 'OAUTH2',
    val: oauth,
    config: { project_gid: '1200000000000001' },
    list: ['GET', '/projects/:gid/tasks'],
    answer: (items) => ({ data: items, next_page: null }),
    existing: () => asanaTask('Old task', -60_000),
    added: () => asanaTask('Write the launch post', 0),
    request: (r, p) => {
      expect(p.gid).toBe('1200000000000001');
      expect(r.query.get('opt_fields')).toContain('created_at');
    },
    payload: (d, t) => {
      expect(d).toMatchObject({ gid: t.gid, name: 'Write the launch post', completed: false });
    },
  },
  {
    slug: 'STRIPE_NEW_CHARGE_POLL',
    toolkit: 'stripe',
    scheme: 'API_KEY',
    val: { api_key: 'sk_test_poll_types' },
    config: {},
    list: ['GET', '/v1/charges'],
    answer: (items) => ({ object: 'list', data: [...items].reverse(), has_more: false, url: '/v1/charges' }),
    existing: () => ({ id: `ch_${hex(8)}`, object: 'charge', amount: 500, currency: 'usd', created: secs(-60_000) }),
    added: () => ({
      id: `ch_${hex(8)}`,
      object: 'charge',
      amount: 2500,
      currency: 'usd',
      created: secs(1000),
      livemode: false,
    }),
    request: (r) => {
      expect(r.query.get('limit')).toBe('50');
      expect(r.headers.authorization).toBe('Bearer sk_test_poll_types');
    },
    payload: (d, c) => {
      expect(d).toMatchObject({ id: c.id, object: 'charge', created: c.created, livemode: false });
      expect((d.object_data as Record<string, unknown>).amount).toBe(2500);
    },
  },
  {
    slug: 'TRELLO_CARD_ADDED_TO_BOARD',
    toolkit: 'trello',
    scheme: 'API_KEY',
    val: { api_key: 'trello-key', token: 'trello-token' },
    config: { board_id: '5abbe4b7ddc1b351ef961414' },
    list: ['GET', '/boards/:board/cards'],
    answer: (items) => items,
    existing: () => trelloCard('Old card', -60_000),
    added: () => trelloCard('Ship it', 1000),
    request: (_r, p) => {
      expect(p.board).toBe('5abbe4b7ddc1b351ef961414');
    },
    payload: (d, c) => {
      expect(d).toMatchObject({ id: c.id, name: 'Ship it', id_list: c.idList, url: c.url });
    },
  },
  {
    slug: 'GITLAB_NEW_ISSUE_POLL',
    toolkit: 'gitlab',
    scheme: 'OAUTH2',
    val: oauth,
    config: { project_id: '42' },
    list: ['GET', '/v4/projects/:id/issues'],
    answer: (items) => [...items].reverse(),
    existing: () => gitlabItem('Old bug', -60_000),
    added: () => gitlabItem('Login fails on Safari', 0),
    request: (r, p) => {
      expect(p.id).toBe('42');
      expect(r.query.get('order_by')).toBe('created_at');
      expect(r.query.get('state')).toBe('all');
    },
    payload: (d, i) => {
      expect(d).toMatchObject({ id: i.id, iid: i.iid, title: 'Login fails on Safari', web_url: i.web_url });
    },
  },
  {
    slug: 'GITLAB_NEW_MERGE_REQUEST_POLL',
    toolkit: 'gitlab',
    scheme: 'OAUTH2',
    val: oauth,
    config: { project_id: '43' },
    list: ['GET', '/v4/projects/:id/merge_requests'],
    answer: (items) => [...items].reverse(),
    existing: () => ({ ...gitlabItem('Old MR', -60_000), source_branch: 'old', target_branch: 'main' }),
    added: () => ({ ...gitlabItem('Faster builds', 0), source_branch: 'faster-builds', target_branch: 'main' }),
    request: (r, p) => {
      expect(p.id).toBe('43');
      expect(r.query.get('order_by')).toBe('created_at');
    },
    payload: (d, i) => {
      expect(d).toMatchObject({
        id: i.id,
        title: 'Faster builds',
        source_branch: 'faster-builds',
        target_branch: 'main',
      });
    },
  },
  {
    slug: 'JIRA_NEW_ISSUE_POLL',
    toolkit: 'jira',
    scheme: 'BASIC',
    val: { username: 'ann@example.com', password: 'jira-api-token', subdomain: 'acme' },
    config: { project_key: 'ENG' },
    list: ['GET', '/rest/api/3/search/jql'],
    answer: (items) => ({ issues: [...items].reverse(), isLast: true }),
    existing: () => jiraIssue('ENG-1', 'Old issue', -60_000),
    added: () => jiraIssue('ENG-2', 'Checkout is slow', 0),
    request: (r) => {
      expect(r.query.get('jql')).toBe('project = "ENG" ORDER BY created DESC');
      expect(r.headers.authorization).toBe(`Basic ${Buffer.from('ann@example.com:jira-api-token').toString('base64')}`);
    },
    payload: (d, i) => {
      expect(d).toMatchObject({ id: i.id, key: 'ENG-2', summary: 'Checkout is slow', status: 'To Do' });
    },
  },
  {
    slug: 'GOOGLETASKS_NEW_TASK_POLL',
    toolkit: 'googletasks',
    scheme: 'OAUTH2',
    val: oauth,
    config: {},
    list: ['GET', '/tasks/v1/lists/:list/tasks'],
    answer: (items) => ({ kind: 'tasks#tasks', etag: `"${hex(4)}"`, items }),
    existing: () => ({
      kind: 'tasks#task',
      id: hex(8),
      title: 'Old task',
      status: 'needsAction',
      updated: iso(-60_000),
    }),
    added: () => ({ kind: 'tasks#task', id: hex(8), title: 'Renew passport', status: 'needsAction', updated: iso() }),
    request: (r, p) => {
      expect(p.list).toBe('@default');
      expect(r.query.get('showCompleted')).toBe('true');
    },
    payload: (d, t) => {
      expect(d).toMatchObject({ id: t.id, title: 'Renew passport', status: 'needsAction' });
    },
  },
  {
    slug: 'GOOGLEDRIVE_NEW_FILE_POLL',
    toolkit: 'googledrive',
    scheme: 'OAUTH2',
    val: oauth,
    config: { folder_id: 'folder-1' },
    list: ['GET', '/files'],
    answer: (items) => ({ kind: 'drive#fileList', incompleteSearch: false, files: [...items].reverse() }),
    existing: () => driveFile('old.pdf', -60_000),
    added: () => driveFile('plan.pdf', 0),
    request: (r) => {
      expect(r.query.get('q')).toBe("trashed = false and 'folder-1' in parents");
      expect(r.query.get('orderBy')).toBe('createdTime desc');
    },
    payload: (d, f) => {
      expect(d).toMatchObject({
        id: f.id,
        name: 'plan.pdf',
        mime_type: 'application/pdf',
        web_view_link: f.webViewLink,
      });
    },
  },
];

function gmailMessage(subject: string) {
  const id = hex(8);
  return {
    id,
    threadId: id,
    labelIds: ['INBOX', 'UNREAD'],
    snippet: `${subject} — see the attached sheet`,
    internalDate: String(Date.now()),
    sizeEstimate: 2048,
    payload: {
      mimeType: 'text/plain',
      headers: [
        { name: 'From', value: 'Ann <ann@example.com>' },
        { name: 'To', value: 'bob@example.com' },
        { name: 'Subject', value: subject },
      ],
      body: { size: 10, data: Buffer.from('see sheet').toString('base64url') },
    },
  };
}
function calendarEvent(summary: string, offsetMs: number) {
  return {
    kind: 'calendar#event',
    id: hex(8),
    status: 'confirmed',
    htmlLink: `https://calendar.example/event?eid=${hex(4)}`,
    created: iso(offsetMs),
    updated: iso(offsetMs),
    summary,
    start: { dateTime: iso(3_600_000) },
    end: { dateTime: iso(5_400_000) },
    organizer: { email: 'ann@example.com' },
  };
}
function notionPage(title: string, offsetMs: number) {
  const id = `${hex(4)}-${hex(2)}-${hex(2)}-${hex(2)}-${hex(6)}`;
  return {
    object: 'page',
    id,
    created_time: iso(offsetMs),
    last_edited_time: iso(offsetMs),
    created_by: { object: 'user', id: 'u-1' },
    url: `https://www.notion.so/${id.replace(/-/g, '')}`,
    properties: { Name: { id: 'title', type: 'title', title: [{ plain_text: title }] } },
  };
}
function asanaTask(name: string, offsetMs: number) {
  const gid = String(1_200_000_000_000_000 + Math.floor(Math.random() * 1e9));
  return {
    gid,
    resource_type: 'task',
    name,
    created_at: iso(offsetMs),
    completed: false,
    assignee: null,
    permalink_url: `https://app.asana.com/0/1/${gid}`,
  };
}
function trelloCard(name: string, offsetMs: number) {
  // Trello ids begin with the creation time in seconds (8 hex digits)
  const id = secs(offsetMs).toString(16).padStart(8, '0') + hex(8);
  return { id, name, desc: '', idList: `5abbe4b7ddc1b351ef96${hex(2)}`, url: `https://trello.com/c/${hex(4)}` };
}
let gitlabSeq = 100;
function gitlabItem(title: string, offsetMs: number) {
  const id = ++gitlabSeq;
  return {
    id,
    iid: id - 99,
    title,
    description: null,
    state: 'opened',
    web_url: `https://gitlab.example/acme/app/-/issues/${id - 99}`,
    author: { id: 7, username: 'ann' },
    created_at: iso(offsetMs),
  };
}
function jiraIssue(key: string, summary: string, offsetMs: number) {
  // Jira Cloud's own format: milliseconds and a +hhmm offset
  const created = new Date(Date.now() + offsetMs).toISOString().replace('Z', '+0000');
  const id = String(10_000 + Number(key.split('-')[1]));
  return {
    id,
    key,
    self: `https://acme.atlassian.net/rest/api/3/issue/${id}`,
    fields: { summary, status: { name: 'To Do' }, created },
  };
}
function driveFile(name: string, offsetMs: number) {
  const id = hex(10);
  return {
    kind: 'drive#file',
    id,
    name,
    mimeType: 'application/pdf',
    createdTime: iso(offsetMs),
    webViewLink: `https://drive.example/file/d/${id}/view`,
  };
}

const connect = async (c: Case): Promise<string> =>
  (
    await connectToFake(s, {
      toolkit: c.toolkit,
      authScheme: c.scheme,
      val: { ...c.val, base_url: fake.url },
      userId: `${c.slug.toLowerCase()}-user`,
      credentials: c.scheme === 'OAUTH2' ? { client_id: 'app', client_secret: 'secret' } : {},
    })
  ).accountId;

beforeAll(async () => {
  [fake, rx] = await Promise.all([startFakeUpstream(), startReceiver()]);
  s = await subscribedServer(rx);
});
afterAll(async () => {
  await s?.stop();
  await fake?.close();
  await rx?.close();
});

describe('poll trigger types of the catalog toolkits', () => {
  for (const c of CASES) {
    it(`${c.slug}: primes on the first poll, then one event per new item, never twice`, async () => {
      const items: Record<string, unknown>[] = [c.existing()];
      const seen: { r: RecordedRequest; p: Record<string, string> }[] = [];
      fake.on(c.list[0], c.list[1], (r, p) => {
        seen.push({ r, p });
        return { json: c.answer(items) };
      });
      c.extra?.(() => items);
      const account = await connect(c);
      const up = await s.api('POST', `/trigger_instances/${c.slug}/upsert`, {
        connected_account_id: account,
        trigger_config: { ...c.config, interval: 0.005 },
      });
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      const id = up.body.trigger_id as string;
      await until(async () => (await logs(id)).find((l) => l.outcome === 'primed'), `${c.slug} primed`);
      expect(seen.length).toBeGreaterThan(0);
      c.request(seen[0]!.r, seen[0]!.p);

      const added = c.added();
      items.push(added);
      await until(() => delivered(id).length >= 1, `${c.slug} event`);
      const quiet = (await logs(id)).filter((l) => l.outcome === 'no_new_items').length;
      await until(
        async () => (await logs(id)).filter((l) => l.outcome === 'no_new_items').length >= quiet + 2,
        `${c.slug} two more polls`,
      );
      const got = delivered(id);
      expect(got, JSON.stringify(got.map((g) => g.data))).toHaveLength(1);
      expect(got[0]!.metadata).toMatchObject({ trigger_slug: c.slug, trigger_id: id, connected_account_id: account });
      c.payload(got[0]!.data, added);
      const l = await logs(id);
      expect(l.filter((x) => x.outcome === 'events_emitted').map((x) => x.events_emitted)).toEqual([1]);
      expect(
        l.filter((x) => !['primed', 'events_emitted', 'no_new_items', 'enabled'].includes(x.outcome)),
        JSON.stringify(l),
      ).toEqual([]);
      await s.api('DELETE', `/trigger_instances/manage/${id}`);
    });
  }
});
