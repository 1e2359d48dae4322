import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeFigma } from '../helpers/fake-figma';
import type { FakeUpstream } from '../helpers/fake-upstream';

// Figma: curated tools (lib/catalog/curated/figma.ts) over the operations generated from
// @figma/rest-api-spec, with a personal access token, against a loopback api.figma.com.
const PAT = 'figd_test_token';
let s: TestServer;
let fig: FakeUpstream;
let account: string;

beforeAll(async () => {
  [s, fig] = await Promise.all([providerServer({ startTimeoutMs: 110_000 }), startFakeFigma({ token: PAT })]);
  account = (
    await connectToFake(s, {
      toolkit: 'figma',
      authScheme: 'API_KEY',
      val: { api_key: PAT, base_url: fig.url },
      userId: 'figma-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), fig?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Figma toolkit', () => {
  it('FIGMA_DISCOVER_FIGMA_RESOURCES reads the file key and node id of a link; FIGMA_GET_FILE_NODES fetches them with the token', async () => {
    const found = await exec('FIGMA_DISCOVER_FIGMA_RESOURCES', {
      figma_url: 'https://www.figma.com/design/AbC123xyz/Checkout?node-id=12-34&t=x',
    });
    expect(found.body, JSON.stringify(found.body)).toMatchObject({
      successful: true,
      data: { kind: 'design', file_key: 'AbC123xyz', node_id: '12:34', file_name: 'Checkout' },
    });
    fig.reset();
    const r = await exec('FIGMA_GET_FILE_NODES', { file_key: 'AbC123xyz', ids: '12-34,5:6', depth: 2 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { nodes: { '12:34': { document: { type: 'FRAME' } }, '5:6': { document: { id: '5:6' } } } },
    });
    const req = fig.last()!;
    expect(req.path).toBe('/v1/files/AbC123xyz/nodes');
    expect(req.headers['x-figma-token']).toBe(PAT);
    expect(Object.fromEntries(req.query)).toEqual({ ids: '12:34,5:6', depth: '2' });
  });

  it('FIGMA_ADD_A_COMMENT_TO_A_FILE posts message and pin as JSON', async () => {
    const r = await exec('FIGMA_ADD_A_COMMENT_TO_A_FILE', {
      file_key: 'AbC123xyz',
      message: 'Spacing looks off here',
      client_meta: { node_id: '12:34', node_offset: { x: 4, y: 8 } },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { id: '99' } });
    expect(fig.last()!.json).toEqual({
      message: 'Spacing looks off here',
      client_meta: { node_id: '12:34', node_offset: { x: 4, y: 8 } },
    });
  });

  it('a generated operation of the long tail (FIGMA_GET_FOLDER_METADATA) runs too', async () => {
    const r = await exec('FIGMA_GET_FOLDER_METADATA', { folder_id: '777' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: '777', name: 'Design system' },
    });
    expect(fig.last()!.path).toBe('/v2/folders/777/meta');
  });

  it('GET /toolkits/figma: OAuth2 and a personal access token; the authorize URL is www.figma.com/oauth with scopes', async () => {
    const tk = await s.api('GET', '/toolkits/figma');
    expect(tk.status, JSON.stringify(tk.body)).toBe(200);
    expect(tk.body.auth_config_details.map((d: { mode: string }) => d.mode)).toEqual(['OAUTH2', 'API_KEY']);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'figma' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'fig-id', client_secret: 'x' },
      },
    });
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'ana' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = new URL(r.body.redirect_url ?? r.body.connectionData.val.redirectUrl);
    expect(url.origin + url.pathname).toBe('https://www.figma.com/oauth');
    expect(url.searchParams.get('client_id')).toBe('fig-id');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['file_content:read', 'file_comments:write', 'current_user:read']),
    );
    expect(url.searchParams.get('state')).toBeTruthy();
  });
});
