import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ToolSearchIndex } from '../../lib/services/search/index';
import { embeddingsReady, hybridSearch, type EmbeddingsConfig } from '../../lib/services/search/embeddings';
import { words } from '../../lib/services/search/text';
import { getTool, listToolkits, loadAllTools } from '../../lib/catalog/registry';
import { evaluate, loadLabelledSet } from '../../bench/tool-search';

let index: ToolSearchIndex;

// Loading and indexing the whole catalog takes seconds, more on a loaded machine.
beforeAll(() => {
  index = new ToolSearchIndex(loadAllTools(), listToolkits());
}, 180_000);

describe('labelled set', () => {
  it('has at least 100 realistic requests whose tools exist in the catalog', () => {
    const items = loadLabelledSet();
    expect(items.length).toBeGreaterThanOrEqual(100);
    const toolkits = new Set<string>();
    for (const item of items) {
      expect(item.query.length).toBeGreaterThan(8);
      expect(item.relevant.length).toBeGreaterThan(0);
      for (const slug of item.relevant) {
        const t = getTool(slug);
        expect(t, `${slug} (for "${item.query}") is not in the catalog`).toBeDefined();
        toolkits.add(t!.toolkit);
      }
    }
    expect(toolkits.size).toBeGreaterThanOrEqual(25);
  });
});

describe('ranking quality over the full catalog', () => {
  // The targets, not the tuned figures (which move a little with every tool added): recall@5
  // ≥ 0.9 overall, on the hosted-phrasing part and on the newest held-out part ('holdout-2', written
  // and measured before any tuning against it). The first held-out part has been inspected since and
  // is held at 0.8. bench/tool-search.ts prints the current figures.
  it('meets the recall targets on the labelled set', { timeout: 60_000 }, () => {
    const items = loadLabelledSet();
    const r = evaluate(index, items);
    expect(r.recallAt5).toBeGreaterThanOrEqual(0.9);
    expect(r.mrr).toBeGreaterThanOrEqual(0.75);
    expect(r.recallAt10).toBeGreaterThanOrEqual(0.95);
    const hosted = items.filter((i) => i.phrasing === 'hosted');
    expect(hosted.length).toBeGreaterThanOrEqual(50);
    expect(evaluate(index, hosted).recallAt5).toBeGreaterThanOrEqual(0.9);
    const held2 = items.filter((i) => i.part === 'holdout-2');
    expect(held2.length).toBeGreaterThanOrEqual(25);
    expect(evaluate(index, held2).recallAt5).toBeGreaterThanOrEqual(0.9);
    // the toolkits added from mapping files (the catalog grew from 9,499 to 14,500+ tools): 50 requests
    // written and measured before any tuning against them
    const held3 = items.filter((i) => i.part === 'holdout-3');
    expect(held3.length).toBeGreaterThanOrEqual(50);
    expect(evaluate(index, held3).recallAt5).toBeGreaterThanOrEqual(0.9);
    expect(
      evaluate(
        index,
        items.filter((i) => i.holdout),
      ).recallAt5,
    ).toBeGreaterThanOrEqual(0.9);
    const held1 = evaluate(
      index,
      items.filter((i) => i.part === 'holdout-1'),
    );
    expect(held1.recallAt5).toBeGreaterThanOrEqual(0.8);
    expect(held1.mrr).toBeGreaterThanOrEqual(0.65);
  });
});

describe('latency over the full catalog', () => {
  // p95 ≤ 10 ms in process over the whole catalog (issue 26). Measured as CPU time per query, which is
  // what the query costs on an idle core; wall time on a CI machine shared with other jobs is not.
  it('answers at p95 within 10 ms of CPU time', { timeout: 60_000 }, () => {
    const r = evaluate(index, loadLabelledSet(), 3);
    expect(index.size).toBeGreaterThan(14_000);
    expect(r.cpuMs.p95).toBeLessThanOrEqual(10);
  });
});

