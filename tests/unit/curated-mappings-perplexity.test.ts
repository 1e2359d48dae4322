import { describe, expect, it } from 'vitest';
import { prepareMappingArgs } from '../../lib/services/tools/curated';
import { getTool } from '../../lib/catalog/registry';
import { ToolArgumentError } from '../../lib/catalog/curated/types';
import { buildMapping, type Want } from '../helpers/mapping-request';

// Perplexity's Agent API and contextualized embeddings (search-web-perplexity.ts) build the
// requests Perplexity documents (docs.perplexity.ai: POST /v1/agent, POST /v1/contextualizedembeddings).
const build = (slug: string, args: Record<string, unknown>) =>
  buildMapping(slug, args, { base: 'https://api.perplexity.test' });

const TABLE: [string, Record<string, unknown>, Want][] = [
  [
    'PERPLEXITYAI_EXECUTE_AGENT',
    { input: 'Who won the 2024 Tour de France?', preset: 'pro-search' },
    { method: 'POST', path: '/v1/agent', body: { input: 'Who won the 2024 Tour de France?', preset: 'pro-search' } },
  ],
  [
    'PERPLEXITYAI_EXECUTE_AGENT',
    {
      input: 'Summarise recent NIH guidance on vitamin D',
      models: ['openai/gpt-5.2', 'anthropic/claude-sonnet-4-5'],
      instructions: 'Cite every figure.',
      max_steps: 4,
      reasoning: { effort: 'low' },
      tools: [{ type: 'web_search', filters: { search_domain_filter: ['nih.gov'] } }, { type: 'fetch_url' }],
      language_preference: 'en',
    },
    {
      method: 'POST',
      path: '/v1/agent',
      body: {
        input: 'Summarise recent NIH guidance on vitamin D',
        models: ['openai/gpt-5.2', 'anthropic/claude-sonnet-4-5'],
        instructions: 'Cite every figure.',
        max_steps: 4,
        reasoning: { effort: 'low' },
        tools: [{ type: 'web_search', filters: { search_domain_filter: ['nih.gov'] } }, { type: 'fetch_url' }],
        language_preference: 'en',
      },
    },
  ],
  [
    'PERPLEXITYAI_EXECUTE_AGENT',
    { input: 'And in 2023?', model: 'openai/gpt-5.2', previous_response_id: 'resp_1', max_output_tokens: 500 },
    {
      method: 'POST',
      path: '/v1/agent',
      body: { input: 'And in 2023?', model: 'openai/gpt-5.2', previous_response_id: 'resp_1', max_output_tokens: 500 },
    },
  ],
  [
    'PERPLEXITYAI_CREATE_CONTEXTUALIZED_EMBEDDINGS',
    {
      input: [['Intro of doc one.', 'Methods of doc one.'], ['Only chunk of doc two.']],
      model: 'pplx-embed-context-v1-0.6b',
      dimensions: 512,
      encoding_format: 'base64_binary',
    },
    {
      method: 'POST',
      path: '/v1/contextualizedembeddings',
      body: {
        input: [['Intro of doc one.', 'Methods of doc one.'], ['Only chunk of doc two.']],
        model: 'pplx-embed-context-v1-0.6b',
        dimensions: 512,
        encoding_format: 'base64_binary',
      },
    },
  ],
];

describe('Perplexity agent and contextualized embeddings mappings', () => {
  it.each(TABLE)('%s builds the documented Perplexity request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    expect(got.query).toEqual({});
    expect(got.body).toEqual(want.body);
  });

  it('PERPLEXITYAI_EXECUTE_AGENT runs pro-search when no engine is named, and refuses an empty models list', () => {
    const tool = getTool('PERPLEXITYAI_EXECUTE_AGENT')!;
    expect(prepareMappingArgs(tool, { input: 'hi' })).toEqual({ input: 'hi', preset: 'pro-search' });
    expect(() => prepareMappingArgs(tool, { input: 'hi', models: [] })).toThrow(ToolArgumentError);
    expect(prepareMappingArgs(tool, { input: 'hi', models: ['openai/gpt-5.2'] })).toEqual({
      input: 'hi',
      models: ['openai/gpt-5.2'],
    });
    expect(build('PERPLEXITYAI_EXECUTE_AGENT', { input: 'hi', model: 'openai/gpt-5.2' }).body).toEqual({
      input: 'hi',
      model: 'openai/gpt-5.2',
    });
  });

  it('the contextualized input is a list of documents, each a list of string chunks', () => {
    const props = getTool('PERPLEXITYAI_CREATE_CONTEXTUALIZED_EMBEDDINGS')!.inputParameters.properties as Record<
      string,
      { type: string; items?: { type: string; items?: { type: string } } }
    >;
    expect(props.input).toMatchObject({ type: 'array', items: { type: 'array', items: { type: 'string' } } });
    expect(getTool('PERPLEXITYAI_CREATE_CONTEXTUALIZED_EMBEDDINGS')!.inputParameters.required).toEqual([
      'input',
      'model',
    ]);
  });
});
