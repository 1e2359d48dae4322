/**
 * GitHub Models (models.github.ai): the model catalog and the OpenAI-compatible chat completion and
 * embedding endpoints, called with the connection's GitHub token (it needs the models:read
 * permission). Another host of the same provider, so each tool gives the absolute URL; a
 * connection's base_url override still replaces its origin.
 */
import { composite, params, s } from './define';
import type { CuratedTool } from './types';

const MODELS = 'https://models.github.ai';
const MODEL = s.string('Model id in publisher/name form (see GITHUB_GET_CATALOG_MODELS).', {
  examples: ['openai/gpt-4.1-mini'],
});
const ORG = s.string('Organization to attribute (and bill) the request to; your personal quota when omitted.');
const inference = (org: unknown, what: string) =>
  org ? `${MODELS}/orgs/${encodeURIComponent(String(org))}/inference/${what}` : `${MODELS}/inference/${what}`;
/** body fields that are given, by their OpenAI-compatible names */
const pick = (a: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => a[k] !== undefined).map((k) => [k, a[k]]));

export const githubModelTools: CuratedTool[] = [
  composite({
    slug: 'GITHUB_GET_CATALOG_MODELS',
    name: 'List GitHub Models',
    tags: ['github', 'models', 'ai'],
    description:
      'The AI models available through GitHub Models: id (publisher/name, what the inference tools take), name, publisher, summary, capabilities, input/output modalities, token limits and rate-limit tier. Use the id with GITHUB_CREATE_INFERENCE_CHAT_COMPLETIONS or GITHUB_CREATE_INFERENCE_EMBEDDINGS.',
    input: params({}),
    async run(ctx) {
      const models = await ctx.json<unknown>({ method: 'GET', url: `${MODELS}/catalog/models` });
      return { models: Array.isArray(models) ? models : [] };
    },
  }),
  composite({
    slug: 'GITHUB_CREATE_INFERENCE_CHAT_COMPLETIONS',
    name: 'Chat completion (GitHub Models)',
    tags: ['github', 'models', 'ai'],
    description:
      'Ask a GitHub Models chat model: model plus messages [{role: system|user|assistant, content}], with optional temperature, top_p, max_tokens, stop, seed and penalties. Returns the OpenAI-style completion: choices[0].message.content holds the answer, usage the token counts.',
    input: params(
      {
        model: MODEL,
        messages: s.array(
          s.object(
            { role: s.enum(['system', 'developer', 'user', 'assistant'], 'Who speaks.'), content: s.string('Text.') },
            'Message',
            { required: ['role', 'content'] },
          ),
          'The conversation so far, oldest first.',
        ),
        temperature: s.number('Sampling temperature (0-1 for most models).'),
        top_p: s.number('Nucleus sampling.'),
        max_tokens: s.integer('Most tokens to generate.'),
        stop: s.strings('Sequences that end the answer.'),
        seed: s.integer('Seed for repeatable sampling.'),
        frequency_penalty: s.number('Penalty for repeated tokens.'),
        presence_penalty: s.number('Penalty for tokens already present.'),
        org: ORG,
      },
      ['model', 'messages'],
    ),
    run: (ctx, a) =>
      ctx.json({
        method: 'POST',
        url: inference(a.org, 'chat/completions'),
        body: {
          ...pick(a, [
            'model',
            'messages',
            'temperature',
            'top_p',
            'max_tokens',
            'stop',
            'seed',
            'frequency_penalty',
            'presence_penalty',
          ]),
          stream: false,
        },
      }),
  }),
  composite({
    slug: 'GITHUB_CREATE_INFERENCE_EMBEDDINGS',
    name: 'Embeddings (GitHub Models)',
    tags: ['github', 'models', 'ai'],
    description:
      'Turn one text or a list of texts into vectors with a GitHub Models embedding model (e.g. openai/text-embedding-3-small), for similarity search or clustering. Returns data[i].embedding per input, in order, and usage.',
    input: params(
      {
        model: MODEL,
        input: s.strings('Texts to embed.'),
        dimensions: s.integer('Vector length, for models that can shorten it.'),
        encoding_format: s.enum(['float', 'base64'], 'Vector encoding.', { default: 'float' }),
        org: ORG,
      },
      ['model', 'input'],
    ),
    normalize: (a) => (typeof a.input === 'string' ? { ...a, input: [a.input] } : a),
    run: (ctx, a) =>
      ctx.json({
        method: 'POST',
        url: inference(a.org, 'embeddings'),
        body: pick(a, ['model', 'input', 'dimensions', 'encoding_format']),
      }),
  }),
];
