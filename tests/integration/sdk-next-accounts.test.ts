import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import type { FakeUpstream } from '../helpers/fake-upstream';
import { startFakeMcp, type FakeMcp } from '../helpers/fake-mcp';
import { startOAuth2Provider, type OAuth2Provider } from '../helpers/oauth-provider';
import { connectOAuth2, cookieOf, followUntil, oauth2Config } from '../helpers/oauth-flow';
import { NEXT_SDKS, sdkGitHubAccount, startSdkGitHub, startSdkRunner, type SdkRunner } from '../helpers/sdk-next';

// @composio/core 0.21.0 and 1.0.0-beta.1 on Node 22 against Junction: the connected-account,
// auth-config, toolkit, tool, file and session methods of both SDKs, and the methods whose client
// resource @composio/client 2.0.0-rc.6 lacks (there the test shows the SDK's own failure and, where
// Junction has the endpoint, the endpoint working over HTTP). Flows: tests/sdk-next/flows-accounts.mjs.
const FLOWS = 'tests/sdk-next/flows-accounts.mjs';
const CALLBACK = 'http://app.example.test/linked';

let s: TestServer;
let gh: FakeUpstream;
let idp: OAuth2Provider;
let mcp: FakeMcp;

beforeAll(async () => {
  gh = await startSdkGitHub();
  [idp, mcp] = await Promise.all([startOAuth2Provider(), startFakeMcp()]);
  s = await startServer({ env: { JUNCTION_CUSTOM_TOOLKIT_CACHE_MS: '0' } });
});
afterAll(async () => {
  await Promise.all([s?.stop(), gh?.close(), idp?.stop(), mcp?.close()]);
});

/** an API-key GitHub account whose calls go to the loopback GitHub */
const githubAccount = (user: string) => sdkGitHubAccount(s, gh, user);

/** A GitHub API-key auth config whose accounts all call the loopback GitHub (shared base URL). */
async function githubConfigToFake(): Promise<string> {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: {
      type: 'use_custom_auth',
      authScheme: 'API_KEY',
      credentials: {},
      shared_credentials: { base_url: gh.url },
    },
  });
  expect(ac.status, JSON.stringify(ac.body)).toBe(201);
  return ac.body.auth_config.id;
}

const linkToken = (redirectUrl: string) => new URL(redirectUrl).pathname.match(/lt_[A-Za-z0-9]+/)![0];

