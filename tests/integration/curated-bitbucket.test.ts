import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// Bitbucket tools (lib/catalog/curated/bitbucket.ts) through the real execute pipeline against a
// loopback api.bitbucket.org/2.0 that checks the nested bodies Bitbucket documents.
const TOKEN = 'bb-access-token';
let s: TestServer;
let bb: FakeUpstream;
let account: string;

const authed =
  (ok: (req: { json?: unknown }, p: Record<string, string>) => { status?: number; json?: unknown; text?: string }) =>
  (req: { headers: Record<string, unknown>; json?: unknown }, p: Record<string, string>) =>
    req.headers.authorization === `Bearer ${TOKEN}`
      ? ok(req, p)
      : { status: 401, json: { type: 'error', error: { message: 'Access token expired.' } } };

beforeAll(async () => {
  [s, bb] = await Promise.all([providerServer(), startFakeUpstream()]);
  bb.on(
    'POST',
    '/2.0/repositories/:ws/:repo/pullrequests',
    authed((req, p) => ({
      status: 201,
      json: {
        id: 12,
        title: (req.json as { title: string }).title,
        state: 'OPEN',
        destination: { repository: { full_name: `${p.ws}/${p.repo}` } },
      },
    })),
  );
  bb.on(
    'POST',
    '/2.0/repositories/:ws/:repo/refs/branches',
    authed((req) => ({ status: 201, json: { name: (req.json as { name: string }).name, type: 'branch' } })),
  );
  bb.on(
    'POST',
    '/2.0/repositories/:ws/:repo/pullrequests/:id/comments',
    authed((req) => ({ status: 201, json: { id: 501, content: (req.json as { content: unknown }).content } })),
  );
  bb.on(
    'GET',
    '/2.0/repositories/:ws/:repo/pullrequests/:id/diff',
    authed(() => ({ text: 'diff --git a/app.py b/app.py\n+print("hello")\n' })),
  );
  bb.on(
    'GET',
    '/2.0/repositories/acme/web/src/main/src/app.py',
    authed(() => ({ text: 'print("hello")\n' })),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'bitbucket',
      authScheme: 'OAUTH2',
      val: { access_token: TOKEN, base_url: `${bb.url}/2.0` },
      userId: 'dev-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), bb?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Bitbucket curated tools', () => {
  it('BITBUCKET_CREATE_PULL_REQUEST nests the flat branch arguments as source.branch.name and destination.branch.name', async () => {
    bb.reset();
    const r = await exec('BITBUCKET_CREATE_PULL_REQUEST', {
      workspace: 'acme',
      repo_slug: 'web',
      title: 'Add login',
      source_branch: 'feature/login',
      destination_branch: 'develop',
      reviewers: [{ uuid: '{504c3b62-8120-4f0c-a7bc-87800b9d6f70}' }],
      close_source_branch: true,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { id: 12, state: 'OPEN' } });
    const req = bb.last()!;
    expect([req.method, req.path, req.headers.authorization]).toEqual([
      'POST',
      '/2.0/repositories/acme/web/pullrequests',
      `Bearer ${TOKEN}`,
    ]);
    expect(req.json).toEqual({
      title: 'Add login',
      source: { branch: { name: 'feature/login' } },
      destination: { branch: { name: 'develop' } },
      reviewers: [{ uuid: '{504c3b62-8120-4f0c-a7bc-87800b9d6f70}' }],
      close_source_branch: true,
    });
  });

  it('BITBUCKET_CREATE_PULL_REQUEST without a destination leaves it to the main branch, and refuses a missing source branch', async () => {
    bb.reset();
    const r = await exec('BITBUCKET_CREATE_PULL_REQUEST', {
      workspace: 'acme',
      repo_slug: 'web',
      title: 'T',
      source_branch: 'fix',
    });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    expect(bb.last()!.json).toEqual({ title: 'T', source: { branch: { name: 'fix' } } });
    const bad = await exec('BITBUCKET_CREATE_PULL_REQUEST', { workspace: 'acme', repo_slug: 'web', title: 'T' });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
  });

  it('BITBUCKET_CREATE_BRANCH sends the start commit as target.hash', async () => {
    bb.reset();
    const hash = 'a'.repeat(40);
    const r = await exec('BITBUCKET_CREATE_BRANCH', {
      workspace: 'acme',
      repo_slug: 'web',
      name: 'feature/x',
      target_hash: hash,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { name: 'feature/x' } });
    expect(bb.last()!.json).toEqual({ name: 'feature/x', target: { hash } });
  });

  it('BITBUCKET_CREATE_PULL_REQUEST_COMMENT puts content_raw in content.raw, an inline anchor, and the parent of a reply', async () => {
    bb.reset();
    const r = await exec('BITBUCKET_CREATE_PULL_REQUEST_COMMENT', {
      workspace: 'acme',
      repo_slug: 'web',
      pull_request_id: 12,
      content_raw: 'Typo here',
      inline: { path: 'app.py', to: 3 },
      parent_comment_id: 77,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { id: 501 } });
    expect(bb.last()!.path).toBe('/2.0/repositories/acme/web/pullrequests/12/comments');
    expect(bb.last()!.json).toEqual({
      content: { raw: 'Typo here' },
      inline: { path: 'app.py', to: 3 },
      parent: { id: 77 },
    });
  });

  it('BITBUCKET_GET_PULL_REQUEST_DIFF returns the text diff, cut at max_chars without sending it upstream', async () => {
    bb.reset();
    const full = await exec('BITBUCKET_GET_PULL_REQUEST_DIFF', {
      workspace: 'acme',
      repo_slug: 'web',
      pull_request_id: 12,
    });
    expect(full.body, JSON.stringify(full.body)).toMatchObject({
      successful: true,
      data: { diff: 'diff --git a/app.py b/app.py\n+print("hello")\n', truncated: false },
    });
    const cut = await exec('BITBUCKET_GET_PULL_REQUEST_DIFF', {
      workspace: 'acme',
      repo_slug: 'web',
      pull_request_id: 12,
      max_chars: 10,
    });
    expect(cut.body.data).toMatchObject({ diff: 'diff --git', truncated: true });
    expect(bb.last()!.query.has('max_chars')).toBe(false);
  });

  it('BITBUCKET_GET_FILE_FROM_REPOSITORY keeps the slashes of the file path and returns the text', async () => {
    bb.reset();
    const r = await exec('BITBUCKET_GET_FILE_FROM_REPOSITORY', {
      workspace: 'acme',
      repo_slug: 'web',
      commit: 'main',
      file_path: 'src/app.py',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { path: 'src/app.py', content: 'print("hello")\n' },
    });
    const missing = await exec('BITBUCKET_GET_FILE_FROM_REPOSITORY', {
      workspace: 'acme',
      repo_slug: 'web',
      commit: 'main',
      file_path: 'nope.txt',
    });
    expect(missing.body).toMatchObject({ successful: false });
  });
});
