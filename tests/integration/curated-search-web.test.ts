import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// Tavily, Exa, Firecrawl, SerpApi and Perplexity (lib/catalog/curated/search-web.ts): one hosted tool each
// through the execute pipeline against a loopback fake that checks path, API-key placement and body;
// for Exa also its research, Websets and team-management tools (search-web-exa.ts).
let s: TestServer;
let up: FakeUpstream;
const accounts: Record<string, string> = {};

async function connect(toolkit: string, apiKey: string) {
  accounts[toolkit] = (
    await connectToFake(s, {
      toolkit,
      authScheme: 'API_KEY',
      val: { api_key: apiKey, base_url: up.url },
      userId: `${toolkit}-user`,
    })
  ).accountId;
}

beforeAll(async () => {
  [s, up] = await Promise.all([providerServer(), startFakeUpstream()]);
  up.on('POST', '/search', (r) => ({ json: { echo: r.json, results: [{ url: 'https://a.test', title: 'A' }] } }));
  up.on('POST', '/findSimilar', (r) => ({ json: { echo: r.json, results: [{ url: 'https://b.test', title: 'B' }] } }));
  up.on('POST', '/scrape', (r) => ({ json: { success: true, data: { markdown: '# Hi', echo: r.json } } }));
  up.on('GET', '/search.json', (r) => ({
    json: {
      search_metadata: { id: 's1' },
      organic_results: [{ position: 1, link: 'https://b.test' }],
      engine: r.query.get('engine'),
    },
  }));
  up.on('POST', '/chat/completions', (r) => ({
    json: {
      id: 'c1',
      choices: [{ message: { role: 'assistant', content: 'Paris.' } }],
      citations: ['https://c.test'],
      echo: r.json,
    },
  }));
  up.on('GET', '/crawl/:id', (_r, p) => ({ json: { status: 'completed', id: p.id, data: [] } }));
  // Exa Research (/research/v1), Websets (/websets/v0) and, through the account's base_url, team management
  up.on('POST', '/research/v1', (r) => ({
    status: 201,
    json: {
      researchId: 'r_1',
      status: 'pending',
      createdAt: 1,
      instructions: (r.json as { instructions: string }).instructions,
    },
  }));
  up.on('GET', '/research/v1/:id', (r, p) => ({
    json: { researchId: p.id, status: 'completed', output: { content: 'Report' }, events: r.query.get('events') },
  }));
  up.on('POST', '/websets/v0/websets', (r) => ({
    status: 201,
    json: {
      id: 'ws_1',
      object: 'webset',
      status: 'running',
      externalId: (r.json as { externalId?: string }).externalId,
    },
  }));
  up.on('POST', '/websets/v0/imports', () => ({
    status: 201,
    json: { id: 'imp_1', object: 'import', status: 'pending', uploadUrl: 'https://upload.test/imp_1' },
  }));
  up.on('PATCH', '/websets/v0/imports/:id', (r, p) => ({
    json: { id: p.id, object: 'import', ...(r.json as object) },
  }));
  up.on('POST', '/websets/v0/monitors', (r) => ({
    status: 201,
    json: { id: 'mon_1', object: 'monitor', ...(r.json as object) },
  }));
  up.on('GET', '/websets/v0/events', (r) => ({
    json: { data: [], hasMore: false, nextCursor: null, types: r.query.getAll('types') },
  }));
  up.on('GET', '/api-keys/:id', (_r, p) => ({ json: { apiKey: { id: p.id, name: 'prod', rateLimit: 10 } } }));
  for (const [tk, key] of Object.entries({
    tavily: 'tvly-abc',
    exa: 'exa-key',
    firecrawl: 'fc-key',
    serpapi: 'serp-key',
    perplexityai: 'pplx-key',
  }))
    await connect(tk, key);
});
afterAll(async () => {
  await Promise.all([s?.stop(), up?.close()]);
});

const exec = (toolkit: string, slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: accounts[toolkit], arguments: args });

