/**
 * Optional vector half of tool search. With an OpenAI-compatible embeddings endpoint configured
 * (JUNCTION_EMBEDDINGS_BASE_URL, JUNCTION_EMBEDDINGS_API_KEY, JUNCTION_EMBEDDINGS_MODEL), every
 * catalog tool is embedded once (cached on disk in the data dir) and a request's ranking is the
 * reciprocal-rank fusion of the lexical (BM25) and cosine rankings. Until the vectors are ready,
 * or when the endpoint fails, search is lexical only.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { log } from '../../log';
import type { SearchHit, SearchOptions, ToolSearchIndex } from './index';
import { checkedEnv, envValue } from '../../config';

export interface EmbeddingsConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

export function embeddingsConfig(env: NodeJS.ProcessEnv = checkedEnv()): EmbeddingsConfig | undefined {
  const baseUrl = env.JUNCTION_EMBEDDINGS_BASE_URL?.replace(/\/+$/, '');
  if (!baseUrl) return undefined;
  return {
    baseUrl,
    apiKey: env.JUNCTION_EMBEDDINGS_API_KEY || undefined,
    model: env.JUNCTION_EMBEDDINGS_MODEL || 'text-embedding-3-small',
  };
}

export async function embed(cfg: EmbeddingsConfig, inputs: string[], timeoutMs = 30_000): Promise<Float32Array[]> {
  const res = await fetch(`${cfg.baseUrl}/embeddings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
    body: JSON.stringify({ model: cfg.model, input: inputs }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`embeddings endpoint answered ${res.status}`);
  const body = (await res.json()) as { data?: { index?: number; embedding: number[] }[] };
  if (!Array.isArray(body.data) || body.data.length !== inputs.length)
    throw new Error('embeddings endpoint returned an unexpected body');
  const out = new Array<Float32Array>(inputs.length);
  body.data.forEach((d, i) => {
    out[d.index ?? i] = normalise(Float32Array.from(d.embedding));
  });
  return out;
}

function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= n;
  return v;
}

interface Vectors {
  dim: number;
  data: Float32Array; // tools.length × dim, row i = index.tools[i]
}

interface State {
  key: string;
  vectors?: Vectors;
  building?: Promise<void>;
  failedAt?: number;
  queryCache: Map<string, Float32Array>;
}

declare global {
  var __junctionEmbeddings: State | undefined;
}

function toolText(t: { name: string; description: string; toolkit: string }): string {
  return `${t.toolkit}: ${t.name}. ${t.description}`.slice(0, 1000);
}

function cacheFile(key: string): string {
  const dir = path.join(envValue('JUNCTION_DATA_DIR') || '.data', 'search');
  return path.join(dir, `embeddings-${key}.bin`);
}

async function build(cfg: EmbeddingsConfig, index: ToolSearchIndex, st: State): Promise<void> {
  const file = cacheFile(st.key);
  if (fs.existsSync(file)) {
    const buf = fs.readFileSync(file);
    const dim = buf.readUInt32LE(0);
    st.vectors = { dim, data: new Float32Array(buf.buffer.slice(buf.byteOffset + 4, buf.byteOffset + buf.length)) };
    return;
  }
  const t0 = Date.now();
  const batch = 256;
  let dim = 0;
  let data: Float32Array | undefined;
  for (let i = 0; i < index.tools.length; i += batch) {
    const vecs = await embed(cfg, index.tools.slice(i, i + batch).map(toolText), 120_000);
    if (!data) {
      dim = vecs[0]!.length;
      data = new Float32Array(index.tools.length * dim);
    }
    vecs.forEach((v, k) => data!.set(v, (i + k) * dim));
  }
  st.vectors = { dim, data: data ?? new Float32Array(0) };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const header = Buffer.alloc(4);
  header.writeUInt32LE(dim, 0);
  fs.writeFileSync(file, Buffer.concat([header, Buffer.from(st.vectors.data.buffer)]));
  log.info({ tools: index.tools.length, dim, ms: Date.now() - t0 }, 'tool embeddings built');
}

function state(cfg: EmbeddingsConfig, index: ToolSearchIndex): State {
  const key = createHash('sha256')
    .update(`${cfg.baseUrl}|${cfg.model}|${index.tools.length}|${index.tools.map((t) => t.slug).join(',')}`)
    .digest('hex')
    .slice(0, 16);
  if (globalThis.__junctionEmbeddings?.key !== key) globalThis.__junctionEmbeddings = { key, queryCache: new Map() };
  const st = globalThis.__junctionEmbeddings;
  if (!st.vectors && !st.building && (!st.failedAt || Date.now() - st.failedAt > 60_000)) {
    st.building = build(cfg, index, st)
      .catch((err) => {
        st.failedAt = Date.now();
        log.warn({ err: String(err) }, 'tool embeddings could not be built; search stays lexical');
      })
      .finally(() => {
        st.building = undefined;
      });
  }
  return st;
}

/** Wait for the vectors (tests, benchmarks). */
export async function embeddingsReady(index: ToolSearchIndex, cfg = embeddingsConfig()): Promise<boolean> {
  if (!cfg) return false;
  const st = state(cfg, index);
  await st.building;
  return !!st.vectors;
}

