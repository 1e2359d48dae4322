/**
 * OpenAI in the hosted vocabulary on the REST API (api.openai.com/v1): Responses, Chat
 * Completions, embeddings, images, speech, moderation, files, and the Assistants objects
 * (threads, messages, runs, vector stores, batches). The generated catalog predates most of
 * these endpoints. Arguments are OpenAI's own snake_case names, the hosted names too. Where the
 * API takes a string or a list (`input`), the schema says list and a plain string is wrapped.
 * Streaming is not offered: a tool call returns the whole answer.
 */
import { at, s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import type { CuratedTool, MappingTool } from './types';

const same = (k: string) => k;
const oa = (def: RestDef): CuratedTool => restMapping({ ...def, tags: def.tags ?? ['openai'] }, same, 'openai');

/** The Assistants endpoints want `OpenAI-Beta: assistants=v2`; sent from a defaulted argument. */
function beta(t: CuratedTool): CuratedTool {
  const m = t as MappingTool;
  m.input = {
    ...m.input,
    properties: {
      ...m.input.properties,
      openai_beta: s.string('Value of the OpenAI-Beta header', { default: 'assistants=v2' }),
    },
  };
  m.http.params.openai_beta = at.header('OpenAI-Beta');
  m.defaults = { ...m.defaults, openai_beta: 'assistants=v2' };
  return m;
}

const asList = (key: string) => (a: Record<string, unknown>) =>
  typeof a[key] === 'string' ? { ...a, [key]: [a[key]] } : a;

/** The text of a Responses API answer, as the SDKs' output_text convenience gives it. */
function withOutputText(body: unknown): Record<string, unknown> {
  const r = (body ?? {}) as { output?: { type?: string; content?: { type?: string; text?: string }[] }[] };
  const texts: string[] = [];
  for (const item of r.output ?? [])
    if (item.type === 'message')
      for (const c of item.content ?? [])
        if (c.type === 'output_text' && typeof c.text === 'string') texts.push(c.text);
  return { ...(body as Record<string, unknown>), output_text: texts.join('') };
}

const MODEL = (example: string) => s.string(`Model id, e.g. ${example} (OPENAI_LIST_MODELS lists yours)`);
const MESSAGE = s.object(
  {
    role: s.enum(['system', 'developer', 'user', 'assistant', 'tool'], 'Who speaks'),
    content: s.string('The text'),
  },
  'A chat message',
);
const PART = s.object(
  {
    type: s.enum(['input_text', 'input_image', 'input_file', 'output_text'], 'Part kind'),
    text: s.string('Text (input_text, output_text)'),
    image_url: s.string('Image URL or data: URL (input_image)'),
    file_id: s.string('Uploaded file id (input_image, input_file)'),
  },
  'A content part',
);
const INPUT_ITEM = s.object(
  {
    role: s.enum(['system', 'developer', 'user', 'assistant'], 'Who speaks'),
    content: s.array(PART, 'Parts of the message (a plain string is accepted)'),
  },
  'A message of the prompt',
);
/** Responses input: a string, or messages whose content is a string or parts; kept as parts. */
function responseInput(a: Record<string, unknown>): Record<string, unknown> {
  const items = typeof a.input === 'string' ? [{ role: 'user', content: a.input }] : a.input;
  if (!Array.isArray(items)) return a;
  const input = items.map((m: Record<string, unknown>) =>
    typeof m?.content === 'string'
      ? { ...m, content: [{ type: m.role === 'assistant' ? 'output_text' : 'input_text', text: m.content }] }
      : m,
  );
  return { ...a, input };
}
const LIST = {
  limit: s.integer('Items per page (1-100)', { default: 20 }),
  order: s.enum(['asc', 'desc'], 'By created_at', { default: 'desc' }),
  after: s.string('Cursor: the last id of the previous page'),
};

export const openaiTools: CuratedTool[] = [
  oa({
    slug: 'OPENAI_CREATE_RESPONSE',
    name: 'Generate a response',
    important: true,
    method: 'POST',
    path: '/responses',
    input: {
      model: MODEL('gpt-4o'),
      input: s.array(
        INPUT_ITEM,
        'The prompt: a string, or messages whose content is text or input_text/input_image parts',
      ),
      instructions: s.string('System instructions for this response'),
      temperature: s.number('0-2; not for reasoning models'),
      top_p: s.number('Nucleus sampling; not for reasoning models'),
      max_output_tokens: s.integer('Upper bound on generated tokens'),
      reasoning: s.object(
        { effort: s.enum(['minimal', 'low', 'medium', 'high'], 'Reasoning effort') },
        'Reasoning models only',
      ),
      text: s.object(
        {
          format: s.object(
            {
              type: s.enum(['text', 'json_object', 'json_schema'], 'Output format'),
              name: s.string('Schema name'),
              schema: s.object({}, 'JSON Schema of the answer'),
              strict: s.boolean('Follow the schema exactly'),
            },
            'Structured output',
          ),
        },
        'Output format options',
      ),
      tools: s.array(
        s.object({ type: s.string('web_search, file_search, function, …') }, 'Tool'),
        'Tools the model may call',
      ),
      tool_choice: s.string('auto, none or required'),
      previous_response_id: s.string('Continue the conversation of this response'),
      store: s.boolean('Keep the response for later retrieval', { default: true }),
      stream: s.boolean('Accepted for compatibility; a tool call always returns the whole answer'),
      metadata: s.object({}, 'Up to 16 string key-value pairs'),
    },
    required: ['model', 'input'],
    normalize: responseInput,
    // a tool answer is one JSON document, never an event stream
    prepare: (a) => ({ ...a, stream: undefined }),
    shape: (body) => withOutputText(body),
    description:
      'One model answer through the Responses API: plain text, image understanding (input_image parts), or JSON that follows a schema (text.format json_schema). Returns the response with id, output[] and output_text (all text joined). Continue a conversation with previous_response_id.',
  }),
  oa({
    slug: 'OPENAI_GET_RESPONSE',
    name: 'Get response',
    method: 'GET',
    path: '/responses/{response_id}',
    input: { response_id: s.string('Response id, resp_…') },
    shape: (body) => withOutputText(body),
    description: 'A stored response by id (status, output, usage), for example a background one that has finished.',
  }),
  oa({
    slug: 'OPENAI_CREATE_CHAT_COMPLETION',
    name: 'Chat completion',
    important: true,
    method: 'POST',
    path: '/chat/completions',
    input: {
      model: MODEL('gpt-4o-mini'),
      messages: s.array(MESSAGE, 'The conversation so far, oldest first'),
      temperature: s.number('0-2'),
      top_p: s.number('Nucleus sampling'),
      max_completion_tokens: s.integer('Upper bound on generated tokens'),
      n: s.integer('How many alternatives', { default: 1 }),
      stop: s.strings('Stop sequences'),
      response_format: s.object(
        {
          type: s.enum(['text', 'json_object', 'json_schema'], 'Format'),
          json_schema: s.object({}, 'Schema and name for json_schema'),
        },
        'Force JSON output',
      ),
      tools: s.array(
        s.object(
          { type: s.string('function'), function: s.object({ name: s.string('Name') }, 'Function definition') },
          'Tool',
        ),
        'Functions the model may call',
      ),
      tool_choice: s.string('auto, none or required'),
      seed: s.integer('Best-effort determinism'),
      user: s.string('End-user id for abuse monitoring'),
    },
    required: ['model', 'messages'],
    description:
      'Generate the next assistant message for a conversation. Returns choices[0].message (content, or tool_calls to run and answer with role "tool"), finish_reason and usage.',
  }),
  oa({
    slug: 'OPENAI_CREATE_EMBEDDINGS',
    name: 'Create embeddings',
    important: true,
    method: 'POST',
    path: '/embeddings',
    input: {
      input: s.strings('Texts to embed (a single string is accepted); at most 2048, each under 8192 tokens'),
      model: MODEL('text-embedding-3-small'),
      dimensions: s.integer('Shorter vectors (text-embedding-3 models)'),
      encoding_format: s.enum(['float', 'base64'], 'Vector encoding', { default: 'float' }),
      user: s.string('End-user id for abuse monitoring'),
    },
    required: ['input', 'model'],
    normalize: asList('input'),
    description:
      'Embedding vectors for texts, for search, clustering or RAG: data[i].embedding in input order, and usage.',
  }),
  oa({
    slug: 'OPENAI_CREATE_IMAGE',
    name: 'Generate image',
    important: true,
    method: 'POST',
    path: '/images/generations',
    input: {
      prompt: s.string('What to draw'),
      model: MODEL('gpt-image-1'),
      size: s.string('e.g. 1024x1024, 1536x1024, 1024x1536 or auto'),
      quality: s.string('low, medium, high or auto (gpt-image); standard or hd (dall-e-3)'),
      n: s.integer('How many images (dall-e-3: 1)', { default: 1 }),
      background: s.enum(['transparent', 'opaque', 'auto'], 'Background (gpt-image models)'),
      style: s.enum(['vivid', 'natural'], 'Style (dall-e-3)'),
      response_format: s.enum(['url', 'b64_json'], 'dall-e models: a temporary URL or base64'),
      user: s.string('End-user id for abuse monitoring'),
    },
    required: ['prompt'],
    description:
      'Create images from a text prompt. Returns data[] with b64_json (gpt-image models) or url (dall-e, valid about an hour), and usage.',
  }),
  oa({
    slug: 'OPENAI_CREATE_SPEECH',
    name: 'Text to speech',
    method: 'POST',
    path: '/audio/speech',
    input: {
      input: s.string('Text to read (at most 4096 characters)'),
      model: MODEL('gpt-4o-mini-tts'),
      voice: s.string('Voice, e.g. alloy, ash, coral, echo, nova, shimmer'),
      response_format: s.enum(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'], 'Audio format', { default: 'mp3' }),
      speed: s.number('0.25-4.0', { default: 1 }),
      instructions: s.string('How to speak (gpt-4o-mini-tts)'),
    },
    required: ['input', 'model', 'voice'],
    description: 'Read text aloud. Returns the audio as a file (data.file with s3url) to download or attach.',
  }),
  oa({
    slug: 'OPENAI_CREATE_MODERATION',
    name: 'Moderate content',
    method: 'POST',
    path: '/moderations',
    input: {
      input: s.strings('Texts to check (a single string is accepted)'),
      model: s.string('Moderation model', { default: 'omni-moderation-latest' }),
    },
    required: ['input'],
    normalize: asList('input'),
    description: 'Check texts for harmful content. Returns results[i] with flagged, categories and category_scores.',
  }),
  oa({
    slug: 'OPENAI_LIST_FILES',
    name: 'List files',
    method: 'GET',
    path: '/files',
    input: { purpose: s.string('Only files with this purpose, e.g. assistants, batch, fine-tune'), ...LIST },
    required: [],
    description: 'Uploaded files: id, filename, bytes, purpose, created_at. Page with after while has_more is true.',
  }),
  oa({
    slug: 'OPENAI_RETRIEVE_FILE',
    name: 'Get file',
    method: 'GET',
    path: '/files/{file_id}',
    input: { file_id: s.string('File id, file-…') },
    description: 'Metadata of one uploaded file.',
  }),
  oa({
    slug: 'OPENAI_DELETE_FILE',
    name: 'Delete file',
    method: 'DELETE',
    path: '/files/{file_id}',
    input: { file_id: s.string('File id, file-…') },
    description: 'Delete an uploaded file (deleted: true).',
  }),
  beta(
    oa({
      slug: 'OPENAI_LIST_ASSISTANTS',
      name: 'List assistants',
      method: 'GET',
      path: '/assistants',
      input: LIST,
      required: [],
      description: 'Assistants of the project: id, name, model, instructions, tools. Find an assistant_id here.',
    }),
  ),
  beta(
    oa({
      slug: 'OPENAI_CREATE_THREAD',
      name: 'Create thread',
      method: 'POST',
      path: '/threads',
      input: { messages: s.array(MESSAGE, 'Starting messages'), metadata: s.object({}, 'String key-value pairs') },
      required: [],
      description:
        'Start an Assistants conversation. Returns the thread id for OPENAI_CREATE_MESSAGE and OPENAI_CREATE_RUN.',
    }),
  ),
  beta(
    oa({
      slug: 'OPENAI_CREATE_MESSAGE',
      name: 'Add message to thread',
      method: 'POST',
      path: '/threads/{thread_id}/messages',
      input: {
        thread_id: s.string('Thread id, thread_…'),
        role: s.enum(['user', 'assistant'], 'Author', { default: 'user' }),
        content: s.string('Message text'),
        metadata: s.object({}, 'String key-value pairs'),
      },
      required: ['thread_id', 'content'],
      defaults: { role: 'user' },
      description:
        'Append a message to a thread. It does not make the assistant answer: start OPENAI_CREATE_RUN for that.',
    }),
  ),
  beta(
    oa({
      slug: 'OPENAI_CREATE_RUN',
      name: 'Run assistant on thread',
      method: 'POST',
      path: '/threads/{thread_id}/runs',
      input: {
        thread_id: s.string('Thread id'),
        assistant_id: s.string('Assistant id, asst_…'),
        instructions: s.string('Replace the assistant instructions for this run'),
        additional_instructions: s.string('Add to the assistant instructions for this run'),
        model: s.string('Use another model for this run'),
      },
      required: ['thread_id', 'assistant_id'],
      description:
        'Make an assistant answer a thread. Returns the run (status queued); poll OPENAI_RETRIEVE_RUN until completed, then read OPENAI_LIST_MESSAGES.',
    }),
  ),
  beta(
    oa({
      slug: 'OPENAI_RETRIEVE_RUN',
      name: 'Get run',
      method: 'GET',
      path: '/threads/{thread_id}/runs/{run_id}',
      input: { thread_id: s.string('Thread id'), run_id: s.string('Run id, run_…') },
      description:
        'Status of a run: queued, in_progress, requires_action (answer with OPENAI_SUBMIT_TOOL_OUTPUTS_TO_RUN), completed, failed, cancelled or expired, with last_error and usage.',
    }),
  ),
  beta(
    oa({
      slug: 'OPENAI_LIST_MESSAGES',
      name: 'List thread messages',
      method: 'GET',
      path: '/threads/{thread_id}/messages',
      input: { thread_id: s.string('Thread id'), run_id: s.string('Only messages of this run'), ...LIST },
      description:
        "Messages of a thread, newest first: role and content[].text.value. Read the assistant's answer here after a run completes.",
    }),
  ),
  beta(
    oa({
      slug: 'OPENAI_LIST_VECTOR_STORES',
      name: 'List vector stores',
      method: 'GET',
      path: '/vector_stores',
      input: LIST,
      required: [],
      description: 'Vector stores for file_search: id, name, file_counts, status.',
    }),
  ),
  beta(
    oa({
      slug: 'OPENAI_CREATE_VECTOR_STORE',
      name: 'Create vector store',
      method: 'POST',
      path: '/vector_stores',
      input: {
        name: s.string('Name'),
        file_ids: s.strings('Uploaded file ids to index'),
        metadata: s.object({}, 'String key-value pairs'),
      },
      required: [],
      description:
        'Create a vector store (optionally indexing uploaded files) for the file_search tool. Returns its id and file_counts.',
    }),
  ),
  oa({
    slug: 'OPENAI_CREATE_BATCH',
    name: 'Create batch',
    method: 'POST',
    path: '/batches',
    input: {
      input_file_id: s.string('Uploaded JSONL file of requests (purpose batch)'),
      endpoint: s.enum(
        ['/v1/responses', '/v1/chat/completions', '/v1/embeddings', '/v1/completions'],
        'Endpoint every line calls',
      ),
      completion_window: s.enum(['24h'], 'Time allowed', { default: '24h' }),
      metadata: s.object({}, 'String key-value pairs'),
    },
    required: ['input_file_id', 'endpoint'],
    defaults: { completion_window: '24h' },
    description:
      'Run a file of requests asynchronously at lower cost. Returns the batch; poll OPENAI_RETRIEVE_BATCH for output_file_id.',
  }),
  oa({
    slug: 'OPENAI_RETRIEVE_BATCH',
    name: 'Get batch',
    method: 'GET',
    path: '/batches/{batch_id}',
    input: { batch_id: s.string('Batch id, batch_…') },
    description: 'Status and request_counts of a batch; output_file_id and error_file_id once it completes.',
  }),
];
