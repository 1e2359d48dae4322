import type { Runtime } from '../../runtime';
import type { ToolDef } from '../../catalog/types';
import { resolveTool } from './catalog';
import { validateArguments } from './validate';
import { log } from '../../log';
import { envValue } from '../../config';

/**
 * Natural language → tool arguments (`POST /tools/execute/{slug}/input`).
 * With JUNCTION_LLM_BASE_URL (+ _API_KEY, _MODEL) set: an OpenAI-compatible chat completion,
 * constrained by the tool's input schema through `response_format: json_schema`.
 * Without: a deterministic extractor that fills what the text states explicitly and names
 * the required fields it could not fill, instead of guessing.
 */
export interface ToolInputRequest {
  toolSlug: string;
  text: string;
  customDescription?: string;
  systemPrompt?: string;
}

export interface ToolInputResult {
  arguments: Record<string, unknown>;
  error?: string;
}

interface Llm {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

function llmConfig(): Llm | undefined {
  const baseUrl = envValue('JUNCTION_LLM_BASE_URL')?.replace(/\/+$/, '');
  if (!baseUrl) return undefined;
  return {
    baseUrl,
    apiKey: envValue('JUNCTION_LLM_API_KEY') || undefined,
    model: envValue('JUNCTION_LLM_MODEL') || 'gpt-4o-mini',
  };
}

export async function generateToolInput(
  rt: Runtime,
  projectId: string,
  req: ToolInputRequest,
): Promise<ToolInputResult> {
  const { tool } = await resolveTool(rt, projectId, req.toolSlug);
  const llm = llmConfig();
  const result = llm ? await viaLlm(llm, tool, req) : extractArguments(tool, req.text);
  return result;
}

// ------------------------------------------------------------------------------------------
// LLM path
// ------------------------------------------------------------------------------------------

/** OpenAI structured output accepts a subset of JSON Schema; keep the shape, drop the rest. */
function llmSchema(s: unknown, depth = 0): Record<string, unknown> {
  if (!s || typeof s !== 'object' || depth > 8) return {};
  const src = s as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of [
    'type',
    'description',
    'enum',
    'format',
    'minimum',
    'maximum',
    'pattern',
    'minItems',
    'maxItems',
    'nullable',
    'required',
  ]) {
    if (src[k] !== undefined) out[k] = src[k];
  }
  if (src.properties && typeof src.properties === 'object') {
    out.properties = Object.fromEntries(
      Object.entries(src.properties as Record<string, unknown>).map(([k, v]) => [k, llmSchema(v, depth + 1)]),
    );
  }
  if (src.items) out.items = llmSchema(src.items, depth + 1);
  for (const k of ['anyOf', 'oneOf'])
    if (Array.isArray(src[k])) out[k] = (src[k] as unknown[]).map((x) => llmSchema(x, depth + 1));
  return out;
}