const RRF_K = 60;

/** Lexical search, fused with vector search when embeddings are configured and ready. */
export async function hybridSearch(
  index: ToolSearchIndex,
  query: string,
  opts: SearchOptions = {},
  cfg = embeddingsConfig(),
): Promise<SearchHit[]> {
  const limit = opts.limit ?? 10;
  if (!cfg) return index.search(query, opts);
  const st = state(cfg, index);
  if (!st.vectors || st.vectors.dim === 0) return index.search(query, opts);
  const lexical = index.search(query, { ...opts, limit: 50 });
  let qv = st.queryCache.get(query);
  if (!qv) {
    try {
      [qv] = await embed(cfg, [query], 3000);
      if (st.queryCache.size > 1000) st.queryCache.clear();
      st.queryCache.set(query, qv!);
    } catch (err) {
      log.warn({ err: String(err) }, 'query embedding failed; lexical ranking only');
      return lexical.slice(0, limit);
    }
  }
  const { dim, data } = st.vectors;
  const restrict = opts.toolkits?.length ? new Set(opts.toolkits.map((t) => t.toLowerCase())) : undefined;
  const mentioned = index.mentionedToolkits(query);
  const only = mentioned.length ? new Set(mentioned) : undefined;
  const scored: { i: number; s: number }[] = [];
  for (let i = 0; i < index.tools.length; i++) {
    const t = index.tools[i]!;
    if (restrict && !restrict.has(t.toolkit)) continue;
    if (only && !only.has(t.toolkit)) continue;
    if (opts.allow && !opts.allow(t)) continue;
    let s = 0;
    const off = i * dim;
    for (let k = 0; k < dim; k++) s += data[off + k]! * qv![k]!;
    if (opts.connectedToolkits?.has(t.toolkit)) s += 0.05;
    scored.push({ i, s });
  }
  scored.sort((a, b) => b.s - a.s);
  const fused = new Map<string, { hit: SearchHit; score: number }>();
  lexical.forEach((h, r) => fused.set(h.slug, { hit: h, score: 1 / (RRF_K + r + 1) }));
  scored.slice(0, 50).forEach(({ i }, r) => {
    const t = index.tools[i]!;
    const cur = fused.get(t.slug);
    if (cur) cur.score += 1 / (RRF_K + r + 1);
    else fused.set(t.slug, { hit: { slug: t.slug, toolkit: t.toolkit, score: 0 }, score: 1 / (RRF_K + r + 1) });
  });
  return [...fused.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((f) => ({ ...f.hit, score: f.score }));
}