/** The end user submits their GitHub key on the Connect page of a link (the answer redirects, not followed). */
const submitKey = (redirectUrl: string) =>
  fetch(`${s.apiUrl}/connect_links/${linkToken(redirectUrl)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: 'ghp_valid' }).toString(),
    redirect: 'manual',
  });

/** what a user does on the hosted Connect page of an OAuth2 link: continue, consent, come back */
async function finishOAuthLink(redirectUrl: string) {
  const res = await fetch(`${s.apiUrl}/connect_links/${linkToken(redirectUrl)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  const done = await followUntil(res.headers.get('location')!, CALLBACK, 10, cookieOf(res));
  expect(done.final.searchParams.get('status')).toBe('success');
}

/** a flow that must fail: its error */
async function fails(r: SdkRunner, flow: string, server: Pick<TestServer, 'url' | 'apiKey'>, params = {}) {
  const out = await r.run(flow, server, params);
  expect(out.ok, JSON.stringify(out)).toBe(false);
  if (out.ok) throw new Error('unreachable');
  return out.error;
}

const md5 = (b: Buffer | string) => createHash('md5').update(b).digest('hex');

describe.each(NEXT_SDKS)('@composio/core $version on Node 22: accounts, tools, files, sessions', (sdk) => {
  let r: SdkRunner;
  const user = (name: string) => `${name}-${sdk.version}`;
  const is100 = sdk.version.startsWith('1.');
  beforeAll(async () => {
    r = await startSdkRunner(sdk, FLOWS);
  }, 240_000);
  afterAll(async () => {
    await r?.stop();
  });

  // ----- connectedAccounts -----
  it('connectedAccounts.link / waitForConnection: a Connect Link, completed in the browser, awaited by the SDK', async () => {
    const acId = await oauth2Config(s, idp);
    const link = await r.ok('link', s, {
      userId: user('link'),
      authConfigId: acId,
      options: { callbackUrl: CALLBACK, alias: 'work' },
    });
    expect(link.id).toMatch(/^ca_/);
    expect(link.status).toBe('INITIATED');
    expect(link.redirectUrl).toBe(`${s.url}/api/v3/connect_links/${linkToken(link.redirectUrl)}/page`);
    // the SDK waits (polling the account) while the user goes through the page
    const waiting = r.run('waitForConnection', s, { id: link.id, timeout: 30_000 });
    await finishOAuthLink(link.redirectUrl);
    const done = await waiting;
    expect(done.ok, JSON.stringify(done)).toBe(true);
    if (!done.ok) return;
    expect(done.value).toMatchObject({
      id: link.id,
      status: 'ACTIVE',
      alias: 'work',
      authConfig: acId,
      toolkit: 'github',
    });

    // a second link for the same user and auth config: refused by the SDK's guard unless allowMultiple
    const again = await fails(r, 'link', s, { userId: user('link'), authConfigId: acId });
    expect(again.name).toBe('ComposioMultipleConnectedAccountsError');
    const second = await r.ok('link', s, {
      userId: user('link'),
      authConfigId: acId,
      options: { callbackUrl: CALLBACK, alias: 'personal', allowMultiple: true },
    });
    expect(second.id).not.toBe(link.id);
    const stored = await s.api('GET', `/connected_accounts/${second.id}?show_user_id=true`);
    expect(stored.body).toMatchObject({ alias: 'personal', user_id: user('link') });
    // an alias is unique per user and toolkit: Junction refuses the duplicate, the SDK wraps it
    const dup = await fails(r, 'link', s, {
      userId: user('link'),
      authConfigId: acId,
      options: { alias: 'work', allowMultiple: true },
    });
    expect(dup.name).toBe('ComposioFailedToCreateConnectedAccountLink');
    expect(dup.causeName).toMatch(/ConflictError|BadRequestError/);
  });

  it('connectedAccounts.waitForConnection: a missing account and a timeout are the SDK errors', async () => {
    const missing = await fails(r, 'waitForConnection', s, { id: 'ca_missing', timeout: 5_000 });
    expect(missing.name).toBe('ComposioConnectedAccountNotFoundError');
    const acId = await oauth2Config(s, idp);
    const link = await r.ok('link', s, { userId: user('wait-timeout'), authConfigId: acId });
    const timeout = await fails(r, 'waitForConnection', s, { id: link.id, timeout: 1_500 });
    expect(timeout.name).toBe('ConnectionRequestTimeoutError');
  });

  it('connectedAccounts.refresh: an OAuth2 account re-authorizes through the provider and stays usable', async () => {
    const acId = await oauth2Config(s, idp);
    const id = await connectOAuth2(s, acId, user('refresh'), CALLBACK);
    const codesBefore = idp.tokenRequests.filter((t) => t.grant_type === 'authorization_code').length;
    const refreshed = await r.ok('refresh', s, { id, options: { redirectUrl: CALLBACK } });
    // the account keeps its old tokens (and ACTIVE) until the new authorization completes
    expect(refreshed).toMatchObject({ id, status: 'ACTIVE' });
    expect(refreshed.redirect_url.startsWith(idp.authorizeUrl)).toBe(true);
    const done = await followUntil(refreshed.redirect_url, CALLBACK);
    expect(done.final.searchParams.get('status')).toBe('success');
    expect(idp.tokenRequests.filter((t) => t.grant_type === 'authorization_code').length).toBe(codesBefore + 1);
    const after = await r.ok('getAccount', s, { id });
    expect(after).toMatchObject({ id, status: 'ACTIVE' });
    // an API-key account has nothing to re-authorize: its status comes back as it is
    const { accountId } = await githubAccount(user('refresh-key'));
    expect(await r.ok('refresh', s, { id: accountId })).toEqual({
      id: accountId,
      status: 'ACTIVE',
      redirect_url: null,
    });
    const missing = await fails(r, 'refresh', s, { id: 'ca_missing' });
    expect(missing.name).toBe('NotFoundError');
    expect(missing.status).toBe(404);
  });

  it('connectedAccounts.update: { enabled } toggles the account; an alias is refused by the SDK schema', async () => {
    const { accountId } = await githubAccount(user('update'));
    const v = await r.ok('update', s, { id: accountId });
    expect(v.off).toMatchObject({ success: true });
    expect(v.afterOff).toMatchObject({ status: 'INACTIVE', isDisabled: true });
    expect(v.on).toMatchObject({ success: true });
    expect(v.afterOn).toMatchObject({ status: 'ACTIVE', isDisabled: false });
    expect(v.alias.ok).toBe(false);
    expect(v.alias.error.name).toBe('ValidationError');
    // alias edits are a raw PATCH in these SDKs (v3.1-surface §3.1)
    const patched = await s.api('PATCH', `/v3.1/connected_accounts/${accountId}`, { alias: 'renamed' });
    expect(patched.status).toBe(200);
    expect((await r.ok('getAccount', s, { id: accountId })).alias).toBe('renamed');
  });

  it('connectedAccounts.updateStatus: disable with a reason, enable again', async () => {
    const { accountId } = await githubAccount(user('status'));
    const v = await r.ok('updateStatus', s, { id: accountId, reason: 'paused by the user' });
    expect(v.off).toMatchObject({ success: true });
    expect(v.afterOff).toMatchObject({ status: 'INACTIVE', isDisabled: true });
    expect(v.on).toMatchObject({ success: true });
    expect(v.afterOn).toMatchObject({ status: 'ACTIVE', isDisabled: false });
    const missing = await fails(r, 'updateStatus', s, { id: 'ca_missing' });
    expect(missing.status).toBe(404);
  });

  it('connectedAccounts.updateAcl / experimental.updateAcl / list with accountType: a SHARED account’s access list, enforced when other users run tools', async () => {
    const authConfigId = await githubConfigToFake();
    const [owner, bob, eve] = [user('acl-owner'), user('acl-bob'), user('acl-eve')];
    const link = await r.ok('link', s, {
      userId: owner,
      authConfigId,
      options: {
        callbackUrl: CALLBACK,
        experimental: { accountType: 'SHARED', aclConfigForShared: { allowedUserIds: [bob] } },
      },
    });
    // the owner connects through the hosted page with their key
    const form = await submitKey(link.redirectUrl);
    expect(new URL(form.headers.get('location')!).searchParams.get('status')).toBe('success');
    const acl = (allowAllUsers: boolean, allowedUserIds: string[], notAllowedUserIds: string[]) => ({
      accountType: 'SHARED',
      aclConfigForShared: { allowAllUsers, allowedUserIds, notAllowedUserIds },
    });
    const got = await r.ok('getAccount', s, { id: link.id });
    expect(got).toMatchObject({ status: 'ACTIVE', experimental: acl(false, [bob], []) });

    // lists show PRIVATE accounts unless asked for SHARED ones (or ALL)
    const ids = async (accountType?: string) =>
      (await r.ok('listAccounts', s, { query: { userIds: [owner], ...(accountType ? { accountType } : {}) } })).map(
        (a: any) => a.id,
      );
    expect(await ids()).toEqual([]);
    expect(await ids('SHARED')).toEqual([link.id]);
    expect(await ids('ALL')).toEqual([link.id]);

    const runAs = (userId: string) =>
      s.api('POST', '/tools/execute/GITHUB_CREATE_AN_ISSUE', {
        connected_account_id: link.id,
        user_id: userId,
        arguments: { owner: 'acme', repo: 'web', title: `by ${userId}` },
        version: 'latest',
      });
    expect((await runAs(bob)).body).toMatchObject({ successful: true, data: { title: `by ${bob}` } });
    const denied = await runAs(eve);
    expect(denied.status).toBe(403);
    expect(denied.body.error.slug).toBe('ConnectedAccount_SharedNotAccessible');
    // a SHARED account is never picked implicitly, even for its owner
    const implicit = await s.api('POST', '/tools/execute/GITHUB_CREATE_AN_ISSUE', {
      user_id: owner,
      arguments: { owner: 'acme', repo: 'web', title: 'implicit' },
      version: 'latest',
    });
    expect(implicit.status).toBe(400);
    expect(implicit.body.error.slug).toBe('ConnectedAccount_NotFound');

    // everyone but bob: the deny list wins over allow_all_users
    const first = await r.ok('updateAcl', s, {
      id: link.id,
      via: 'connectedAccounts',
      acl: { allowAllUsers: true, notAllowedUserIds: [bob] },
    });
    expect(first).toMatchObject({ success: true, id: link.id });
    expect((await r.ok('getAccount', s, { id: link.id })).experimental).toEqual(acl(true, [bob], [bob]));
    expect((await runAs(eve)).body.successful).toBe(true);
    expect((await runAs(bob)).status).toBe(403);
    // the experimental mount: an empty list clears it, omitted fields stay
    await r.ok('updateAcl', s, { id: link.id, via: 'experimental', acl: { notAllowedUserIds: [] } });
    expect((await r.ok('getAccount', s, { id: link.id })).experimental).toEqual(acl(true, [bob], []));
    expect((await runAs(bob)).body.successful).toBe(true);
    expect((await runAs(owner)).body.successful).toBe(true);

    // an ACL on a PRIVATE account is the SDK's ComposioAclOnlyForSharedError, on every path
    const { accountId } = await githubAccount(user('acl-private'));
    for (const via of ['connectedAccounts', 'experimental']) {
      const err = await fails(r, 'updateAcl', s, { id: accountId, via, acl: { allowAllUsers: true } });
      expect(err.name).toBe('ComposioAclOnlyForSharedError');
      expect(err.status ?? err.causeName).toBeTruthy();
    }
    const privateLink = await fails(r, 'link', s, {
      userId: user('acl-private-link'),
      authConfigId,
      options: { experimental: { aclConfigForShared: { allowAllUsers: true } } },
    });
    expect(privateLink.name).toBe('ComposioAclOnlyForSharedError');
    expect((await r.ok('getAccount', s, { id: accountId })).experimental).toBeUndefined();
  });

  it('sessions.create with a pinned SHARED account (connectedAccounts) / session.authorize with experimental SHARED', async () => {
    const authConfigId = await githubConfigToFake();
    const [owner, bob, eve] = [user('pin-owner'), user('pin-bob'), user('pin-eve')];
    const link = await r.ok('sessionAuthorizeShared', s, {
      userId: owner,
      authConfigId,
      callbackUrl: CALLBACK,
      experimental: { accountType: 'SHARED', aclConfigForShared: { allowedUserIds: [bob] } },
    });
    expect(link.status).toBe('INITIATED');
    const form = await submitKey(link.redirectUrl);
    expect(new URL(form.headers.get('location')!).searchParams.get('status')).toBe('success');
    const account = await r.ok('getAccount', s, { id: link.id });
    expect(account).toMatchObject({
      status: 'ACTIVE',
      experimental: { accountType: 'SHARED', aclConfigForShared: { allowedUserIds: [bob] } },
    });

    const args = { slug: 'GITHUB_CREATE_AN_ISSUE', arguments: { owner: 'acme', repo: 'web', title: 'from a session' } };
    // bob may: his session pins the owner's shared account and runs the tool with it
    const asBob = await r.ok('sessionWithPinnedAccount', s, { userId: bob, accountId: link.id, ...args });
    expect(asBob.created.ok).toBe(true);
    expect(asBob.ran).toMatchObject({ ok: true, value: { error: null, data: { title: 'from a session' } } });
    // eve may not even pin it
    const asEve = await r.ok('sessionWithPinnedAccount', s, { userId: eve, accountId: link.id, ...args });
    expect(asEve.created.ok).toBe(false);
    expect(asEve.created.error).toMatchObject({ name: 'BadRequestError', status: 400 });
    expect(asEve.created.error.message).toContain('not allowed to use the shared connected account');
    // the owner's session does not pick the shared account unless it pins it
    const unpinned = await r.ok('sessionWithPinnedAccount', s, { userId: owner, ...args });
    expect(unpinned.created.ok).toBe(true);
    expect(unpinned.ran.ok).toBe(false);
    expect(unpinned.ran.error).toMatchObject({ name: 'BadRequestError', status: 400 });
    expect(unpinned.ran.error.message).toContain(`No active github connection for user ${owner}`);
    // taking bob off the list stops his existing session at the next call
    await r.ok('updateAcl', s, { id: link.id, via: 'connectedAccounts', acl: { notAllowedUserIds: [bob] } });
    const after = await r.ok('sessionExecute', s, { sessionId: asBob.created.value, ...args });
    expect(after.ok).toBe(false);
    expect(after.error).toMatchObject({ name: 'PermissionDeniedError', status: 403 });
    expect(after.error.message).toContain(`User ${bob} is not allowed to use the shared connected account ${link.id}`);
  });

  it('connectedAccounts.completeAuth: blocked by the SDK (client rc.6 has no connectedAccounts.completeAuth)', async () => {
    // a project of its own with a callback verifier, so the rest of the suite's OAuth flows are unaffected
    const verifier = 'https://verifier.example.test/oauth/verify';
    const project = await s.api(
      'POST',
      '/org/owner/project/new',
      { name: `verifier ${sdk.version}`, should_create_api_key: true },
      { 'x-org-api-key': s.orgKey, 'x-api-key': '' },
    );
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    const key = project.body.api_key as string;
    const as = { 'x-api-key': key };
    expect((await s.api('PATCH', '/org/project/config', { callback_verifier_url: verifier }, as)).status).toBe(200);
    const ac = await s.api(
      'POST',
      '/auth_configs',
      {
        toolkit: { slug: 'github' },
        auth_config: {
          type: 'use_custom_auth',
          authScheme: 'OAUTH2',
          credentials: {
            client_id: idp.clientId,
            client_secret: idp.clientSecret,
            authorization_url: idp.authorizeUrl,
            token_url: idp.tokenUrl,
          },
        },
      },
      as,
    );
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    const started = await s.api(
      'POST',
      '/connected_accounts',
      { auth_config: { id: ac.body.auth_config.id }, connection: { user_id: 'alice', callback_url: CALLBACK } },
      as,
    );
    const held = await followUntil(started.body.connectionData.val.redirectUrl, verifier);
    const sessionUri = held.final.searchParams.get('session_uri')!;
    expect(sessionUri).toMatch(/^session_/);

    const err = await fails(r, 'completeAuth', { url: s.url, apiKey: key }, { userId: 'alice', sessionUri });
    expect(err.name).toBe('TypeError');
    expect(err.message).toMatch(/completeAuth is not a function/);
    // the SDK sent nothing: the reference is still good, and Junction's endpoint completes the connection
    const done = await s.api(
      'POST',
      '/v3.1/connected_accounts/complete_auth',
      { user_id: 'alice', session_uri: sessionUri },
      as,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ connected_account_id: started.body.id, toolkit_slug: 'github' });
    expect((await s.api('GET', `/connected_accounts/${started.body.id}`, undefined, as)).body.status).toBe('ACTIVE');
  });

  // ----- authConfigs -----
  it('authConfigs.disable / enable / updateStatus / delete (and composio.getClient; authConfigs.getClient is protected)', async () => {
    const v = await r.ok('authConfigStatus', s, { toolkit: 'sendgrid', name: `Status ${sdk.version}` });
    expect(v.id).toMatch(/^ac_/);
    expect(v.afterDisable).toBe('DISABLED');
    expect(v.afterEnable).toBe('ENABLED');
    expect(v.afterStatusOff).toBe('DISABLED');
    expect(v.afterStatusOn).toBe('ENABLED');
    expect(v.disabled).toMatchObject({ status: 'DISABLED' });
    expect(v.enabled).toMatchObject({ status: 'ENABLED' });
    expect(v.raw).toMatchObject({ id: v.id, status: 'ENABLED', name: `Status ${sdk.version}` });
    expect(v.afterDelete.ok).toBe(false);
    expect(v.afterDelete.error.status).toBe(404);
    expect(v.deleteAgain.ok).toBe(false);
    expect(v.deleteAgain.error.status).toBe(404);
    // typed protected, present at run time (the SDK's own tests reach it)
    expect(await r.ok('authConfigProtectedClient', s)).toEqual({ type: 'function' });
  });

  it('authConfigs.disable: accounts on a disabled auth config become INACTIVE and come back on enable', async () => {
    const { accountId, authConfigId } = await githubAccount(user('ac-cascade'));
    expect(await r.ok('setAuthConfig', s, { id: authConfigId, enabled: false })).toMatchObject({ status: 'DISABLED' });
    expect((await r.ok('getAccount', s, { id: accountId })).status).toBe('INACTIVE');
    expect(await r.ok('setAuthConfig', s, { id: authConfigId, enabled: true })).toMatchObject({ status: 'ENABLED' });
    expect((await r.ok('getAccount', s, { id: accountId })).status).toBe('ACTIVE');
  });

  // ----- toolkits -----
  it('toolkits.authorize: starts an OAuth connection on the given auth config, or on the toolkit’s existing one', async () => {
    const acId = await oauth2Config(s, idp, {}, 'gitlab');
    const v = await r.ok('authorize', s, { userId: user('authorize'), toolkit: 'gitlab', authConfigId: acId });
    expect(v.id).toMatch(/^ca_/);
    expect(v.status).toBe('INITIATED');
    expect(v.redirectUrl.startsWith(idp.authorizeUrl)).toBe(true);
    const acc = await s.api('GET', `/connected_accounts/${v.id}?show_user_id=true`);
    expect(acc.body).toMatchObject({
      user_id: user('authorize'),
      auth_config: { id: acId },
      toolkit: { slug: 'gitlab' },
    });
    // without an id the SDK lists the toolkit's auth configs and takes the first
    const listed = await s.api('GET', '/auth_configs?toolkit_slug=gitlab');
    const first = listed.body.items[0].id;
    const implicit = await r.ok('authorize', s, { userId: user('authorize-implicit'), toolkit: 'gitlab' });
    const acc2 = await s.api('GET', `/connected_accounts/${implicit.id}`);
    expect(acc2.body.auth_config.id).toBe(first);
    const unknown = await fails(r, 'authorize', s, { userId: user('authorize'), toolkit: 'no_such_toolkit' });
    // Junction answers 404; 1.0.0-beta.1 checks it against openai's APIError class instead of the
    // client's, so the 404 surfaces as its generic fetch error with the client's NotFoundError inside
    expect(unknown.name).toBe(is100 ? 'ComposioToolkitFetchError' : 'ComposioToolkitNotFoundError');
    expect(unknown.causeName).toBe('NotFoundError');
  });

  it('toolkits.getAuthConfigCreationFields: the fields an auth config of a scheme takes', async () => {
    const v = await r.ok('authConfigCreationFields', s, { toolkit: 'github', scheme: 'OAUTH2' });
    const names = v.all.map((f: any) => f.name);
    expect(names).toEqual(expect.arrayContaining(['client_id', 'client_secret']));
    expect(v.all.find((f: any) => f.name === 'client_id')).toMatchObject({ required: true });
    expect(v.required).toEqual(expect.arrayContaining(['client_id', 'client_secret']));
    expect(v.required.length).toBeLessThanOrEqual(names.length);
    expect(v.missing.ok).toBe(false);
    expect(v.missing.error.name).toBe('ComposioAuthConfigNotFoundError');
  });

  it('toolkits.get with a list query: category, sort and limit reach the list', async () => {
    const all = await r.ok('toolkitList', s, { query: {} });
    expect(all.length).toBeGreaterThan(20);
    const limited = await r.ok('toolkitList', s, { query: { sortBy: 'alphabetically', limit: 3 } });
    expect(limited).toHaveLength(3);
    const slugs = limited.map((t: any) => t.slug);
    expect(slugs).toEqual([...slugs].sort());
    const category = all.flatMap((t: any) => t.categories).find(Boolean);
    expect(category).toBeTruthy();
    const inCategory = await r.ok('toolkitList', s, { query: { category } });
    expect(inCategory.length).toBeGreaterThan(0);
    expect(inCategory.length).toBeLessThan(all.length);
    for (const t of inCategory) expect(t.categories).toContain(category);
  });

  it('toolkits.recommendScopes: blocked by the SDK (client rc.6 has no toolkits.recommendScopes)', async () => {
    const err = await fails(r, 'recommendScopes', s, { toolkit: 'github', tools: ['GITHUB_CREATE_AN_ISSUE'] });
    expect(err.name).toBe('TypeError');
    expect(err.message).toMatch(/recommendScopes is not a function/);
  });

  it('toolkits.listGrantContexts: blocked by the SDK (client rc.6 has no toolkits.retrieveScopesGrantContext)', async () => {
    const err = await fails(r, 'listGrantContexts', s, { toolkit: 'github' });
    expect(err.name).toBe('TypeError');
    expect(err.message).toMatch(/retrieveScopesGrantContext is not a function/);
  });

  // ----- tools -----
  it('tools.getRawComposioTools: by toolkit, by search, by slugs; tools and toolkits together are refused', async () => {
    const byToolkit = await r.ok('rawTools', s, { query: { toolkits: ['github'], limit: 5 } });
    expect(byToolkit.length).toBeGreaterThan(0);
    expect(byToolkit.length).toBeLessThanOrEqual(5);
    for (const t of byToolkit) expect(t.toolkit).toBe('github');
    const bySearch = await r.ok('rawTools', s, {
      query: { search: 'create an issue in a github repository', limit: 5 },
    });
    expect(bySearch.map((t: any) => t.slug)).toContain('GITHUB_CREATE_AN_ISSUE');
    const bySlug = await r.ok('rawTools', s, { query: { tools: ['GITHUB_CREATE_AN_ISSUE', 'SLACK_SEND_MESSAGE'] } });
    expect(bySlug.map((t: any) => t.slug).sort()).toEqual(['GITHUB_CREATE_AN_ISSUE', 'SLACK_SEND_MESSAGE']);
    expect(bySlug.find((t: any) => t.slug === 'GITHUB_CREATE_AN_ISSUE').required).toEqual(
      expect.arrayContaining(['owner', 'repo', 'title']),
    );
    const both = await fails(r, 'rawTools', s, { query: { tools: ['X'], toolkits: ['github'] } });
    expect(both.name).toBe('ValidationError');
  });

  it('tools.getToolsEnum: every tool slug', async () => {
    const v = await r.ok('toolsEnum', s);
    expect(v.count).toBeGreaterThan(100);
    expect(v.has).toBe(true);
  });

  it('tools.getInput: natural language becomes the tool’s arguments', async () => {
    const v = await r.ok('toolInput', s, {
      slug: 'GITHUB_CREATE_AN_ISSUE',
      body: { text: 'Open an issue in the repository acme/web titled "Login broken"' },
    });
    expect(v.arguments).toMatchObject({ owner: 'acme', repo: 'web', title: 'Login broken' });
    const missing = await fails(r, 'toolInput', s, { slug: 'NO_SUCH_TOOL', body: { text: 'x' } });
    expect(missing.status).toBe(404);
  });

  it('tools.getRawToolRouterSessionTools / executeSessionTool (with modifiers)', async () => {
    await githubAccount(user('session-tools'));
    const v = await r.ok('sessionTools', s, {
      userId: user('session-tools'),
      slug: 'GITHUB_CREATE_AN_ISSUE',
      arguments: { owner: 'acme', repo: 'web', title: 'Login broken' },
    });
    const slugs = v.raw.map((t: any) => t.slug);
    expect(slugs).toEqual(expect.arrayContaining(['COMPOSIO_SEARCH_TOOLS', 'COMPOSIO_MULTI_EXECUTE_TOOL']));
    expect(v.raw.every((t: any) => t.hasSchema)).toBe(true);
    expect(v.ran).toMatchObject({ successful: true, error: null, data: { number: 7, title: 'Login broken' } });
    expect(v.ran.logId).toBeTruthy();
    expect(v.seen).toBe(v.sessionId);
    expect(v.withModifiers).toMatchObject({
      successful: true,
      data: { number: 7, title: 'Login broken (edited)', after: true },
    });
  });

  it('tools.wrapToolsForProvider: OpenAI function definitions; an agentic provider’s wrapped tool runs through Junction', async () => {
    await githubAccount(user('wrap'));
    const before = gh.requests.length;
    const v = await r.ok('wrapTools', s, {
      userId: user('wrap'),
      slug: 'GITHUB_CREATE_AN_ISSUE',
      arguments: { owner: 'acme', repo: 'web', title: 'Wrapped' },
    });
    expect(v.openai).toEqual([
      {
        type: 'function',
        name: 'GITHUB_CREATE_AN_ISSUE',
        required: expect.arrayContaining(['owner', 'repo', 'title']),
      },
    ]);
    expect(v.agentic).toEqual(['GITHUB_CREATE_AN_ISSUE']);
    expect(v.ran).toMatchObject({ successful: true, data: { number: 7, title: 'Wrapped' } });
    expect(gh.requests.length).toBe(before + 1);
  });

  // ----- files -----
  it('files.upload / files.download: refused on loopback by the SDK’s SSRF guard; Junction’s staging works over HTTP', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-next-files-'));
    const file = path.join(dir, 'report.txt');
    fs.writeFileSync(file, 'quarterly numbers\n');
    const up = await r.ok('filesUpload', s, { file, toolSlug: 'SLACK_FILES_UPLOAD', toolkitSlug: 'slack' });
    expect(up.ok).toBe(false);
    expect(up.error.name).toBe('ComposioBlockedInternalUrlError');
    expect(up.error.message).toMatch(/loopback/);

    // the same staging over HTTP: presigned URL, PUT, listed
    const body = Buffer.from(`staged by ${sdk.version}\n`);
    const name = `next-${sdk.version}.txt`;
    const req = await s.api('POST', '/files/upload/request', {
      filename: name,
      md5: md5(body),
      mimetype: 'text/plain',
      tool_slug: 'SLACK_FILES_UPLOAD',
      toolkit_slug: 'slack',
    });
    expect(req.status).toBe(201);
    const put = await fetch(req.body.new_presigned_url, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.status).toBe(200);
    const list = await s.api('GET', '/files/list?toolkit_slug=slack&tool_slug=SLACK_FILES_UPLOAD');
    expect(list.body.items.filter((i: any) => i.filename === name)).toEqual([
      expect.objectContaining({ filename: name, md5: md5(body), mimetype: 'text/plain' }),
    ]);

    // a download URL Junction signs (a session file): the SDK refuses it, plain HTTP reads it
    const session = await s.api('POST', '/tool_router/session', { user_id: user('files') });
    const sid = session.body.session_id;
    const upUrl = await s.api('POST', `/tool_router/session/${sid}/mounts/files/upload_url`, {
      mount_relative_path: 'out.txt',
      mimetype: 'text/plain',
    });
    expect(upUrl.status).toBe(200);
    expect(
      (await fetch(upUrl.body.upload_url, { method: 'PUT', body, headers: { 'content-type': 'text/plain' } })).status,
    ).toBe(200);
    const dl = await s.api('POST', `/tool_router/session/${sid}/mounts/files/download_url`, {
      mount_relative_path: 'out.txt',
    });
    expect(dl.status).toBe(200);
    const down = await r.ok('filesDownload', s, {
      toolSlug: 'SLACK_FILES_UPLOAD',
      s3Url: dl.body.download_url,
      mimeType: 'text/plain',
    });
    expect(down.ok).toBe(false);
    expect(down.error.name).toBe('ComposioBlockedInternalUrlError');
    const read = await fetch(dl.body.download_url);
    expect(read.status).toBe(200);
    expect(await read.text()).toBe(body.toString());
  });

  // ----- sessions -----
  it('sessions.create / use / delete (composio.toolRouter is the same namespace)', async () => {
    const v = await r.ok('sessionsNamespace', s, { userId: user('sessions') });
    expect(v.sameAlias).toBe(true);
    expect(v.id).toMatch(/^trs_/);
    expect(v.usedId).toBe(v.id);
    expect(v.toolkits.sort()).toEqual(['github', 'slack']);
    expect(v.deleted).toMatchObject({ sessionId: v.id, deleted: true });
    expect(v.afterDelete.ok).toBe(false);
    expect(v.afterDelete.error.status).toBe(404);
    expect(v.deleteAgain.ok).toBe(false);
    expect(v.deleteAgain.error.status).toBe(404);
    expect((await s.api('GET', `/tool_router/session/${v.id}`)).status).toBe(404);
  });

  it('createSession: the headers it is given reach Junction on every request', async () => {
    const { accountId } = await githubAccount(user('create-session'));
    const requestId = `req_next_session_${sdk.version.replace(/\W/g, '_')}`;
    const v = await r.ok('createSession', s, {
      userId: user('create-session'),
      requestId,
      slug: 'GITHUB_CREATE_AN_ISSUE',
      arguments: { owner: 'acme', repo: 'web', title: 'Tagged' },
    });
    expect(v.distinct).toBe(true);
    expect(v.tagged).toMatchObject({ successful: true, data: { title: 'Tagged' } });
    expect(v.plain.successful).toBe(true);
    const filters = [{ field: 'request_id', operator: '==', value: requestId }];
    let found: any;
    const deadline = Date.now() + 15_000;
    do {
      found = (await s.api('POST', '/v3.1/logs/tool_execution', { filters })).body;
    } while (!found.logs?.length && Date.now() < deadline);
    expect(found.logs.map((l: any) => l.id)).toEqual([v.tagged.logId]);
    expect(accountId).toMatch(/^ca_/);
  });

  it('sessionConfigs.list / get: blocked by the SDK (client rc.6 has no sessionConfigs; 1.0 has no namespace)', async () => {
    const v = await r.ok('sessionConfigs', s);
    if (is100) {
      expect(v).toEqual({ present: false });
      return;
    }
    expect(v.present).toBe(true);
    expect(v.list.ok).toBe(false);
    expect(v.list.error.name).toBe('TypeError');
    expect(v.list.error.message).toMatch(/Cannot read properties of undefined \(reading 'list'\)/);
    expect(v.get.ok).toBe(false);
    expect(v.get.error.name).toBe('TypeError');
    expect(v.get.error.message).toMatch(/Cannot read properties of undefined \(reading 'retrieve'\)/);
  });

  it('keyring.listTransferKeys: blocked by the SDK (client rc.6 has no keyring)', async () => {
    const err = await fails(r, 'keyring', s);
    expect(err.name).toBe('TypeError');
    expect(err.message).toMatch(/Cannot read properties of undefined \(reading 'listTransferKeys'\)/);
  });

  it('experimental.customToolkits.upsert / sync / delete: blocked by the SDK (client rc.6 has no custom.*); Junction’s /custom/toolkits routes work', async () => {
    const slug = `next_${sdk.version.replace(/\W/g, '_')}`;
    const v = await r.ok('customToolkits', s, { slug, appUrl: mcp.mcpUrl });
    for (const [call, method] of [
      ['upsert', 'upsert'],
      ['sync', 'sync'],
      ['delete', 'deleteToolkit'],
    ] as const) {
      expect(v[call].ok, call).toBe(false);
      expect(v[call].error.name).toBe('TypeError');
      expect(v[call].error.message).toMatch(
        new RegExp(`Cannot read properties of undefined \\(reading '${method}'\\)`),
      );
    }
    const full = `CUSTOM_${slug.toUpperCase()}`;
    const up = await s.api('POST', '/custom/toolkits/upsert', {
      slug,
      toolkit_config: { name: 'Echo', app_url: mcp.mcpUrl, auth_schemes: [{ mode: 'NO_AUTH' }] },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toEqual({ slug: full });
    const sync = await s.api('POST', '/custom/toolkits/sync', { slug: full });
    expect(sync.status).toBe(200);
    expect(sync.body.synced_count).toBeGreaterThan(0);
    const del = await s.api('DELETE', `/custom/toolkits/${full}`);
    expect(del.status).toBe(200);
    expect((await s.api('GET', `/toolkits/${full.toLowerCase()}`)).status).toBe(404);
  });
});

describe('SHARED connected accounts over HTTP (v3.1 surface §3)', () => {
  it('link and PATCH take experimental.account_type / acl_config_for_shared; an ACL on a PRIVATE account is a 400', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
    });
    const authConfigId = ac.body.auth_config.id;
    const shared = await s.api('POST', '/v3.1/connected_accounts/link', {
      auth_config_id: authConfigId,
      user_id: 'http-owner',
      experimental: { account_type: 'SHARED', acl_config_for_shared: { allowed_user_ids: ['a', 'a', 'b'] } },
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    expect(shared.body.experimental).toEqual({
      account_type: 'SHARED',
      acl_config_for_shared: { allow_all_users: false, allowed_user_ids: ['a', 'b'], not_allowed_user_ids: [] },
    });
    const id = shared.body.connected_account_id;
    // the account's params keep only what the create carried; sharing has its own block
    const read = await s.api('GET', `/v3.1/connected_accounts/${id}`);
    expect(read.body.params).toEqual({ via: 'link' });
    expect(read.body.experimental.account_type).toBe('SHARED');
    const patched = await s.api('PATCH', `/v3.1/connected_accounts/${id}`, {
      experimental: { acl_config_for_shared: { allow_all_users: true } },
    });
    expect(patched.status).toBe(200);
    expect((await s.api('GET', `/v3.1/connected_accounts/${id}`)).body.experimental.acl_config_for_shared).toEqual({
      allow_all_users: true,
      allowed_user_ids: ['a', 'b'],
      not_allowed_user_ids: [],
    });

    const refused = await s.api('POST', '/v3.1/connected_accounts/link', {
      auth_config_id: authConfigId,
      user_id: 'http-private',
      experimental: { account_type: 'PRIVATE', acl_config_for_shared: { allow_all_users: true } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ slug: 'ConnectedAccount_AclOnlyForShared', status: 400 });
    expect(refused.body.error.message).toContain('acl_config_for_shared is only valid on SHARED');
    // nothing was created by the refused link
    const list = await s.api('GET', '/v3.1/connected_accounts?user_ids=http-private&account_type=ALL');
    expect(list.body.items).toEqual([]);

    const priv = await s.api('POST', '/v3.1/connected_accounts/link', {
      auth_config_id: authConfigId,
      user_id: 'http-private',
    });
    expect(priv.body.experimental).toBeUndefined();
    const patchPrivate = await s.api('PATCH', `/v3.1/connected_accounts/${priv.body.connected_account_id}`, {
      experimental: { acl_config_for_shared: { allow_all_users: true } },
    });
    expect(patchPrivate.status).toBe(400);
    expect(patchPrivate.body.error.slug).toBe('ConnectedAccount_AclOnlyForShared');
    const tooLong = await s.api('PATCH', `/v3.1/connected_accounts/${id}`, {
      experimental: { acl_config_for_shared: { allowed_user_ids: ['x'.repeat(257)] } },
    });
    expect(tooLong.status).toBe(400);
  });
});
