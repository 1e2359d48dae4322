import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// Discord bot tools (lib/catalog/curated/discordbot.ts) through the real execute pipeline against a
// loopback Discord REST API v10 that only answers requests signed "Authorization: Bot <token>".
const TOKEN = 'MTA-bot-token';
let s: TestServer;
let discord: FakeUpstream;
let account: string;

beforeAll(async () => {
  [s, discord] = await Promise.all([providerServer(), startFakeUpstream()]);
  const bot =
    (h: (req: { json?: unknown }, p: Record<string, string>) => { status?: number; json?: unknown }) =>
    (req: { headers: Record<string, unknown>; json?: unknown }, p: Record<string, string>) =>
      req.headers.authorization === `Bot ${TOKEN}`
        ? h(req, p)
        : { status: 401, json: { message: '401: Unauthorized', code: 0 } };
  discord.on(
    'POST',
    '/api/v10/channels/:channel/messages',
    bot((req, p) => ({ json: { id: '1300000000000000001', channel_id: p.channel, ...(req.json as object) } })),
  );
  discord.on(
    'PUT',
    '/api/v10/channels/:channel/messages/:message/reactions/:emoji/@me',
    bot(() => ({ status: 204 })),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'discordbot',
      authScheme: 'BEARER_TOKEN',
      val: { bot_token: TOKEN, base_url: `${discord.url}/api/v10` },
      userId: 'bot-owner',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), discord?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Discord bot curated tools', () => {
  it('GET /toolkits/discordbot shows the bot-token scheme and its field', async () => {
    const r = await s.api('GET', '/toolkits/discordbot');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.name).toBe('Discord Bot');
    const scheme = r.body.auth_config_details.find((d: { mode: string }) => d.mode === 'BEARER_TOKEN');
    expect(scheme.fields.connected_account_initiation.required.map((f: { name: string }) => f.name)).toEqual([
      'bot_token',
    ]);
  });

  it('DISCORDBOT_CREATE_MESSAGE posts content and reply reference with "Authorization: Bot <token>"', async () => {
    discord.reset();
    const r = await exec('DISCORDBOT_CREATE_MESSAGE', {
      channel_id: '111',
      content: 'Build green ✅',
      message_reference: { message_id: '99' },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: '1300000000000000001', channel_id: '111', content: 'Build green ✅' },
    });
    const req = discord.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/api/v10/channels/111/messages');
    expect(req.headers.authorization).toBe(`Bot ${TOKEN}`);
    expect(req.json).toEqual({ content: 'Build green ✅', message_reference: { message_id: '99' } });
  });

  it('DISCORDBOT_ADD_MY_MESSAGE_REACTION puts the URL-encoded emoji in the path', async () => {
    discord.reset();
    const r = await exec('DISCORDBOT_ADD_MY_MESSAGE_REACTION', {
      channel_id: '111',
      message_id: '99',
      emoji_name: '👍',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(discord.last()!.method).toBe('PUT');
    expect(discord.last()!.path).toBe(`/api/v10/channels/111/messages/99/reactions/${encodeURIComponent('👍')}/@me`);
  });
});
