import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeJira, type FakeJira } from '../helpers/fake-jira';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';

// Curated Jira tools (lib/catalog/curated/jira.ts) through the real execute pipeline, with an
// email + API token (Basic) connection whose base_url points at a loopback Jira Cloud site that
// checks rich text is ADF, people are accountIds, transitions exist, and uploads are multipart.
// a loaded machine can take minutes to boot the server: wait for health as long as that takes
const START_MS = 300_000;
let s: TestServer;
let jira: FakeJira;
let account: string;

beforeAll(async () => {
  [s, jira] = await Promise.all([providerServer({ startTimeoutMs: START_MS }), startFakeJira()]);
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'jira' },
    auth_config: { type: 'use_custom_auth', authScheme: 'BASIC' },
  });
  expect(ac.status, JSON.stringify(ac.body)).toBe(201);
  const ca = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: 'jira-user',
      state: {
        authScheme: 'BASIC',
        val: { status: 'ACTIVE', username: jira.email, password: jira.apiToken, subdomain: 'acme', base_url: jira.url },
      },
    },
  });
  expect(ca.status, JSON.stringify(ca.body)).toBe(201);
  account = ca.body.id;
}, START_MS + 30_000);
afterAll(async () => {
  await Promise.all([s?.stop(), jira?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

async function newIssue(summary: string) {
  const r = await exec('JIRA_CREATE_ISSUE', { project_key: 'WEB', summary });
  expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
  return r.body.data.key as string;
}

async function stage(content: Buffer, filename: string, mimetype: string) {
  const md5 = createHash('md5').update(content).digest('hex');
  const req = await s.api('POST', '/files/upload/request', {
    filename,
    md5,
    mimetype,
    tool_slug: 'JIRA_ADD_ATTACHMENT',
    toolkit_slug: 'jira',
  });
  expect(req.status, JSON.stringify(req.body)).toBe(201);
  const put = await fetch(req.body.new_presigned_url, {
    method: 'PUT',
    body: new Uint8Array(content),
    headers: { 'content-type': mimetype },
  });
  expect(put.status).toBeLessThan(300);
  return req.body.key as string;
}

describe('Jira curated tools', () => {
  it('JIRA_CREATE_ISSUE sends a markdown description as ADF and resolves the assignee from an email', async () => {
    const r = await exec('JIRA_CREATE_ISSUE', {
      project_key: 'WEB',
      summary: 'Login fails on Safari',
      issue_type: 'Bug',
      description: 'Steps:\n\n- open /login\n- press **Sign in**\n\nSee [trace](https://ci.example.com/1)',
      assignee: 'priya@acme.test',
      priority: 'High',
      labels: ['safari', 'auth'],
      due_date: '2025-07-01',
      additional_properties: '{"customfield_10010": 5}',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { key: 'WEB-1' } });
    const req = jira.requests.find((q) => q.method === 'POST' && q.path === '/rest/api/3/issue')!;
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${jira.email}:${jira.apiToken}`).toString('base64')}`);
    const fields = (req.json as any).fields;
    expect(fields).toMatchObject({
      project: { key: 'WEB' },
      summary: 'Login fails on Safari',
      issuetype: { name: 'Bug' },
      assignee: { accountId: '5b10a2844c20165700ede21g' },
      priority: { name: 'High' },
      labels: ['safari', 'auth'],
      duedate: '2025-07-01',
      customfield_10010: 5,
    });
    expect(fields.description.type).toBe('doc');
    expect(fields.description.content.map((n: any) => n.type)).toEqual(['paragraph', 'bulletList', 'paragraph']);
    expect(fields.description.content[1].content[1].content[0].content).toEqual([
      { type: 'text', text: 'press ' },
      { type: 'text', text: 'Sign in', marks: [{ type: 'strong' }] },
    ]);
    expect(fields.description.content[2].content[1]).toEqual({
      type: 'text',
      text: 'trace',
      marks: [{ type: 'link', attrs: { href: 'https://ci.example.com/1' } }],
    });
  });

  it('missing summary is a 400; an unknown person is a failure naming the lookup', async () => {
    const bad = await exec('JIRA_CREATE_ISSUE', { project_key: 'WEB' });
    expect(bad.status).toBe(400);
    const nobody = await exec('JIRA_CREATE_ISSUE', { project_key: 'WEB', summary: 'x', assignee: 'ghost@acme.test' });
    expect(nobody.body.successful).toBe(false);
    expect(nobody.body.error).toMatch(/no Jira user matches/);
  });

  it('JIRA_ADD_COMMENT turns text into ADF; JIRA_LIST_ISSUE_COMMENTS reads it back as text', async () => {
    const key = await newIssue('Comment target');
    const r = await exec('JIRA_ADD_COMMENT', {
      issue_id_or_key: key,
      comment: 'Reproduced on 17.2.\nWorks on Chrome.',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    const stored = jira.issues.get(key)!.comments[0]!.body;
    expect(stored.content[0].content).toEqual([
      { type: 'text', text: 'Reproduced on 17.2.' },
      { type: 'hardBreak' },
      { type: 'text', text: 'Works on Chrome.' },
    ]);
    const list = await exec('JIRA_LIST_ISSUE_COMMENTS', { issue_id_or_key: key });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.comments[0].text).toBe('Reproduced on 17.2.\nWorks on Chrome.');
  });

  it('JIRA_TRANSITION_ISSUE finds the transition by target status and adds the comment', async () => {
    const key = await newIssue('Transition me');
    const r = await exec('JIRA_TRANSITION_ISSUE', {
      issue_id_or_key: key,
      transition_id_or_name: 'done',
      comment: 'Fixed in 2.4',
      resolution: 'Fixed',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { transition_id: '31' } });
    const post = jira.requests.findLast((q) => q.method === 'POST' && q.path.endsWith('/transitions'))!;
    expect((post.json as any).transition).toEqual({ id: '31' });
    expect((post.json as any).fields).toEqual({ resolution: { name: 'Fixed' } });
    expect(jira.issues.get(key)!.status).toBe('Done');
    const unknown = await exec('JIRA_TRANSITION_ISSUE', { issue_id_or_key: key, transition_id_or_name: 'Archive' });
    expect(unknown.body.successful).toBe(false);
    expect(unknown.body.error).toMatch(/no transition named "Archive"/);
  });

  it('JIRA_ASSIGN_ISSUE assigns by email and unassigns with no one given', async () => {
    const key = await newIssue('Assign me');
    const r = await exec('JIRA_ASSIGN_ISSUE', { issue_id_or_key: key, email: 'sam@acme.test' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { account_id: '5b10ac8d82e05b22cc7d4ef5' },
    });
    expect(jira.issues.get(key)!.fields.assignee).toEqual({ accountId: '5b10ac8d82e05b22cc7d4ef5' });
    const un = await exec('JIRA_ASSIGN_ISSUE', { issue_id_or_key: key });
    expect(un.body.successful).toBe(true);
    expect(jira.last()!.json).toEqual({ accountId: null });
    expect(jira.issues.get(key)!.fields.assignee).toBeNull();
  });

  it('JIRA_EDIT_ISSUE converts the description and accepts the camelCase issueIdOrKey', async () => {
    const key = await newIssue('Edit me');
    const r = await exec('JIRA_EDIT_ISSUE', {
      issueIdOrKey: key,
      description: '# Cause\nCookie flag',
      labels: ['triaged'],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { updated: true } });
    const desc = jira.issues.get(key)!.fields.description;
    expect(desc.content[0]).toEqual({
      type: 'heading',
      attrs: { level: 1 },
      content: [{ type: 'text', text: 'Cause' }],
    });
    expect(jira.issues.get(key)!.fields.labels).toEqual(['triaged']);
  });

  it('JIRA_SEARCH_ISSUES builds JQL from filters; the JQL search tools take hosted or camelCase paging', async () => {
    const r = await exec('JIRA_SEARCH_ISSUES', {
      project_key: 'WEB',
      status: ['To Do', 'In Progress'],
      assignee: 'priya@acme.test',
      text: 'login',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(r.body.data.jql).toBe(
      'project = "WEB" AND assignee = "5b10a2844c20165700ede21g" AND status IN ("To Do", "In Progress") AND text ~ "login" ORDER BY updated DESC',
    );
    expect(r.body.data.issues.length).toBeGreaterThan(0);
    expect((await exec('JIRA_SEARCH_ISSUES', {})).status).toBe(400);

    const get = await exec('JIRA_SEARCH_FOR_ISSUES_USING_JQL_GET', {
      jql: 'project = "WEB"',
      maxResults: 5,
      fields: ['summary', 'status'],
    });
    expect(get.body.successful, JSON.stringify(get.body)).toBe(true);
    const q = jira.last()!.query;
    expect([jira.last()!.path, q.get('jql'), q.get('maxResults'), q.get('fields')]).toEqual([
      '/rest/api/3/search/jql',
      'project = "WEB"',
      '5',
      'summary,status',
    ]);
    const post = await exec('JIRA_SEARCH_FOR_ISSUES_USING_JQL_POST', {
      jql: 'project = "WEB"',
      max_results: 2,
      next_page_token: 'p2',
    });
    expect(post.body.successful).toBe(true);
    expect(jira.last()!.json).toEqual({ jql: 'project = "WEB"', maxResults: 2, nextPageToken: 'p2' });
  });

  it("JIRA_ADD_WORKLOG sends Jira's timestamp format and an ADF comment", async () => {
    const key = await newIssue('Log work');
    const r = await exec('JIRA_ADD_WORKLOG', {
      issue_id_or_key: key,
      time_spent: '2h 30m',
      started: '2025-03-04T09:15:00Z',
      comment: 'Pairing',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(jira.issues.get(key)!.worklogs[0]).toMatchObject({
      started: '2025-03-04T09:15:00.000+0000',
      timeSpent: '2h 30m',
      adjustEstimate: null, // not sent: Jira adjusts automatically by default
    });
    expect((await exec('JIRA_ADD_WORKLOG', { issue_id_or_key: key })).status).toBe(400);
  });

  it('JIRA_ADD_ATTACHMENT uploads a staged file as multipart; JIRA_GET_ATTACHMENT stages it back', async () => {
    const key = await newIssue('Attach');
    const bytes = Buffer.from('%PDF-1.4 fake report\n');
    const s3key = await stage(bytes, 'report.pdf', 'application/pdf');
    const r = await exec('JIRA_ADD_ATTACHMENT', {
      issue_id_or_key: key,
      attachment: { name: 'report.pdf', mimetype: 'application/pdf', s3key },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    const id = r.body.data.attachments[0].id as string;
    expect(jira.attachments.get(id)).toMatchObject({ filename: 'report.pdf', mimeType: 'application/pdf', issue: key });
    expect(jira.attachments.get(id)!.content.equals(bytes)).toBe(true);

    const dl = await exec('JIRA_GET_ATTACHMENT', { attachment_id: id });
    expect(dl.body, JSON.stringify(dl.body)).toMatchObject({
      successful: true,
      data: { file: { name: 'report.pdf', mimetype: 'application/pdf' } },
    });
    const got = Buffer.from(await (await fetch(dl.body.data.file.s3url)).arrayBuffer());
    expect(got.equals(bytes)).toBe(true);
  });

  it('mappings: watcher as a bare JSON string, issues into a sprint, bulk create', async () => {
    const key = await newIssue('Watch me');
    const w = await exec('JIRA_ADD_WATCHER_TO_ISSUE', { issue_id_or_key: key, account_id: '5b10ac8d82e05b22cc7d4ef5' });
    expect(w.body, JSON.stringify(w.body)).toMatchObject({ successful: true });
    expect(jira.last()!.body.toString()).toBe('"5b10ac8d82e05b22cc7d4ef5"');

    const sp = await exec('JIRA_MOVE_ISSUE_TO_SPRINT', { sprint_id: 7, issues: [key] });
    expect(sp.body.successful, JSON.stringify(sp.body)).toBe(true);
    expect(jira.sprints.get(7)).toEqual([key]);

    const bulk = await exec('JIRA_BULK_CREATE_ISSUE', {
      project_key: 'OPS',
      issues: [
        { summary: 'Rotate keys', description: 'quarterly' },
        { summary: 'Audit logs', issue_type: 'Story' },
      ],
    });
    expect(bulk.body, JSON.stringify(bulk.body)).toMatchObject({ successful: true });
    expect(bulk.body.data.issues.map((i: any) => i.key)).toEqual([
      'OPS-' + (jira.issues.size - 1),
      'OPS-' + jira.issues.size,
    ]);
    const sent = (jira.last()!.json as any).issueUpdates;
    expect(sent[0].fields).toMatchObject({ project: { key: 'OPS' }, issuetype: { name: 'Task' } });
    expect(sent[0].fields.description.type).toBe('doc');
    expect(sent[1].fields.issuetype).toEqual({ name: 'Story' });
  });
});
