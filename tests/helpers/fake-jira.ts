import { startFakeUpstream, type FakeReply, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback Jira Cloud site (REST v3 and the agile API), checked the way Jira checks requests:
 * Basic auth (email:API token), rich-text fields (description, environment, comment bodies,
 * worklog comments) must be Atlassian Document Format documents — a plain string answers 400 as
 * Jira does —, people are accountIds, a transition id must be one the issue offers, worklog
 * `started` uses Jira's `yyyy-MM-dd'T'HH:mm:ss.SSSZ`, and attachment uploads are
 * multipart/form-data with a `file` part and the `X-Atlassian-Token: no-check` header.
 * Issues, comments, worklogs and attachments are kept so tests can read them back.
 */
export interface FakeIssue {
  id: string;
  key: string;
  fields: Record<string, any>;
  comments: { id: string; body: any; visibility?: unknown }[];
  worklogs: Record<string, any>[];
  status: string;
}

export interface FakeJira extends FakeUpstream {
  email: string;
  apiToken: string;
  issues: Map<string, FakeIssue>;
  attachments: Map<string, { id: string; issue: string; filename: string; mimeType: string; content: Buffer }>;
  users: { accountId: string; emailAddress: string; displayName: string; accountType: string; active: boolean }[];
  searches: { method: string; jql: string; body?: unknown }[];
  sprints: Map<number, string[]>;
}

const TRANSITIONS = [
  { id: '11', name: 'To Do', to: { name: 'To Do' } },
  { id: '21', name: 'Start progress', to: { name: 'In Progress' } },
  { id: '31', name: 'Resolve', to: { name: 'Done' } },
];

/** Jira's own check of a rich-text value (type doc, version 1, content of typed nodes). */
export function isAdf(v: unknown): boolean {
  const d = v as { type?: unknown; version?: unknown; content?: unknown };
  if (!d || typeof d !== 'object' || d.type !== 'doc' || d.version !== 1 || !Array.isArray(d.content)) return false;
  const ok = (n: any): boolean =>
    n &&
    typeof n.type === 'string' &&
    (n.type !== 'text' || (typeof n.text === 'string' && n.text.length > 0)) &&
    (n.content === undefined || (Array.isArray(n.content) && n.content.every(ok)));
  return d.content.every(ok);
}

const adfError = (field: string): FakeReply => ({
  status: 400,
  json: {
    errorMessages: [],
    errors: { [field]: 'Operation value must be an Atlassian Document (see the Atlassian Document Format)' },
  },
});

/** multipart/form-data parts: name, filename, content type, bytes. */
function formParts(req: RecordedRequest) {
  const ct = String(req.headers['content-type'] ?? '');
  const m = /^multipart\/form-data;\s*boundary=("?)([^";]+)\1/i.exec(ct);
  if (!m) throw new Error(`not multipart/form-data: ${ct}`);
  const delim = Buffer.from(`--${m[2]}`);
  const parts: { name?: string; filename?: string; type?: string; body: Buffer }[] = [];
  let pos = req.body.indexOf(delim);
  while (pos >= 0) {
    pos += delim.length;
    if (req.body.subarray(pos, pos + 2).toString() === '--') break;
    pos += 2;
    const headEnd = req.body.indexOf('\r\n\r\n', pos);
    const next = req.body.indexOf(delim, headEnd);
    if (headEnd < 0 || next < 0) throw new Error('malformed multipart body');
    const head = req.body.subarray(pos, headEnd).toString('utf8');
    parts.push({
      name: /name="([^"]*)"/.exec(head)?.[1],
      filename: /filename="([^"]*)"/.exec(head)?.[1],
      type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1],
      body: req.body.subarray(headEnd + 4, next - 2),
    });
    pos = next;
  }
  return parts;
}

/** A Jira site seen the way Atlassian's gateway shows it to an OAuth 2.0 (3LO) app. */
export interface GatewaySite {
  id: string;
  url: string;
  name: string;
}

/**
 * Atlassian's API gateway instead of a bare site: accessible-resources lists `sites` for any
 * bearer token `granted` accepts, and the Jira API answers under /ex/jira/<cloud id of sites[i]>
 * for those tokens (an unknown cloud id is a 404, as on the gateway). Basic auth still works too.
 */
export interface GatewayOptions {
  sites: GatewaySite[];
  granted: (token: string) => boolean;
}

