/**
 * Perplexity beyond Sonar chat: the Agent API (`POST /v1/agent`, a bounded multi-step loop with
 * built-in web search and URL fetching, on a preset or on Perplexity-hosted third-party models)
 * and contextualized embeddings (`POST /v1/contextualizedembeddings`, chunks embedded with the
 * context of their document). Arguments carry Perplexity's own (snake_case) names.
 */
import { at, http, mapping, params, s } from './define';
import { type CuratedTool, ToolArgumentError } from './types';

const same = (...names: string[]) => Object.fromEntries(names.map((n) => [n, at.body(n)]));

export const perplexityAgentTools: CuratedTool[] = [
  mapping({
    slug: 'PERPLEXITYAI_EXECUTE_AGENT',
    name: 'Run a research agent (Perplexity)',
    tags: ['perplexityai', 'search', 'agents'],
    description:
      "Hand a question or task to Perplexity's agent, which searches the web and reads pages over several steps before answering with cited sources. " +
      'Choose the engine with preset (fast-search for quick facts, pro-search for most questions, deep-research for long exhaustive reports that take minutes and cost more), ' +
      'or with model (provider/model, e.g. openai/gpt-5.2; see PERPLEXITYAI_LIST_MODELS) or models (a fallback chain); with none of them, pro-search is used. ' +
      "Put the question in input and standing rules (role, format, language) in instructions; note that instructions replace a preset's own system prompt. " +
      'The answer comes back in output: the message item holds the text and its url annotations, search_results items list what was read; usage.cost gives the price. ' +
      "Continue a conversation by passing the previous answer's id as previous_response_id.",
    input: params(
      {
        input: s.string('The question or task, as specific as possible (it also seeds the first search)'),
        preset: s.string('Pre-tuned setup: fast-search, pro-search (used when no model is given) or deep-research'),
        model: s.string('One model in provider/model form, e.g. openai/gpt-5.2, instead of a preset'),
        models: s.strings('Up to 5 models in provider/model form, tried in order until one succeeds'),
        instructions: s.string('System rules for every step: role, tone, format, language, what to cite'),
        max_steps: s.integer('Most research steps (1–100); overrides the preset', { minimum: 1, maximum: 100 }),
        max_output_tokens: s.integer('Longest answer in tokens'),
        reasoning: s.object(
          { effort: s.enum(['minimal', 'low', 'medium', 'high', 'xhigh'], 'How hard the model thinks') },
          'Reasoning effort, for models that reason',
        ),
        tools: s.array(
          s.object(
            {
              type: s.string('web_search, fetch_url, people_search, finance_search, sandbox or function'),
            },
            'A tool and its options, e.g. {"type":"web_search","filters":{"search_domain_filter":["nih.gov"]}}',
            { additionalProperties: true },
          ),
          'Tools the agent may use; each listed type overrides only that tool of the preset',
        ),
        language_preference: s.string('Answer in this language (ISO 639-1 code, e.g. de)'),
        previous_response_id: s.string('id of an earlier completed answer to continue from'),
        response_format: s.object({ type: s.string('json_schema') }, 'Structured output instead of prose', {
          additionalProperties: true,
        }),
      },
      ['input'],
    ),
    // the agent endpoint needs an engine: pro-search when none is named; stream is never sent,
    // so the answer is one JSON document
    prepare: (a) => {
      const models = a.models as unknown[] | undefined;
      if (models !== undefined && !models.length) throw new ToolArgumentError('models needs at least one model');
      return a.preset || a.model || models ? a : { ...a, preset: 'pro-search' };
    },
    http: http(
      'POST',
      '/v1/agent',
      same(
        'input',
        'preset',
        'model',
        'models',
        'instructions',
        'max_steps',
        'max_output_tokens',
        'reasoning',
        'tools',
        'language_preference',
        'previous_response_id',
        'response_format',
      ),
    ),
  }),
  mapping({
    slug: 'PERPLEXITYAI_CREATE_CONTEXTUALIZED_EMBEDDINGS',
    name: 'Document-aware embeddings (Perplexity)',
    tags: ['perplexityai', 'embeddings'],
    description:
      'Embed the chunks of whole documents so each vector also reflects the document it came from, which retrieves better than embedding chunks alone. ' +
      'Give input as a list of documents, each a list of its chunks in their original order (at most 512 documents and 16,000 chunks, no empty strings), ' +
      'and model pplx-embed-context-v1-0.6b (1024 dimensions) or pplx-embed-context-v1-4b (2560). ' +
      'Returns data: one entry per document with its chunk embeddings (base64 int8 by default; compare them by cosine similarity), plus usage. ' +
      'For single texts such as search queries use PERPLEXITYAI_CREATE_EMBEDDINGS.',
    input: params(
      {
        input: s.array(
          s.strings('The chunks of one document, in order'),
          'Documents, each a list of its chunks, e.g. [["intro…", "methods…"], ["other doc…"]]',
        ),
        model: s.enum(['pplx-embed-context-v1-0.6b', 'pplx-embed-context-v1-4b'], 'Contextualized embedding model'),
        dimensions: s.integer('Shorter vectors (128 up to the model size)', { minimum: 128, maximum: 2560 }),
        encoding_format: s.enum(
          ['base64_int8', 'base64_binary'],
          'base64_int8 (signed bytes) or base64_binary (one bit per dimension, compare by Hamming distance)',
        ),
      },
      ['input', 'model'],
    ),
    http: http('POST', '/v1/contextualizedembeddings', same('input', 'model', 'dimensions', 'encoding_format')),
  }),
];