describe('search and web toolkits', () => {
  it.each(['tavily', 'exa', 'firecrawl', 'serpapi', 'perplexityai'])(
    'GET /toolkits/%s: API key scheme with its field, categories, logo',
    async (slug) => {
      const r = await s.api('GET', `/toolkits/${slug}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.auth_config_details.map((d: { mode: string }) => d.mode)).toEqual(['API_KEY']);
      expect(
        r.body.auth_config_details[0].fields.connected_account_initiation.required.map((f: { name: string }) => f.name),
      ).toEqual(['api_key']);
      expect(r.body.meta.categories.map((c: { slug: string }) => c.slug)).toContain('search-web');
      expect(r.body.meta.logo).toMatch(new RegExp(`/logos/${slug}\\.svg$`));
    },
  );

  it('TAVILY_SEARCH: POST /search with the hosted arguments as body, key as a Bearer token', async () => {
    const r = await exec('tavily', 'TAVILY_SEARCH', {
      query: 'llm agents',
      search_depth: 'advanced',
      max_results: 3,
      include_answer: true,
      include_domains: ['arxiv.org'],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { results: [{ url: 'https://a.test' }] },
    });
    const q = up.last()!;
    expect(q).toMatchObject({ method: 'POST', path: '/search' });
    expect(q.headers.authorization).toBe('Bearer tvly-abc');
    expect(q.json).toEqual({
      query: 'llm agents',
      search_depth: 'advanced',
      max_results: 3,
      include_answer: true,
      include_domains: ['arxiv.org'],
    });
  });

  it("EXA_SEARCH: POST /search with Exa's camelCase body, key in x-api-key (no Authorization)", async () => {
    const r = await exec('exa', 'EXA_SEARCH', {
      query: 'startups building robots',
      num_results: 4,
      include_domains: ['ycombinator.com'],
      contents: { text: true },
    });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    const q = up.last()!;
    expect(q.path).toBe('/search');
    expect(q.headers['x-api-key']).toBe('exa-key');
    expect(q.headers.authorization).toBeUndefined();
    expect(q.json).toEqual({
      query: 'startups building robots',
      numResults: 4,
      includeDomains: ['ycombinator.com'],
      contents: { text: true },
    });
  });

  it('EXA_SEARCH and EXA_FIND_SIMILAR also take the hosted camelCase names and top-level content switches', async () => {
    const r = await exec('exa', 'EXA_SEARCH', {
      query: 'robotics startups',
      numResults: 2,
      includeDomains: ['ycombinator.com'],
      startPublishedDate: '2026-01-01',
      text: true,
      summary: true,
    });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    expect(up.last()!.json).toEqual({
      query: 'robotics startups',
      numResults: 2,
      includeDomains: ['ycombinator.com'],
      startPublishedDate: '2026-01-01',
      contents: { text: true, summary: true },
    });
    const similar = await exec('exa', 'EXA_FIND_SIMILAR', {
      url: 'https://example.com/post',
      numResults: 3,
      excludeSourceDomain: true,
      highlights: true,
    });
    expect(similar.body.successful, JSON.stringify(similar.body)).toBe(true);
    expect(up.last()!).toMatchObject({ path: '/findSimilar' });
    expect(up.last()!.json).toEqual({
      url: 'https://example.com/post',
      numResults: 3,
      excludeSourceDomain: true,
      contents: { highlights: true },
    });
  });

  it('EXA_CREATE_RESEARCH then EXA_GET_RESEARCH: POST /research/v1 with instructions and outputSchema, poll GET /research/v1/{researchId}', async () => {
    const r = await exec('exa', 'EXA_CREATE_RESEARCH', {
      instructions: 'Which EU battery makers raised money in 2026?',
      model: 'exa-research-fast',
      output_schema: { type: 'object', properties: { makers: { type: 'array' } } },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { researchId: 'r_1', status: 'pending' },
    });
    const q = up.last()!;
    expect(q).toMatchObject({ method: 'POST', path: '/research/v1' });
    expect(q.headers['x-api-key']).toBe('exa-key');
    expect(q.json).toEqual({
      instructions: 'Which EU battery makers raised money in 2026?',
      model: 'exa-research-fast',
      outputSchema: { type: 'object', properties: { makers: { type: 'array' } } },
    });
    const got = await exec('exa', 'EXA_GET_RESEARCH', { researchId: 'r_1', events: true });
    expect(got.body, JSON.stringify(got.body)).toMatchObject({
      successful: true,
      data: { researchId: 'r_1', status: 'completed', output: { content: 'Report' }, events: 'true' },
    });
    expect(up.last()).toMatchObject({ method: 'GET', path: '/research/v1/r_1' });
    expect(up.last()!.headers['x-api-key']).toBe('exa-key');
    const bad = await exec('exa', 'EXA_CREATE_RESEARCH', { model: 'exa-research' });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
  });

  it('EXA_CREATE_WEBSET: POST /websets/v0/websets with the nested search, enrichments and externalId as Exa names them', async () => {
    const args = {
      search: {
        query: 'Battery startups in Europe',
        count: 25,
        entity: { type: 'company' },
        criteria: [{ description: 'Raised a Series A or later' }],
      },
      enrichments: [{ description: 'Name of the CEO', format: 'text' }],
      externalId: 'crm-42',
    };
    const r = await exec('exa', 'EXA_CREATE_WEBSET', args);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: 'ws_1', status: 'running', externalId: 'crm-42' },
    });
    const q = up.last()!;
    expect(q).toMatchObject({ method: 'POST', path: '/websets/v0/websets' });
    expect(q.headers['x-api-key']).toBe('exa-key');
    expect(q.headers.authorization).toBeUndefined();
    expect(q.json).toEqual(args);
  });

  it('EXA_CREATE_MONITOR takes webset_id for websetId and fills behavior.type; EXA_LIST_EVENTS repeats types in the query', async () => {
    const r = await exec('exa', 'EXA_CREATE_MONITOR', {
      webset_id: 'ws_1',
      cadence: { cron: '0 9 * * 1' },
      behavior: { config: { count: 5, behavior: 'append' } },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { id: 'mon_1', websetId: 'ws_1' } });
    expect(up.last()).toMatchObject({ method: 'POST', path: '/websets/v0/monitors' });
    expect(up.last()!.json).toEqual({
      websetId: 'ws_1',
      cadence: { cron: '0 9 * * 1' },
      behavior: { type: 'search', config: { count: 5, behavior: 'append' } },
    });
    const ev = await exec('exa', 'EXA_LIST_EVENTS', { types: ['webset.idle', 'import.completed'], limit: 10 });
    expect(ev.body, JSON.stringify(ev.body)).toMatchObject({
      successful: true,
      data: { hasMore: false, types: ['webset.idle', 'import.completed'] },
    });
    expect(up.last()).toMatchObject({ method: 'GET', path: '/websets/v0/events' });
    expect(up.last()!.query.get('limit')).toBe('10');
  });

  it('EXA_CREATE_IMPORT then EXA_UPDATE_IMPORT: POST /websets/v0/imports, PATCH /websets/v0/imports/{id}', async () => {
    const r = await exec('exa', 'EXA_CREATE_IMPORT', {
      format: 'csv',
      entity: { type: 'company' },
      size: 4096,
      count: 120,
      title: 'Target accounts',
      csv: { identifier: 0 },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: 'imp_1', status: 'pending', uploadUrl: 'https://upload.test/imp_1' },
    });
    const q = up.last()!;
    expect(q).toMatchObject({ method: 'POST', path: '/websets/v0/imports' });
    expect(q.headers['x-api-key']).toBe('exa-key');
    expect(q.json).toEqual({
      format: 'csv',
      entity: { type: 'company' },
      size: 4096,
      count: 120,
      title: 'Target accounts',
      csv: { identifier: 0 },
    });
    const u = await exec('exa', 'EXA_UPDATE_IMPORT', { id: 'imp_1', title: 'Accounts Q3' });
    expect(u.body, JSON.stringify(u.body)).toMatchObject({
      successful: true,
      data: { id: 'imp_1', title: 'Accounts Q3' },
    });
    expect(up.last()).toMatchObject({ method: 'PATCH', path: '/websets/v0/imports/imp_1' });
    expect(up.last()!.json).toEqual({ title: 'Accounts Q3' });
    const bad = await exec('exa', 'EXA_CREATE_IMPORT', { format: 'csv', size: 10, count: 1 });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
  });

  it('EXA_GET_API_KEY: GET /api-keys/{id} on the team-management base (here the account base_url) with the key in x-api-key', async () => {
    const r = await exec('exa', 'EXA_GET_API_KEY', { id: 'b1f0c2a4-0000-4000-8000-000000000001' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { apiKey: { id: 'b1f0c2a4-0000-4000-8000-000000000001', name: 'prod' } },
    });
    expect(up.last()).toMatchObject({ method: 'GET', path: '/api-keys/b1f0c2a4-0000-4000-8000-000000000001' });
    expect(up.last()!.headers['x-api-key']).toBe('exa-key');
  });

  it('FIRECRAWL_SCRAPE: POST /scrape (v1 base) with camelCase options and a Bearer key; job tools put the id in the path', async () => {
    const r = await exec('firecrawl', 'FIRECRAWL_SCRAPE', {
      url: 'https://example.com',
      formats: ['markdown'],
      only_main_content: true,
      wait_for: 500,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { success: true, data: { markdown: '# Hi' } },
    });
    const q = up.last()!;
    expect(q.path).toBe('/scrape');
    expect(q.headers.authorization).toBe('Bearer fc-key');
    expect(q.json).toEqual({ url: 'https://example.com', formats: ['markdown'], onlyMainContent: true, waitFor: 500 });
    const job = await exec('firecrawl', 'FIRECRAWL_GET_THE_STATUS_OF_A_CRAWL_JOB', { id: 'job-7' });
    expect(job.body).toMatchObject({ successful: true, data: { status: 'completed', id: 'job-7' } });
    expect(up.last()).toMatchObject({ method: 'GET', path: '/crawl/job-7' });
  });

  it('SERPAPI_SEARCH: GET /search.json with engine, q and the key as the api_key query parameter; a hosted-style query is folded into q', async () => {
    const r = await exec('serpapi', 'SERPAPI_SEARCH', { q: 'coffee', location: 'Austin, Texas', num: 10 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { organic_results: [{ position: 1 }], engine: 'google' },
    });
    const q = up.last()!;
    expect(q.path).toBe('/search.json');
    expect(Object.fromEntries(q.query)).toEqual({
      q: 'coffee',
      location: 'Austin, Texas',
      num: '10',
      engine: 'google',
      api_key: 'serp-key',
    });
    expect(q.headers.authorization).toBeUndefined();
    await exec('serpapi', 'SERPAPI_NEWS_SEARCH', { query: 'election' });
    expect(Object.fromEntries(up.last()!.query)).toMatchObject({ q: 'election', engine: 'google', tbm: 'nws' });
  });

  it('PERPLEXITYAI_PERPLEXITY_AI_SEARCH: POST /chat/completions with system and user messages, Bearer key', async () => {
    const r = await exec('perplexityai', 'PERPLEXITYAI_PERPLEXITY_AI_SEARCH', {
      userContent: 'Capital of France?',
      systemContent: 'Be brief.',
      search_recency_filter: 'month',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { choices: [{ message: { content: 'Paris.' } }], citations: ['https://c.test'] },
    });
    const q = up.last()!;
    expect(q.path).toBe('/chat/completions');
    expect(q.headers.authorization).toBe('Bearer pplx-key');
    expect(q.json).toEqual({
      model: 'sonar',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Capital of France?' },
      ],
      search_recency_filter: 'month',
    });
  });
});
