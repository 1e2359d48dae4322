import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';
import hosted from '../../scripts/catalog/hosted/composio_search.json';

// composio_search (lib/catalog/curated/composio-search.ts): keyless for the caller, run on the operator's
// SerpApi-compatible key (JUNCTION_SEARCH_SERPAPI_KEY) and Groq key; the project's toolkit_base_urls points
// every host of the toolkit at one loopback fake, which checks each request.
let s: TestServer;
let up: FakeUpstream;

beforeAll(async () => {
  [s, up] = await Promise.all([
    startServer({ env: { JUNCTION_SEARCH_SERPAPI_KEY: 'serp_op_key', JUNCTION_SEARCH_GROQ_KEY: 'gsk_op' } }),
    startFakeUpstream(),
  ]);
  up.on('GET', '/search.json', (r) =>
    r.query.get('api_key') === 'serp_op_key'
      ? {
          json: {
            search_metadata: { id: 'x' },
            engine_seen: r.query.get('engine'),
            organic_results: [{ title: 'T', link: 'https://example.org/a', snippet: 'S' }],
            answer_box: { answer: '42' },
          },
        }
      : { status: 401, json: { error: 'Invalid API key' } },
  );
  up.on('GET', '/page', () => ({
    headers: { 'content-type': 'text/html' },
    text: '<html><head><title>Hello</title><script>x()</script></head><body><p>Body &amp; text</p></body></html>',
  }));
  up.on('GET', '/api/', (r) => ({ json: { result_count: 1, results: [{ number: r.query.get('number') }] } }));
  up.on('GET', '/files/company_tickers.json', () => ({
    json: { 0: { cik_str: 320193, ticker: 'AAPL', title: 'Apple' } },
  }));
  up.on('GET', '/submissions/:file', (r, p) =>
    r.headers['user-agent']?.includes('Junction') && p.file === 'CIK0000320193.json'
      ? {
          json: {
            name: 'Apple Inc.',
            tickers: ['AAPL'],
            filings: {
              recent: {
                form: ['8-K', '10-K'],
                filingDate: ['2025-01-02', '2024-11-01'],
                reportDate: ['', '2024-09-28'],
                accessionNumber: ['0000320193-25-000001', '0000320193-24-000123'],
                primaryDocument: ['a.htm', 'aapl-10k.htm'],
              },
            },
          },
        }
      : { status: 404, json: {} },
  );
  up.on('POST', '/openai/v1/chat/completions', (r) =>
    r.headers.authorization === 'Bearer gsk_op'
      ? { json: { model: 'm', choices: [{ message: { role: 'assistant', content: 'hi there' } }], usage: {} } }
      : { status: 401, json: { error: { message: 'bad key' } } },
  );
  const r = await s.api('PATCH', '/org/project/config', { toolkit_base_urls: { composio_search: up.url } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
});
afterAll(async () => {
  await Promise.all([s?.stop(), up?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { user_id: 'anyone', arguments: args });

// [slug, arguments, the provider query it must send (engine plus mapped parameters)]
const ENGINES: [string, Record<string, unknown>, Record<string, string>][] = [
  ['COMPOSIO_SEARCH_WEB', { query: 'junction', num: 3 }, { engine: 'google', q: 'junction', num: '3' }],
  [
    'COMPOSIO_SEARCH_TAVILY',
    { query: 'rust', include_domains: ['a.org'], exclude_domains: ['b.org'] },
    { engine: 'google', q: 'rust site:a.org -site:b.org', num: '5' },
  ],
  ['COMPOSIO_SEARCH_EXA_ANSWER', { query: 'why' }, { engine: 'google', q: 'why' }],
  ['COMPOSIO_SEARCH_EXA_SIMILARLINK', { url: 'https://x.dev' }, { engine: 'google', q: 'related:https://x.dev' }],
  ['COMPOSIO_SEARCH_DUCK_DUCK_GO', { query: 'duck', kl: 'us-en' }, { engine: 'duckduckgo', q: 'duck', kl: 'us-en' }],
  ['COMPOSIO_SEARCH_NEWS', { query: 'ai', when: 'w' }, { engine: 'google', tbm: 'nws', q: 'ai', tbs: 'qdr:w' }],
  ['COMPOSIO_SEARCH_IMAGE', { query: 'cat', num: 20 }, { engine: 'google_images', q: 'cat', num: '20' }],
  ['COMPOSIO_SEARCH_SCHOLAR', { query: 'llm', as_ylo: 2020 }, { engine: 'google_scholar', q: 'llm', as_ylo: '2020' }],
  [
    'COMPOSIO_SEARCH_SHOPPING',
    { query: 'laptop', min_price: 800, free_shipping: true },
    { engine: 'google_shopping', q: 'laptop', min_price: '800', free_shipping: 'true' },
  ],
  [
    'COMPOSIO_SEARCH_AMAZON',
    { query: 'kettle', amazon_domain: 'amazon.de' },
    { engine: 'amazon', k: 'kettle', amazon_domain: 'amazon.de' },
  ],
  ['COMPOSIO_SEARCH_WALMART', { query: 'tv', max_price: 300 }, { engine: 'walmart', query: 'tv', max_price: '300' }],
  ['COMPOSIO_SEARCH_GOOGLE_MAPS', { query: 'pizza' }, { engine: 'google_maps', type: 'search', q: 'pizza' }],
  [
    'COMPOSIO_SEARCH_EVENT',
    { query: 'jazz', location: 'Paris' },
    { engine: 'google_events', q: 'jazz', location: 'Paris' },
  ],
  ['COMPOSIO_SEARCH_FINANCE', { query: 'AAPL:NASDAQ', window: '1Y' }, { engine: 'google_finance', window: '1Y' }],
  ['COMPOSIO_SEARCH_TRENDS', { query: 'a,b', data_type: 'TIMESERIES' }, { engine: 'google_trends', q: 'a,b' }],
  [
    'COMPOSIO_SEARCH_FLIGHTS',
    { departure_id: 'JFK', arrival_id: 'LHR', outbound_date: '2026-12-01' },
    { engine: 'google_flights', departure_id: 'JFK', arrival_id: 'LHR', type: '2' },
  ],
  [
    'COMPOSIO_SEARCH_HOTELS',
    { q: 'Rome', check_in_date: '2026-12-01', check_out_date: '2026-12-03', adults: 2 },
    { engine: 'google_hotels', q: 'Rome', adults: '2' },
  ],
  ['COMPOSIO_SEARCH_TRIP_ADVISOR', { query: 'museums', ssrc: 'A' }, { engine: 'tripadvisor', q: 'museums', ssrc: 'A' }],
];

describe('composio_search', () => {
  it('every hosted name resolves, keyless', async () => {
    for (const { slug } of hosted.tools) {
      const r = await s.api('GET', `/tools/${slug}`);
      expect(r.status, `${slug}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body.toolkit.slug).toBe('composio_search');
      expect(r.body.no_auth).toBe(true);
    }
  });

  it.each(ENGINES)('%s sends the search the hosted arguments describe', async (slug, args, sent) => {
    const r = await exec(slug, args);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    const req = up.requests.at(-1)!;
    expect(req.path).toBe('/search.json');
    expect(Object.fromEntries(req.query)).toMatchObject({ ...sent, api_key: 'serp_op_key' });
    expect(JSON.stringify(r.body.data)).not.toContain('serp_op_key');
  });

  it('web search answers with an answer and citations', async () => {
    const r = await exec('COMPOSIO_SEARCH_WEB', { query: 'q' });
    expect(r.body.data.results).toMatchObject({ answer: '42', citations: [{ url: 'https://example.org/a' }] });
  });

  it('the keyless public APIs and Groq get the right requests', async () => {
    const page = await exec('COMPOSIO_SEARCH_FETCH_URL_CONTENT', { urls: ['https://example.org/page'] });
    expect(page.body.data.results[0], JSON.stringify(page.body)).toMatchObject({ title: 'Hello', text: 'Body & text' });
    const npi = await exec('COMPOSIO_SEARCH_NPPESNPI_LOOKUP', { number: '1234567890' });
    expect(npi.body.data.results[0].number, JSON.stringify(npi.body)).toBe('1234567890');
    expect(up.requests.at(-1)!.query.get('version')).toBe('2.1');
    const sec = await exec('COMPOSIO_SEARCH_SEC_FILINGS', { ticker: 'AAPL', form_type: '10-K' });
    expect(sec.body.successful, JSON.stringify(sec.body)).toBe(true);
    expect(sec.body.data.filings).toEqual([
      expect.objectContaining({ form: '10-K', primary_document_url: expect.stringContaining('/aapl-10k.htm') }),
    ]);
    const chat = await exec('COMPOSIO_SEARCH_GROQ_CHAT', { prompt: 'hello' });
    expect(chat.body.data.content, JSON.stringify(chat.body)).toBe('hi there');
    expect((up.requests.at(-1)!.json as { messages: unknown }).messages).toEqual([{ role: 'user', content: 'hello' }]);
  });

  it('bad input is a clean failure', async () => {
    const noQuery = await exec('COMPOSIO_SEARCH_WEB', {});
    expect(noQuery.status).toBe(400);
    const noUrl = await exec('COMPOSIO_SEARCH_FETCH_URL_CONTENT', { urls: ['ftp://x'] });
    expect(noUrl.body.successful).toBe(false);
  });
});
