import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { buildToolRequest } from '../../lib/services/tools/http';
import { prepareMappingArgs } from '../../lib/services/tools/curated';

// The argument shapes the hosted tools accept beyond one JSON type (a string where a list is
// declared), the headers some providers need, and the answers reshaped as the hosted tools give
// them: OpenAI, Square, Spotify and the DIGITAL_OCEAN_ / USER_S hosted names.
const base = 'https://api.example.test';
function request(slug: string, args: Record<string, unknown>) {
  const tool = getTool(slug)!;
  const normalized = tool.curated?.normalize ? tool.curated.normalize(args) : args;
  return buildToolRequest(tool, base, prepareMappingArgs(tool, normalized));
}

describe('hosted argument shapes', () => {
  it('OPENAI_CREATE_RESPONSE takes a plain string prompt as one user message of input_text, and never streams', () => {
    const req = request('OPENAI_CREATE_RESPONSE', { model: 'gpt-4o', input: 'Name three rivers', stream: true });
    expect(req.url.pathname).toBe('/responses');
    expect(JSON.parse(String(req.body))).toEqual({
      model: 'gpt-4o',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'Name three rivers' }] }],
    });
  });

  it('OPENAI_CREATE_RESPONSE keeps multimodal parts and turns string contents into parts by role', () => {
    const parts = [
      { type: 'input_text', text: 'What is in this image?' },
      { type: 'input_image', image_url: 'https://img.test/cat.png' },
    ];
    const req = request('OPENAI_CREATE_RESPONSE', {
      model: 'gpt-4o',
      input: [
        { role: 'user', content: parts },
        { role: 'assistant', content: 'A cat.' },
      ],
    });
    expect(JSON.parse(String(req.body)).input).toEqual([
      { role: 'user', content: parts },
      { role: 'assistant', content: [{ type: 'output_text', text: 'A cat.' }] },
    ]);
  });

  it('OPENAI_CREATE_RESPONSE answers output_text: the text of every message part joined', () => {
    const shape = getTool('OPENAI_CREATE_RESPONSE')!.curated!.shape!;
    const data = shape(
      {
        id: 'resp_1',
        output: [
          { type: 'reasoning', summary: [] },
          {
            type: 'message',
            content: [
              { type: 'output_text', text: 'Nile, ' },
              { type: 'output_text', text: 'Amazon' },
            ],
          },
        ],
      },
      {},
    );
    expect(data).toMatchObject({ id: 'resp_1', output_text: 'Nile, Amazon' });
  });

  it('OPENAI_CREATE_EMBEDDINGS wraps a single string input in a list', () => {
    const req = request('OPENAI_CREATE_EMBEDDINGS', { input: 'hello', model: 'text-embedding-3-small' });
    expect(JSON.parse(String(req.body))).toEqual({ input: ['hello'], model: 'text-embedding-3-small' });
  });

  it('the Assistants tools send OpenAI-Beta: assistants=v2', () => {
    const req = request('OPENAI_CREATE_THREAD', {});
    expect([req.method, req.url.pathname, req.headers['openai-beta']]).toEqual(['POST', '/threads', 'assistants=v2']);
  });

  it('SQUARE_CREATE_REFUND makes an idempotency key when none is given, and keeps a given one', () => {
    const made = JSON.parse(
      String(request('SQUARE_CREATE_REFUND', { payment_id: 'p', amount_money: { amount: 1, currency: 'USD' } }).body),
    );
    expect(made.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    const kept = JSON.parse(
      String(
        request('SQUARE_CREATE_REFUND', {
          payment_id: 'p',
          amount_money: { amount: 1, currency: 'USD' },
          idempotency_key: 'mine',
        }).body,
      ),
    );
    expect(kept.idempotency_key).toBe('mine');
  });

  it('hosted names spelled differently resolve to the generated operations with the same arguments', () => {
    expect(getTool('SPOTIFY_GET_USER_S_PROFILE')).toMatchObject({
      aliasOf: 'SPOTIFY_GET_USERS_PROFILE',
      deprecated: true,
    });
    const alias = getTool('DIGITAL_OCEAN_DELETE_DOMAIN')!;
    expect(alias).toMatchObject({ toolkit: 'digitalocean', aliasOf: 'DIGITALOCEAN_DELETE_A_DOMAIN' });
    const req = buildToolRequest(alias, base, { domain_name: 'example.com' });
    expect([req.method, req.url.pathname]).toEqual(['DELETE', '/v2/domains/example.com']);
    // the curated DIGITAL_OCEAN_ tools live in the digitalocean toolkit too
    expect(getTool('DIGITAL_OCEAN_LIST_ALL_DROPLETS')).toMatchObject({ toolkit: 'digitalocean' });
  });
});
