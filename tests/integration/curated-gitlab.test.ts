import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// GitLab tools (lib/catalog/curated/gitlab.ts) through the real execute pipeline, with an OAuth
// token, against a loopback gitlab.com/api that checks what it receives.
const TOKEN = 'gitlab-access-token';
let s: TestServer;
let gitlab: FakeUpstream;
let account: string;

type Req = { headers: Record<string, unknown>; json?: unknown; query: URLSearchParams };
type Reply = { status?: number; json?: unknown; text?: string; headers?: Record<string, string> };
const authed =
  (h: (req: Req, p: Record<string, string>) => Reply) =>
  (req: Req, p: Record<string, string>): Reply =>
    req.headers.authorization === `Bearer ${TOKEN}`
      ? h(req, p)
      : { status: 401, json: { message: '401 Unauthorized' } };

beforeAll(async () => {
  [s, gitlab] = await Promise.all([providerServer(), startFakeUpstream()]);
  gitlab.on(
    'PUT',
    '/v4/projects/:id/issues/:iid',
    authed((req, p) => ({ json: { iid: Number(p.iid), state: 'closed', ...(req.json as object) } })),
  );
  gitlab.on(
    'POST',
    '/v4/projects/:id/merge_requests',
    authed((req) => {
      const b = req.json as Record<string, unknown>;
      return b.source_branch && b.target_branch && b.title
        ? { status: 201, json: { iid: 5, web_url: 'https://gitlab.example/acme/web/-/merge_requests/5', ...b } }
        : { status: 400, json: { message: 'missing' } };
    }),
  );
  gitlab.on(
    'PUT',
    '/v4/projects/:id/merge_requests/:iid/merge',
    authed((req, p) => ({
      json: { iid: Number(p.iid), state: 'merged', squash: (req.json as { squash?: boolean }).squash },
    })),
  );
  gitlab.on(
    'GET',
    '/v4/projects/:id/jobs/:job/trace',
    authed(() => ({
      text: 'Running with gitlab-runner\nERROR: Job failed: exit code 1\n',
      headers: { 'content-type': 'text/plain' },
    })),
  );
  gitlab.on(
    'POST',
    '/v4/projects/:id/repository/commits',
    authed((req) => ({
      status: 201,
      json: { id: 'ed899a2f4b50b4370feeea94676502b42383c746', short_id: 'ed899a2f', ...(req.json as object) },
    })),
  );
  gitlab.on(
    'GET',
    '/v4/projects/:id/repository/files/:path',
    authed((req, p) => ({
      json: {
        file_path: p.path,
        ref: req.query.get('ref'),
        encoding: 'base64',
        content: Buffer.from('hello').toString('base64'),
        last_commit_id: 'c1',
      },
    })),
  );
  gitlab.on(
    'POST',
    '/v4/projects/:id/hooks',
    authed((req) => ({ status: 201, json: { id: 3, ...(req.json as object) } })),
  );
  gitlab.on(
    'POST',
    '/v4/projects/:id/issues/:iid/add_spent_time',
    authed((req) => {
      const b = req.json as { duration?: string };
      return b.duration === '1h30m'
        ? { status: 201, json: { time_estimate: 0, total_time_spent: 5400, human_total_time_spent: '1h30m' } }
        : { status: 400, json: { message: 'duration is invalid' } };
    }),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'gitlab',
      authScheme: 'OAUTH2',
      val: { access_token: TOKEN, base_url: gitlab.url },
      userId: 'gitlab-user',
      credentials: { client_id: 'gitlab-client', client_secret: 'gitlab-secret' },
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), gitlab?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('GitLab curated tools', () => {
  it('GITLAB_UPDATE_PROJECT_ISSUE PUTs state_event and label changes to the encoded project path', async () => {
    gitlab.reset();
    const r = await exec('GITLAB_UPDATE_PROJECT_ISSUE', {
      id: 'acme/web',
      issue_iid: 12,
      state_event: 'close',
      add_labels: 'done',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { iid: 12, state: 'closed' } });
    const req = gitlab.last()!;
    expect(req.method).toBe('PUT');
    expect(req.path).toBe('/v4/projects/acme%2Fweb/issues/12');
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.json).toEqual({ state_event: 'close', add_labels: 'done' });
  });

  it('GITLAB_CREATE_MERGE_REQUEST opens an MR with reviewers (project_id accepted for id)', async () => {
    gitlab.reset();
    const r = await exec('GITLAB_CREATE_MERGE_REQUEST', {
      project_id: 278964,
      source_branch: 'feature/login',
      target_branch: 'main',
      title: 'Login page',
      reviewer_ids: [4],
      remove_source_branch: true,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { iid: 5 } });
    const req = gitlab.last()!;
    expect(req.path).toBe('/v4/projects/278964/merge_requests');
    expect(req.json).toEqual({
      source_branch: 'feature/login',
      target_branch: 'main',
      title: 'Login page',
      reviewer_ids: [4],
      remove_source_branch: true,
    });
  });

  it('GITLAB_MERGE_A_MERGE_REQUEST PUTs to the v4 merge endpoint by iid', async () => {
    gitlab.reset();
    const r = await exec('GITLAB_MERGE_A_MERGE_REQUEST', {
      id: 'acme/web',
      merge_request_iid: 5,
      squash: true,
      sha: 'abc123',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { state: 'merged', squash: true } });
    expect(gitlab.last()!.method).toBe('PUT');
    expect(gitlab.last()!.path).toBe('/v4/projects/acme%2Fweb/merge_requests/5/merge');
    expect(gitlab.last()!.json).toEqual({ squash: true, sha: 'abc123' });
  });

  it('GITLAB_GET_JOB_TRACE returns the plain-text job log as trace', async () => {
    gitlab.reset();
    const r = await exec('GITLAB_GET_JOB_TRACE', { id: 'acme/web', job_id: 8 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(r.body.data.trace).toContain('ERROR: Job failed');
    expect(gitlab.last()!.path).toBe('/v4/projects/acme%2Fweb/jobs/8/trace');
  });

  it('GITLAB_GET_FILE encodes the file path and sends ref; GITLAB_CREATE_COMMIT sends the actions', async () => {
    gitlab.reset();
    const f = await exec('GITLAB_GET_FILE', { id: 'acme/web', file_path: 'src/app.ts', ref: 'main' });
    expect(f.body, JSON.stringify(f.body)).toMatchObject({
      successful: true,
      data: { ref: 'main', last_commit_id: 'c1' },
    });
    expect(gitlab.last()!.path).toBe('/v4/projects/acme%2Fweb/repository/files/src%2Fapp.ts');
    const actions = [
      { action: 'update', file_path: 'src/app.ts', content: 'hello world', last_commit_id: 'c1' },
      { action: 'create', file_path: 'docs/new.md', content: '# New' },
    ];
    const c = await exec('GITLAB_CREATE_COMMIT', {
      id: 'acme/web',
      branch: 'main',
      commit_message: 'Update app, add docs',
      actions,
    });
    expect(c.body, JSON.stringify(c.body)).toMatchObject({ successful: true, data: { short_id: 'ed899a2f' } });
    expect(gitlab.last()!.path).toBe('/v4/projects/acme%2Fweb/repository/commits');
    expect(gitlab.last()!.json).toEqual({ branch: 'main', commit_message: 'Update app, add docs', actions });
  });

  it('GITLAB_CREATE_WEBHOOK POSTs the url and the chosen events', async () => {
    gitlab.reset();
    const r = await exec('GITLAB_CREATE_WEBHOOK', {
      id: 'acme/web',
      url: 'https://ci.example.com/hook',
      token: 's3cret',
      push_events: false,
      merge_requests_events: true,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { id: 3 } });
    expect(gitlab.last()!.path).toBe('/v4/projects/acme%2Fweb/hooks');
    expect(gitlab.last()!.json).toEqual({
      url: 'https://ci.example.com/hook',
      token: 's3cret',
      push_events: false,
      merge_requests_events: true,
    });
  });

  it('GITLAB_ADD_SPENT_TIME logs a duration with a summary on the issue', async () => {
    gitlab.reset();
    const r = await exec('GITLAB_ADD_SPENT_TIME', {
      id: 'acme/web',
      issue_iid: 12,
      duration: '1h30m',
      summary: 'code review',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { total_time_spent: 5400 } });
    expect(gitlab.last()!.path).toBe('/v4/projects/acme%2Fweb/issues/12/add_spent_time');
    expect(gitlab.last()!.json).toEqual({ duration: '1h30m', summary: 'code review' });
  });
});