export async function startFakeJira(
  email = 'dev@acme.test',
  apiToken = 'atl-token',
  gateway?: GatewayOptions,
): Promise<FakeJira> {
  const up = await startFakeUpstream();
  const f = up as FakeJira;
  Object.assign(f, {
    email,
    apiToken,
    issues: new Map(),
    attachments: new Map(),
    searches: [],
    sprints: new Map(),
    users: [
      {
        accountId: '5b10a2844c20165700ede21g',
        emailAddress: 'priya@acme.test',
        displayName: 'Priya Raman',
        accountType: 'atlassian',
        active: true,
      },
      {
        accountId: '5b10ac8d82e05b22cc7d4ef5',
        emailAddress: 'sam@acme.test',
        displayName: 'Sam Ortiz',
        accountType: 'atlassian',
        active: true,
      },
      {
        accountId: '557058:f58131cb-b67d-43c7-b30d-6b58d40bd077',
        emailAddress: '',
        displayName: 'Automation for Jira',
        accountType: 'app',
        active: true,
      },
    ],
  });
  const basic = `Basic ${Buffer.from(`${email}:${apiToken}`).toString('base64')}`;
  let nextId = 10000;
  const bearerOk = (r: RecordedRequest) => {
    const m = /^Bearer (.+)$/.exec(String(r.headers.authorization ?? ''));
    return !!(gateway && m && gateway.granted(m[1]!));
  };
  const unauthenticated: FakeReply = {
    status: 401,
    json: { errorMessages: ['You are not authenticated. Authentication required to perform this operation.'] },
  };
  const route = (method: string, path: string, h: (r: RecordedRequest, p: Record<string, string>) => FakeReply) =>
    up.on(method, gateway ? `/ex/jira/:cloudId${path}` : path, (r, p) => {
      if (r.headers.authorization !== basic && !bearerOk(r)) return unauthenticated;
      if (gateway && !gateway.sites.some((site) => site.id === p.cloudId))
        return { status: 404, json: { code: 404, message: 'No site with this cloud id' } };
      return h(r, p);
    });
  if (gateway) {
    up.on('GET', '/oauth/token/accessible-resources', (r) =>
      bearerOk(r)
        ? { json: gateway.sites.map((site) => ({ ...site, scopes: ['read:jira-work', 'write:jira-work'] })) }
        : { status: 401, json: { code: 401, message: 'Unauthorized' } },
    );
  }
  route('GET', '/rest/api/3/myself', () => ({ json: { ...f.users[0], timeZone: 'Europe/Lisbon' } }));
  route('GET', '/rest/api/3/serverInfo', (_r, p) => ({
    json: {
      baseUrl: gateway?.sites.find((site) => site.id === p.cloudId)?.url ?? up.url,
      deploymentType: 'Cloud',
      version: '1001.0.0-SNAPSHOT',
    },
  }));
  const issueOf = (k: string) => f.issues.get(k) ?? [...f.issues.values()].find((i) => i.id === k);
  const notFound: FakeReply = {
    status: 404,
    json: { errorMessages: ['Issue does not exist or you do not have permission to see it.'], errors: {} },
  };
  const knownAccount = (id: unknown) => f.users.some((u) => u.accountId === id);

  /** Jira's create/edit field checks for the fields the curated tools send. */
  const checkFields = (fields: Record<string, any>, creating: boolean): FakeReply | undefined => {
    if (creating) {
      if (!fields.project?.key && !fields.project?.id)
        return { status: 400, json: { errors: { project: 'Specify a valid project ID or key' } } };
      if (typeof fields.summary !== 'string' || !fields.summary)
        return { status: 400, json: { errors: { summary: 'You must specify a summary of the issue.' } } };
      if (!fields.issuetype?.name && !fields.issuetype?.id)
        return { status: 400, json: { errors: { issuetype: 'Specify an issue type' } } };
    }
    for (const k of ['description', 'environment'])
      if (fields[k] !== undefined && fields[k] !== null && !isAdf(fields[k])) return adfError(k);
    for (const k of ['assignee', 'reporter'])
      if (fields[k] && !knownAccount(fields[k].accountId))
        return { status: 400, json: { errors: { [k]: `User '${JSON.stringify(fields[k])}' does not exist.` } } };
    if (
      fields.labels !== undefined &&
      (!Array.isArray(fields.labels) || fields.labels.some((l: unknown) => typeof l !== 'string' || /\s/.test(l)))
    )
      return { status: 400, json: { errors: { labels: 'Labels are strings without spaces' } } };
    if (fields.duedate !== undefined && !/^\d{4}-\d\d-\d\d$/.test(fields.duedate))
      return { status: 400, json: { errors: { duedate: 'Invalid date format' } } };
    return undefined;
  };
  const create = (fields: Record<string, any>) => {
    const id = String(nextId++);
    const key = `${fields.project.key ?? 'PRJ'}-${f.issues.size + 1}`;
    f.issues.set(key, { id, key, fields, comments: [], worklogs: [], status: 'To Do' });
    return { id, key, self: `${f.url}/rest/api/3/issue/${id}` };
  };

  route('POST', '/rest/api/3/issue', (r) => {
    const fields = (r.json as any)?.fields ?? {};
    return checkFields(fields, true) ?? { status: 201, json: create(fields) };
  });
  route('POST', '/rest/api/3/issue/bulk', (r) => {
    const ups = ((r.json as any)?.issueUpdates ?? []) as { fields: Record<string, any> }[];
    const issues: unknown[] = [];
    const errors: unknown[] = [];
    ups.forEach((u, i) => {
      const bad = checkFields(u.fields ?? {}, true);
      if (bad) errors.push({ status: 400, elementErrors: bad.json, failedElementNumber: i });
      else issues.push(create(u.fields));
    });
    return { status: 201, json: { issues, errors } };
  });
  route('GET', '/rest/api/3/issue/:key', (_r, p) => {
    const i = issueOf(p.key!);
    return i ? { json: { id: i.id, key: i.key, fields: { ...i.fields, status: { name: i.status } } } } : notFound;
  });
  route('PUT', '/rest/api/3/issue/:key', (r, p) => {
    const i = issueOf(p.key!);
    if (!i) return notFound;
    const fields = (r.json as any)?.fields ?? {};
    const bad = checkFields(fields, false);
    if (bad) return bad;
    Object.assign(i.fields, fields);
    for (const op of (r.json as any)?.update?.labels ?? [])
      if (op.add) i.fields.labels = [...(i.fields.labels ?? []), op.add];
    return { status: 204 };
  });
  route('PUT', '/rest/api/3/issue/:key/assignee', (r, p) => {
    const i = issueOf(p.key!);
    if (!i) return notFound;
    const id = (r.json as any)?.accountId;
    if (id !== null && id !== '-1' && !knownAccount(id))
      return { status: 400, json: { errorMessages: [`User ${id} does not exist`] } };
    i.fields.assignee = id === null ? null : { accountId: id === '-1' ? f.users[0]!.accountId : id };
    return { status: 204 };
  });
  route('GET', '/rest/api/3/user/search', (r) => {
    const q = (r.query.get('query') ?? '').toLowerCase();
    return {
      json: f.users.filter(
        (u) => q && (u.emailAddress.toLowerCase().startsWith(q) || u.displayName.toLowerCase().includes(q)),
      ),
    };
  });
  route('GET', '/rest/api/3/issue/:key/transitions', (_r, p) =>
    issueOf(p.key!) ? { json: { transitions: TRANSITIONS } } : notFound,
  );
  route('POST', '/rest/api/3/issue/:key/transitions', (r, p) => {
    const i = issueOf(p.key!);
    if (!i) return notFound;
    const body = r.json as any;
    const t = TRANSITIONS.find((x) => x.id === body?.transition?.id);
    if (!t)
      return {
        status: 400,
        json: { errorMessages: ["Transition id '" + body?.transition?.id + "' is not valid for this issue."] },
      };
    for (const c of body.update?.comment ?? []) {
      if (!isAdf(c.add?.body)) return adfError('comment');
      i.comments.push({ id: String(nextId++), body: c.add.body });
    }
    if (body.fields?.assignee && !knownAccount(body.fields.assignee.accountId))
      return { status: 400, json: { errors: { assignee: 'unknown user' } } };
    Object.assign(i.fields, body.fields ?? {});
    i.status = t.to.name;
    return { status: 204 };
  });
  route('POST', '/rest/api/3/issue/:key/comment', (r, p) => {
    const i = issueOf(p.key!);
    if (!i) return notFound;
    const body = r.json as any;
    if (!isAdf(body?.body)) return adfError('comment');
    const c = { id: String(nextId++), body: body.body, visibility: body.visibility };
    i.comments.push(c);
    return {
      status: 201,
      json: { ...c, author: { accountId: f.users[0]!.accountId }, created: '2025-01-01T10:00:00.000+0000' },
    };
  });
  route('GET', '/rest/api/3/issue/:key/comment', (r, p) => {
    const i = issueOf(p.key!);
    if (!i) return notFound;
    const startAt = Number(r.query.get('startAt') ?? 0);
    const max = Number(r.query.get('maxResults') ?? 50);
    const all = r.query.get('orderBy') === '-created' ? [...i.comments].reverse() : i.comments;
    return { json: { startAt, maxResults: max, total: all.length, comments: all.slice(startAt, startAt + max) } };
  });
  route('PUT', '/rest/api/3/issue/:key/comment/:id', (r, p) => {
    const c = issueOf(p.key!)?.comments.find((x) => x.id === p.id);
    if (!c) return notFound;
    if (!isAdf((r.json as any)?.body)) return adfError('comment');
    c.body = (r.json as any).body;
    return { json: c };
  });
  route('POST', '/rest/api/3/issue/:key/worklog', (r, p) => {
    const i = issueOf(p.key!);
    if (!i) return notFound;
    const w = r.json as any;
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d{4}$/.test(String(w?.started)))
      return {
        status: 400,
        json: {
          errors: {
            started: 'Invalid date format. Please enter the date in the format "yyyy-MM-dd\'T\'HH:mm:ss.SSSZ".',
          },
        },
      };
    if (!w.timeSpent && !w.timeSpentSeconds)
      return { status: 400, json: { errors: { timeLogged: 'You must indicate the time spent working.' } } };
    if (w.comment !== undefined && !isAdf(w.comment)) return adfError('comment');
    const rec = { id: String(nextId++), ...w, adjustEstimate: r.query.get('adjustEstimate') };
    i.worklogs.push(rec);
    return { status: 201, json: rec };
  });
  route('POST', '/rest/api/3/issue/:key/attachments', (r, p) => {
    const i = issueOf(p.key!);
    if (!i) return notFound;
    if (r.headers['x-atlassian-token'] !== 'no-check') return { status: 403, json: { message: 'XSRF check failed' } };
    const file = formParts(r).find((x) => x.name === 'file');
    if (!file?.filename) return { status: 400, json: { errorMessages: ['no file part'] } };
    const id = String(nextId++);
    f.attachments.set(id, {
      id,
      issue: i.key,
      filename: file.filename,
      mimeType: file.type ?? 'application/octet-stream',
      content: Buffer.from(file.body),
    });
    return {
      json: [
        {
          id,
          filename: file.filename,
          size: file.body.length,
          mimeType: file.type,
          content: `${f.url}/rest/api/3/attachment/content/${id}`,
        },
      ],
    };
  });
  route('GET', '/rest/api/3/attachment/:id', (_r, p) => {
    const a = f.attachments.get(p.id!);
    return a
      ? { json: { id: a.id, filename: a.filename, mimeType: a.mimeType, size: a.content.length } }
      : { status: 404, json: { errorMessages: ['no attachment'] } };
  });
  route('GET', '/rest/api/3/attachment/content/:id', (_r, p) => {
    const a = f.attachments.get(p.id!);
    return a
      ? { body: a.content, headers: { 'content-type': a.mimeType } }
      : { status: 404, json: { errorMessages: ['no attachment'] } };
  });
  const search = (method: string, jql: string, body?: unknown): FakeReply => {
    if (!jql) return { status: 400, json: { errorMessages: ['JQL query is required'] } };
    f.searches.push({ method, jql, body });
    const project = /project = "([^"]+)"/.exec(jql)?.[1];
    const issues = [...f.issues.values()]
      .filter((i) => !project || i.key.startsWith(`${project}-`))
      .map((i) => ({ id: i.id, key: i.key, fields: { summary: i.fields.summary, status: { name: i.status } } }));
    return { json: { issues, isLast: true } };
  };
  route('POST', '/rest/api/3/search/jql', (r) => search('POST', String((r.json as any)?.jql ?? ''), r.json));
  route('GET', '/rest/api/3/search/jql', (r) => search('GET', r.query.get('jql') ?? ''));
  route('POST', '/rest/agile/1.0/sprint/:id/issue', (r, p) => {
    const issues = (r.json as any)?.issues;
    if (!Array.isArray(issues) || !issues.length || issues.length > 50)
      return { status: 400, json: { errorMessages: ['issues: 1 to 50 keys'] } };
    f.sprints.set(Number(p.id), issues);
    return { status: 204 };
  });
  route('POST', '/rest/api/3/issue/:key/watchers', (r, p) => {
    if (!issueOf(p.key!)) return notFound;
    // Jira wants the accountId as a bare JSON string
    return typeof r.json === 'string' && knownAccount(r.json)
      ? { status: 204 }
      : { status: 400, json: { errorMessages: ['body must be a JSON string accountId'] } };
  });
  return f;
}