async function viaLlm(llm: Llm, tool: ToolDef, req: ToolInputRequest): Promise<ToolInputResult> {
  const schema = { ...llmSchema(tool.inputParameters), type: 'object' };
  const system = [
    req.systemPrompt ??
      'You fill in the arguments of an API tool from a user request. Use only values stated or clearly implied by the request; omit optional arguments you do not know. Answer with the JSON arguments only.',
    `Tool: ${tool.slug} — ${tool.name}`,
    `Description: ${req.customDescription ?? tool.description}`,
  ].join('\n');
  let res: Response;
  try {
    res = await fetch(`${llm.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}) },
      body: JSON.stringify({
        model: llm.model,
        temperature: 0,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: req.text },
        ],
        response_format: { type: 'json_schema', json_schema: { name: 'tool_arguments', schema, strict: false } },
      }),
      signal: AbortSignal.timeout(Number(envValue('JUNCTION_LLM_TIMEOUT_MS')) || 30_000),
    });
  } catch (e) {
    log.warn({ err: e }, 'LLM request for tool input failed');
    return { arguments: {}, error: `The language model could not be reached: ${(e as Error).message}` };
  }
  const text = await res.text();
  if (!res.ok) return { arguments: {}, error: `The language model answered HTTP ${res.status}` };
  let args: unknown;
  try {
    const body = JSON.parse(text) as { choices?: { message?: { content?: string; refusal?: string } }[] };
    const msg = body.choices?.[0]?.message;
    if (msg?.refusal) return { arguments: {}, error: `The language model refused: ${msg.refusal}` };
    const content = (msg?.content ?? '').trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
    args = JSON.parse(content);
  } catch {
    return { arguments: {}, error: 'The language model did not answer with JSON arguments' };
  }
  if (!args || typeof args !== 'object' || Array.isArray(args))
    return { arguments: {}, error: 'The language model did not answer with a JSON object' };
  return keepValid(tool, args as Record<string, unknown>);
}

/** Drop fields that break the schema and report them together with missing required fields. */
function keepValid(tool: ToolDef, args: Record<string, unknown>): ToolInputResult {
  const out = { ...args };
  let problems = validateArguments(tool, out);
  const bad = new Set(
    problems.filter((p) => !p.endsWith('is required')).map((p) => p.slice('arguments.'.length).split(/[.:]/)[0]!),
  );
  for (const b of bad) delete out[b];
  if (bad.size) problems = validateArguments(tool, out);
  const missing = problems
    .filter((p) => p.endsWith('is required'))
    .map((p) => p.slice('arguments.'.length).split(':')[0]!);
  const errs: string[] = [];
  if (missing.length)
    errs.push(
      `could not determine the required argument${missing.length > 1 ? 's' : ''} ${missing.join(', ')} from the text`,
    );
  if (bad.size) errs.push(`dropped invalid value${bad.size > 1 ? 's' : ''} for ${[...bad].join(', ')}`);
  const rest = problems.filter((p) => !p.endsWith('is required'));
  if (rest.length && !bad.size) errs.push(rest.join('; '));
  return errs.length ? { arguments: out, error: errs.join('; ') } : { arguments: out };
}

// ------------------------------------------------------------------------------------------
// Deterministic extractor
// ------------------------------------------------------------------------------------------

type Prop = { name: string; schema: Record<string, unknown>; type: string; norm: string; words: string[] };

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const URL_RE = /\bhttps?:\/\/[^\s"'<>]+[^\s"'<>.,;:!?)]/g;
const NUMBER = /(?<![\w.#/-])-?\d+(?:\.\d+)?(?![\w/-])/g;
const QUOTED = /"([^"]+)"|“([^”]+)”|'([^']{2,})'/g;
/** `key: value`, `key = value`, `key is value` (value: quoted, or up to a separator) */
const PAIR =
  /([A-Za-z][\w.-]*(?:[ ][A-Za-z][\w-]*){0,2})\s*(?::|=|\bis\b|\bof\b|\bnamed\b|\bcalled\b|\bto\b|\bas\b)\s*("([^"]*)"|“([^”]*)”|'([^']*)'|[^\s;]+)/gi;

function propType(s: Record<string, unknown>): string {
  const t = s.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return (t.find((x) => x !== 'null') as string) ?? 'string';
  return 'string';
}

function coerce(p: Prop, raw: string): unknown {
  const v = raw.trim();
  if (!v) return undefined;
  const en = p.schema.enum;
  if (Array.isArray(en)) {
    const hit = en.find((e) => String(e).toLowerCase() === v.toLowerCase());
    return hit === undefined ? undefined : hit;
  }
  switch (p.type) {
    case 'integer':
      return /^-?\d+$/.test(v) ? Number(v) : undefined;
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : undefined;
    case 'boolean':
      return /^(true|yes|on|1)$/i.test(v) ? true : /^(false|no|off|0)$/i.test(v) ? false : undefined;
    case 'array': {
      const itemType = propType((p.schema.items as Record<string, unknown>) ?? {});
      const parts = v.split(/\s*,\s*/).filter(Boolean);
      const items = parts.map((x) =>
        coerce({ ...p, type: itemType, schema: (p.schema.items as Record<string, unknown>) ?? {} }, x),
      );
      return items.every((x) => x !== undefined) ? items : undefined;
    }
    case 'object': {
      try {
        const o = JSON.parse(v) as unknown;
        return o && typeof o === 'object' ? o : undefined;
      } catch {
        return undefined;
      }
    }
    default:
      return v;
  }
}

function matchProp(props: Prop[], key: string): Prop | undefined {
  const k = norm(key);
  if (!k) return undefined;
  return (
    props.find((p) => p.norm === k) ??
    props.find((p) => p.norm === k.replace(/s$/, '') || `${p.norm}s` === k) ??
    props.find(
      (p) => k.length >= 4 && (p.norm.endsWith(k) || k.endsWith(p.norm)) && Math.min(k.length, p.norm.length) >= 4,
    )
  );
}

export function extractArguments(tool: ToolDef, text: string): ToolInputResult {
  const schemaProps = (tool.inputParameters.properties ?? {}) as Record<string, Record<string, unknown>>;
  const props: Prop[] = Object.entries(schemaProps).map(([name, schema]) => ({
    name,
    schema,
    type: propType(schema ?? {}),
    norm: norm(name),
    words: String(schema?.description ?? '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 3),
  }));
  const required = new Set(tool.inputParameters.required ?? []);
  const args: Record<string, unknown> = {};
  const usedSpans: [number, number][] = [];
  const set = (p: Prop | undefined, raw: string, span?: [number, number]) => {
    if (!p || args[p.name] !== undefined) return false;
    const v = coerce(p, raw);
    if (v === undefined) return false;
    args[p.name] = v;
    if (span) usedSpans.push(span);
    return true;
  };
  const free = (i: number, j: number) => !usedSpans.some(([a, b]) => i < b && j > a);

  // 1. explicit key/value pairs: the key names a property
  for (const m of text.matchAll(PAIR)) {
    const words = m[1]!.split(' ');
    // try the longest key suffix first: "the issue title: x" → "issue title", "title"
    let p: Prop | undefined;
    for (let i = 0; i < words.length && !p; i++) p = matchProp(props, words.slice(i).join('_'));
    const quoted = m[3] ?? m[4] ?? m[5];
    // unquoted values end at a comma, except lists ("labels: a,b")
    const value =
      quoted ?? (p?.type === 'array' ? m[2]!.replace(/[,.]$/, '') : m[2]!.split(',')[0]!.replace(/[.]$/, ''));
    set(p, value, [m.index!, m.index! + m[0].length]);
  }

  // 2. owner/repo style "a/b" for a pair of properties named like owner+repo
  const owner = props.find((p) => /^(owner|org|organization|workspace|namespace)$/.test(p.name));
  const repo = props.find((p) => /^(repo|repository|repo_slug|project)$/.test(p.name));
  if (owner && repo && args[owner.name] === undefined && args[repo.name] === undefined) {
    const m = /(?<![\w/:.])([A-Za-z0-9][\w.-]*)\/([A-Za-z0-9][\w.-]*)(?![\w/])/.exec(text.replace(URL_RE, ' '));
    if (m) {
      set(owner, m[1]!);
      set(repo, m[2]!);
    }
  }

  // 3. typed values: e-mails, URLs, numbers, quoted strings → the single fitting unfilled property
  const unfilled = () => props.filter((p) => args[p.name] === undefined);
  const fillTyped = (re: RegExp, fits: (p: Prop) => boolean) => {
    for (const m of text.matchAll(re)) {
      if (!free(m.index!, m.index! + m[0].length)) continue;
      const cands = unfilled().filter(fits);
      const pick =
        cands.length === 1
          ? cands[0]
          : cands.find((p) => required.has(p.name)) && cands.filter((p) => required.has(p.name)).length === 1
            ? cands.find((p) => required.has(p.name))
            : undefined;
      if (pick) set(pick, m[0], [m.index!, m.index! + m[0].length]);
    }
  };
  fillTyped(EMAIL, (p) => p.type === 'string' && (p.schema.format === 'email' || /e?mail/i.test(p.name)));
  fillTyped(
    URL_RE,
    (p) =>
      p.type === 'string' &&
      (p.schema.format === 'uri' || p.schema.format === 'url' || /url|link|href|website/i.test(p.name)),
  );
  fillTyped(NUMBER, (p) => p.type === 'integer' || p.type === 'number');

  // quoted strings: in order, to unfilled required string properties (then optional ones that the text names)
  for (const m of text.matchAll(QUOTED)) {
    if (!free(m.index!, m.index! + m[0].length)) continue;
    const value = m[1] ?? m[2] ?? m[3]!;
    const before = text.slice(Math.max(0, m.index! - 40), m.index!).toLowerCase();
    const named = unfilled().find(
      (p) =>
        p.type === 'string' &&
        (before.includes(p.name.toLowerCase().replace(/_/g, ' ')) || p.words.some((w) => before.endsWith(`${w} `))),
    );
    const target = named ?? unfilled().find((p) => p.type === 'string' && required.has(p.name) && !p.schema.enum);
    set(target, value, [m.index!, m.index! + m[0].length]);
  }

  return keepValid(tool, args);
}
