import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import type { FakeUpstream } from '../helpers/fake-upstream';
import { NEXT_SDKS, sdkGitHubAccount, startSdkGitHub, startSdkRunner, type SdkRunner } from '../helpers/sdk-next';

// Tool router sessions through @composio/core 0.21.0 and 1.0.0-beta.1 on Node 22: what the main
// sdk-next suite leaves out (custom tools and toolkits of a session, ensureConnected, the session file
// mount) and the instance's two local helpers. Flows: tests/sdk-next/flows-session.mjs.
let s: TestServer;
let gh: FakeUpstream;

beforeAll(async () => {
  gh = await startSdkGitHub();
  s = await startServer();
});
afterAll(async () => {
  await Promise.all([s?.stop(), gh?.close()]);
});

/** an API-key GitHub account whose calls go to the loopback GitHub */
const githubAccount = (user: string) => sdkGitHubAccount(s, gh, user).then((a) => a.accountId);

describe.each(NEXT_SDKS)('@composio/core $version on Node 22: sessions', (sdk) => {
  let r: SdkRunner;
  const user = (name: string) => `${name}-${sdk.version}`;
  beforeAll(async () => {
    r = await startSdkRunner(sdk, 'tests/sdk-next/flows-session.mjs');
  }, 240_000);
  afterAll(async () => {
    await r?.stop();
  });

  it('session.customTools / session.customToolkits: inline tools are listed with their final slugs and run in the SDK', async () => {
    const v = await r.ok('customToolsAndToolkits', s, { userId: user('custom') });
    expect(v.customTools).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Shout', slug: 'LOCAL_SHOUT' }),
        expect.objectContaining({ name: 'Count words', slug: 'LOCAL_NOTES_COUNT_WORDS', toolkit: 'notes' }),
      ]),
    );
    expect(v.onlyNotes).toEqual(['LOCAL_NOTES_COUNT_WORDS']);
    expect(v.customToolkits).toEqual([{ slug: 'NOTES', tools: ['LOCAL_NOTES_COUNT_WORDS'] }]);
    expect(v.counted.data).toEqual({ words: 3 });
    expect(v.shouted.data).toEqual({ shouted: 'HI' });
    // the SDK sent the definitions on create: Junction's session search knows the custom toolkit
    const found = await s.api('POST', `/tool_router/session/${v.sessionId}/search`, {
      queries: [{ use_case: 'count the words of a note' }],
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(JSON.stringify(found.body.results)).toMatch(/NOTES_COUNT_WORDS/);
    // and a later read of the session echoes the inline definitions it was given
    const got = await s.api('GET', `/tool_router/session/${v.sessionId}`);
    expect(got.status).toBe(200);
    expect(got.body.experimental.assistive_prompt).toBeUndefined();
    expect(got.body.experimental.custom_tools.map((t: { original_slug: string }) => t.original_slug)).toEqual([
      'SHOUT',
    ]);
    expect(got.body.experimental.custom_toolkits.map((t: { slug: string }) => t.slug)).toEqual(['notes']);
  });

  it('session.ensureConnected (0.21.0): an active account and a toolkit without auth need no new connection', async () => {
    const u = user('ensure');
    const accountId = await githubAccount(u);
    const v = await r.ok('ensureConnected', s, { userId: u });
    if (sdk.version.startsWith('1.')) {
      // 1.0.0-beta.1 dropped the method; the inventory records it for 0.21.0 only
      expect(v).toEqual({ missing: true });
      return;
    }
    expect(v.connected).toEqual({
      toolkit: 'github',
      wasConnected: true,
      connectedAccount: { id: accountId, status: 'ACTIVE' },
    });
    expect(v.noAuth).toMatchObject({ toolkit: 'hackernews', wasConnected: true });
  });

  it('session.experimental.files.list / delete / upload / download: the mount through the SDK', async () => {
    const created = await r.ok('filesMount', s, { userId: user('files'), createOnly: true });
    const sid = created.sessionId as string;
    // a file the agent's sandbox wrote into the mount, put there over plain HTTP
    const up = await s.api('POST', `/tool_router/session/${sid}/mounts/files/upload_url`, {
      mount_relative_path: 'reports/q3.txt',
      mimetype: 'text/plain',
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const put = await fetch(up.body.upload_url, {
      method: 'PUT',
      body: 'quarter three',
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.status).toBeLessThan(300);

    const v = await r.ok('filesMount', s, { sessionId: sid });
    expect(v.listed).toEqual([{ mountRelativePath: 'reports/q3.txt', size: 13 }]);
    expect(v.sub).toEqual(['reports/q3.txt']);
    // Both SDKs move bytes only to and from public addresses (their own SSRF guard): the presigned URLs
    // of a Junction on 127.0.0.1 are refused in the SDK before any request. The byte path itself is
    // covered through @composio/core 0.8.1 in files.test.ts.
    for (const leg of [v.upload, v.download]) {
      expect(leg.ok).toBe(false);
      expect(leg.blockedClass).toBe(true);
      expect(leg.message).toMatch(/127\.0\.0\.1|loopback|private/);
    }
    expect(v.deleted).toEqual({ mountRelativePath: 'reports/q3.txt' });
    expect(v.after).toEqual([]);
  });

  it('getConfig / flush: local helpers answer without a request', async () => {
    const v = await r.ok('localHelpers', s);
    expect(v.baseURL).toBe(s.url);
    expect(v.flushed).toBe(true);
  });
});
