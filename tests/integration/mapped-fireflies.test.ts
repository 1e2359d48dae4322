import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { connectToFake } from '../helpers/connect';
import { startFakeGraphql, type FakeGraphql } from '../helpers/fake-graphql';

// Fireflies' `graphql:` mapping entries (lib/catalog/mappings/fireflies.yaml) through the real execute
// pipeline, against a loopback https://api.fireflies.ai/graphql that parses every document, refuses
// undeclared variables and wants the API key as a Bearer token.
const KEY = 'ff-api-key-0123';
let s: TestServer;
let ff: FakeGraphql;
let account: string;

beforeAll(async () => {
  [s, ff] = await Promise.all([
    providerServer(),
    startFakeGraphql({
      path: '/graphql',
      authorize: (req) =>
        req.headers.authorization === `Bearer ${KEY}`
          ? undefined
          : { status: 401, json: { errors: [{ message: 'Invalid API key' }] } },
      answer: (call) => {
        const v = call.variables as Record<string, any>;
        if (call.fields[0] === 'createBite') {
          if (v.transcript_id === 'missing')
            return {
              json: {
                data: null,
                errors: [{ message: 'Transcript not found', extensions: { code: 'object_not_found' } }],
              },
            };
          return {
            json: { data: { createBite: { id: 'bite-1', name: v.name ?? null, status: 'pending', summary: null } } },
          };
        }
        if (call.fields[0] === 'askfred_thread')
          return {
            json: {
              data: { askfred_thread: { id: v.id, title: 'Q4 plan', messages: [{ id: 'm1', answer: 'Ship it' }] } },
            },
          };
        return { json: { errors: [{ message: `unexpected ${call.fields[0]}` }] } };
      },
    }),
  ]);
  account = (
    await connectToFake(s, {
      toolkit: 'fireflies',
      authScheme: 'API_KEY',
      val: { api_key: KEY, base_url: ff.url },
      userId: 'fireflies-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), ff?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Fireflies graphql mapping entries', () => {
  it('FIREFLIES_CREATE_BITE sends its document with the arguments as variables and the key as Bearer', async () => {
    const n = ff.calls.length;
    const r = await exec('FIREFLIES_CREATE_BITE', {
      transcript_id: 't-9',
      start_time: 12.5,
      end_time: 40,
      name: 'Decision',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { createBite: { id: 'bite-1', name: 'Decision', status: 'pending' } },
    });
    const call = ff.calls.slice(n).at(-1)!;
    expect(call).toMatchObject({
      operation: 'mutation',
      fields: ['createBite'],
      declared: { transcript_id: 'ID!', start_time: 'Float!', end_time: 'Float!', name: 'String' },
    });
    expect(call.variables).toEqual({ transcript_id: 't-9', start_time: 12.5, end_time: 40, name: 'Decision' });
    expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('FIREFLIES_GET_ASK_FRED_THREAD reads one thread by its String id', async () => {
    const n = ff.calls.length;
    const r = await exec('FIREFLIES_GET_ASK_FRED_THREAD', { id: 'thread-7' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { askfred_thread: { id: 'thread-7', messages: [{ answer: 'Ship it' }] } },
    });
    const call = ff.calls.slice(n).at(-1)!;
    expect(call).toMatchObject({ operation: 'query', fields: ['askfred_thread'], declared: { id: 'String!' } });
    expect(call.variables).toEqual({ id: 'thread-7' });
  });

  it("GraphQL errors in a 200 answer are successful:false with Fireflies' message", async () => {
    const r = await exec('FIREFLIES_CREATE_BITE', { transcript_id: 'missing', start_time: 0, end_time: 1 });
    expect(r.body.successful).toBe(false);
    expect(r.body.error).toContain('Transcript not found');
  });

  it('a missing required argument is a 400 before any call', async () => {
    const n = ff.calls.length;
    const r = await exec('FIREFLIES_CREATE_BITE', { transcript_id: 't-9' });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('start_time');
    expect(ff.calls.length).toBe(n);
  });
});