describe('filters and boosts', () => {
  it('answers a request that names an app from that app', () => {
    const hits = index.search('post a message to #general on Slack', { limit: 5 });
    // the curated tool in the hosted vocabulary (SLACK_CHAT_POST_MESSAGE is now its deprecated alias)
    expect(hits[0]!.slug).toBe('SLACK_SEND_MESSAGE');
    expect(hits.every((h) => h.toolkit === 'slack')).toBe(true);
  });

  it('applies the session filter and a toolkit restriction', () => {
    const readOnly = index.search('issues in a github repository', {
      limit: 10,
      allow: (t) => t.hints.includes('readOnlyHint'),
    });
    expect(readOnly.length).toBe(10);
    for (const h of readOnly) expect(getTool(h.slug)!.http.method).toBe('GET');
    const onlyJira = index.search('create an issue', { limit: 10, toolkits: ['jira'] });
    expect(onlyJira.length).toBeGreaterThan(0);
    expect(onlyJira.every((h) => h.toolkit === 'jira')).toBe(true);
    const nothing = index.search('create an issue', { limit: 10, allow: () => false });
    expect(nothing).toEqual([]);
  });

  it("ranks the user's connected toolkits first for requests that fit several apps", () => {
    const plain = index.search('send an email to a customer', { limit: 5 });
    const withGmail = index.search('send an email to a customer', { limit: 5, connectedToolkits: new Set(['gmail']) });
    const withSendgrid = index.search('send an email to a customer', {
      limit: 5,
      connectedToolkits: new Set(['sendgrid']),
    });
    expect(withGmail[0]!.toolkit).toBe('gmail');
    expect(withSendgrid[0]!.toolkit).toBe('sendgrid');
    expect(plain.length).toBe(5);
  });

  it('returns nothing for an empty or stop-word-only request', () => {
    expect(index.search('')).toEqual([]);
    expect(index.search('the and of to')).toEqual([]);
  });
});

describe('hybrid lexical + vector ranking', () => {
  // A deterministic stand-in for an embeddings model: hashed bag of words, 256 dimensions.
  const DIM = 256;
  function vec(text: string): number[] {
    const v = new Array<number>(DIM).fill(0);
    for (const w of words(text)) {
      let h = 2166136261;
      for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 16777619);
      v[(h >>> 0) % DIM]! += 1;
    }
    return v;
  }
  let server: http.Server;
  let cfg: EmbeddingsConfig;
  let failing: EmbeddingsConfig;
  let calls = 0;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-emb-'));
    process.env.JUNCTION_DATA_DIR = dataDir;
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        calls++;
        if (req.url === '/broken/embeddings') {
          res.writeHead(500).end('{}');
          return;
        }
        expect(req.headers.authorization).toBe('Bearer test-key');
        const { input, model } = JSON.parse(body) as { input: string[]; model: string };
        expect(model).toBe('fake-embed');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: input.map((t, index) => ({ index, embedding: vec(t) })) }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    cfg = { baseUrl: `http://127.0.0.1:${port}`, apiKey: 'test-key', model: 'fake-embed' };
    failing = { baseUrl: `http://127.0.0.1:${port}/broken`, model: 'fake-embed' };
  });
  afterAll(async () => {
    delete process.env.JUNCTION_DATA_DIR;
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('embeds the catalog once, caches it on disk, and fuses both rankings', async () => {
    expect(await embeddingsReady(index, cfg)).toBe(true);
    const files = fs.readdirSync(path.join(dataDir, 'search'));
    expect(files.some((f) => f.startsWith('embeddings-') && f.endsWith('.bin'))).toBe(true);
    const before = calls;
    const hits = await hybridSearch(index, 'create a new customer in Stripe', { limit: 5 }, cfg);
    expect(calls).toBe(before + 1); // one query embedding
    expect(hits.length).toBe(5);
    expect(hits.map((h) => h.slug)).toContain('STRIPE_POST_CUSTOMERS');
    expect(hits.every((h) => h.toolkit === 'stripe')).toBe(true);
    // the stand-in "model" is a hashed bag of words, so fused quality is only checked to stay usable,
    // and the vector half must actually change rankings
    let hit5 = 0;
    let changed = 0;
    const items = loadLabelledSet();
    for (const item of items) {
      const r = await hybridSearch(index, item.query, { limit: 5 }, cfg);
      if (r.some((h) => item.relevant.includes(h.slug))) hit5++;
      const lex = index.search(item.query, { limit: 5 }).map((h) => h.slug);
      if (r.map((h) => h.slug).join() !== lex.join()) changed++;
    }
    expect(hit5 / items.length).toBeGreaterThanOrEqual(0.75);
    expect(changed).toBeGreaterThan(10);
  }, 180_000);

  it('falls back to the lexical ranking when the endpoint fails', async () => {
    expect(await embeddingsReady(index, failing)).toBe(false);
    const lexical = index.search('list my Vercel deployments', { limit: 5 });
    const hits = await hybridSearch(index, 'list my Vercel deployments', { limit: 5 }, failing);
    expect(hits.map((h) => h.slug)).toEqual(lexical.map((h) => h.slug));
  });
});
