import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import { type FakeUpstream, type RecordedRequest, startFakeUpstream } from '../helpers/fake-upstream';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';

// Perplexity's Agent API and contextualized embeddings (lib/catalog/curated/search-web-perplexity.ts)
// through the real execute pipeline against a loopback api.perplexity.ai that checks the key and body.
const KEY = 'pplx-test-key';
let s: TestServer;
let pplx: FakeUpstream;
let account: string;

type Reply = { status?: number; json?: unknown };
const authed =
  (h: (req: RecordedRequest) => Reply) =>
  (req: RecordedRequest): Reply =>
    req.headers.authorization === `Bearer ${KEY}`
      ? h(req)
      : { status: 401, json: { error: { message: 'Invalid API key', type: 'invalid_api_key' } } };

beforeAll(async () => {
  [s, pplx] = await Promise.all([providerServer(), startFakeUpstream()]);
  pplx.on(
    'POST',
    '/v1/agent',
    authed((req) => {
      const b = req.json as { input?: unknown; preset?: string; model?: string; models?: string[]; stream?: boolean };
      if (typeof b.input !== 'string' || !(b.preset || b.model || b.models?.length) || b.stream)
        return { status: 400, json: { error: { message: 'bad agent request', type: 'invalid_request' } } };
      return {
        json: {
          id: 'resp_1',
          object: 'response',
          created_at: 1700000000,
          model: b.model ?? 'perplexity/sonar',
          status: 'completed',
          output: [
            { type: 'search_results', queries: ['tour de france 2024 winner'], results: [{ url: 'https://t.test' }] },
            {
              type: 'message',
              id: 'msg_1',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: 'Tadej Pogačar.', annotations: [{ url: 'https://t.test' }] }],
            },
          ],
          usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15, cost: { currency: 'USD', total_cost: 0.005 } },
        },
      };
    }),
  );
  pplx.on(
    'POST',
    '/v1/contextualizedembeddings',
    authed((req) => {
      const b = req.json as { input: string[][]; model: string };
      return {
        json: {
          object: 'list',
          model: b.model,
          data: b.input.map((chunks, index) => ({
            object: 'list',
            index,
            data: chunks.map((_c, i) => ({ object: 'embedding', index: i, embedding: 'AAEC' })),
          })),
          usage: { prompt_tokens: 12, total_tokens: 12 },
        },
      };
    }),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'perplexityai',
      authScheme: 'API_KEY',
      val: { api_key: KEY, base_url: pplx.url },
      userId: 'pplx-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), pplx?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Perplexity agent and contextualized embeddings', () => {
  it('PERPLEXITYAI_EXECUTE_AGENT posts the question with the preset to /v1/agent and returns the cited answer', async () => {
    pplx.reset();
    const r = await exec('PERPLEXITYAI_EXECUTE_AGENT', {
      input: 'Who won the 2024 Tour de France?',
      preset: 'pro-search',
      max_steps: 3,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: 'resp_1', status: 'completed' },
    });
    expect(JSON.stringify(r.body.data.output)).toContain('Tadej Pogačar.');
    const req = pplx.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/agent');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.json).toEqual({ input: 'Who won the 2024 Tour de France?', preset: 'pro-search', max_steps: 3 });
  });

  it('PERPLEXITYAI_EXECUTE_AGENT with a fallback chain sends models, and with no engine asks for pro-search', async () => {
    pplx.reset();
    const r = await exec('PERPLEXITYAI_EXECUTE_AGENT', {
      input: 'Latest stable Node.js?',
      models: ['openai/gpt-5.2', 'anthropic/claude-sonnet-4-5'],
      instructions: 'Answer in one line.',
      tools: [{ type: 'web_search', filters: { search_domain_filter: ['nodejs.org'] } }],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(pplx.last()!.json).toEqual({
      input: 'Latest stable Node.js?',
      models: ['openai/gpt-5.2', 'anthropic/claude-sonnet-4-5'],
      instructions: 'Answer in one line.',
      tools: [{ type: 'web_search', filters: { search_domain_filter: ['nodejs.org'] } }],
    });
    const d = await exec('PERPLEXITYAI_EXECUTE_AGENT', { input: 'Hello?' });
    expect(d.body, JSON.stringify(d.body)).toMatchObject({ successful: true });
    expect(pplx.last()!.json).toEqual({ input: 'Hello?', preset: 'pro-search' });
  });

  it('PERPLEXITYAI_EXECUTE_AGENT with an empty models list is refused before any call', async () => {
    pplx.reset();
    const r = await exec('PERPLEXITYAI_EXECUTE_AGENT', { input: 'Hello?', models: [] });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(JSON.stringify(r.body)).toContain('models');
    expect(pplx.requests).toHaveLength(0);
  });

  it('PERPLEXITYAI_CREATE_CONTEXTUALIZED_EMBEDDINGS sends the documents as nested chunk lists', async () => {
    pplx.reset();
    const input = [['Intro of doc one.', 'Methods of doc one.'], ['Only chunk of doc two.']];
    const r = await exec('PERPLEXITYAI_CREATE_CONTEXTUALIZED_EMBEDDINGS', {
      input,
      model: 'pplx-embed-context-v1-4b',
      dimensions: 256,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { model: 'pplx-embed-context-v1-4b' },
    });
    expect(r.body.data.data.map((d: { data: unknown[] }) => d.data.length)).toEqual([2, 1]);
    const req = pplx.last()!;
    expect(req.path).toBe('/v1/contextualizedembeddings');
    expect(req.json).toEqual({ input, model: 'pplx-embed-context-v1-4b', dimensions: 256 });
  });

  it('a flat list of strings is not a list of documents: refused as invalid arguments', async () => {
    pplx.reset();
    const r = await exec('PERPLEXITYAI_CREATE_CONTEXTUALIZED_EMBEDDINGS', {
      input: ['not', 'nested'],
      model: 'pplx-embed-context-v1-0.6b',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(pplx.requests).toHaveLength(0);
  });
});
