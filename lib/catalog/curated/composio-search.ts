/**
 * Composio Search: keyless web search tools (web, news, images, scholar, shopping, maps, travel,
 * finance, trends…) that the hosted service runs on its own provider accounts. Here the operator
 * supplies the provider: a SerpApi-compatible search API, keyed by JUNCTION_SEARCH_SERPAPI_KEY
 * (JUNCTION_SEARCH_SERPAPI_URL for another SerpApi-compatible host; default https://serpapi.com),
 * which covers every search engine below with one key. Three tools use keyless public APIs instead
 * (NPI registry, SEC EDGAR, fetching a page), and COMPOSIO_SEARCH_GROQ_CHAT uses Groq's
 * OpenAI-compatible API with JUNCTION_SEARCH_GROQ_KEY. A project can point the whole toolkit at
 * another origin with `toolkit_base_urls.composio_search` (a mirror, or a test fake).
 */
import type { AuthSchemeDef } from '../types';
import { composite, params, s } from './define';
import { CATEGORIES, standaloneToolkit } from './toolkit-def';
import { ToolFailure, type CompositeTool, type CuratedContext, type CuratedTool } from './types';

type Args = Record<string, unknown>;
type Query = Record<string, string | number | boolean | undefined>;

const SEC = 'https://data.sec.gov';
const SEC_WWW = 'https://www.sec.gov';
const NPI = 'https://npiregistry.cms.hhs.gov';
const GROQ = 'https://api.groq.com';
// SEC asks automated clients to say who they are
const SEC_AGENT = 'Junction composio_search (self-hosted tool service)';

const noAuth: AuthSchemeDef = {
  mode: 'NO_AUTH',
  name: 'No auth',
  authConfigFields: { required: [], optional: [] },
  connectionFields: { required: [], optional: [] },
};

const gl = s.string('Country code for results, e.g. "us"');
const hl = s.string('Language code, e.g. "en"');
const location = s.string('Where the search is made from, e.g. "Austin, Texas"');
const query = s.string('What to search for');

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const flag = (v: unknown) => (typeof v === 'boolean' ? v : undefined);

/** One call to the operator's SerpApi-compatible search API; `data.results` holds its answer. */
async function serp(ctx: CuratedContext, q: Query): Promise<Args> {
  const key = ctx.setting?.('search_serpapi_key');
  if (!key)
    throw new ToolFailure(
      'composio_search is not configured on this server: the operator sets JUNCTION_SEARCH_SERPAPI_KEY (a SerpApi key)',
    );
  const host = ctx.setting?.('search_serpapi_url');
  const at = host ? { url: `${host.replace(/\/+$/, '')}/search.json` } : { path: '/search.json' };
  const results = await ctx.json<Args>({ method: 'GET', ...at, query: { ...q, api_key: key, output: 'json' } });
  delete (results as Args).search_metadata;
  delete (results as Args).search_parameters;
  return { results };
}

interface Engine {
  slug: string;
  name: string;
  description: string;
  input: Record<string, unknown>;
  required?: string[];
  /** the provider's query from the hosted arguments */
  query: (a: Args) => Query;
  important?: boolean;
  /** data from the provider's answer, when it is reshaped */
  shape?: (results: Args) => Args;
}

function engine(e: Engine): CompositeTool {
  return composite({
    slug: e.slug,
    name: e.name,
    description: e.description,
    tags: ['composio_search', 'search'],
    noAuth: true,
    ...(e.important ? { important: true } : {}),
    input: params(e.input, e.required ?? ['query']),
    run: async (ctx, a) => {
      const r = await serp(ctx, e.query(a));
      return e.shape ? { results: e.shape(r.results as Args) } : r;
    },
  });
}

const citations = (r: Args) =>
  (Array.isArray(r.organic_results) ? (r.organic_results as Args[]) : []).map((o) => ({
    title: o.title,
    url: o.link,
    snippet: o.snippet,
  }));
const answerOf = (r: Args) => {
  const box = (r.answer_box ?? {}) as Args;
  return text(box.answer) ?? text(box.snippet) ?? text((r.knowledge_graph as Args | undefined)?.description) ?? '';
};
const webShape = (r: Args) => ({
  answer: answerOf(r),
  citations: citations(r),
  organic_results: r.organic_results ?? [],
});

const priced = { min_price: s.number('Lowest price'), max_price: s.number('Highest price') };

const engines: Engine[] = [
  {
    slug: 'COMPOSIO_SEARCH_WEB',
    name: 'Web search',
    important: true,
    description:
      'Search the web. data.results.answer holds a short answer when the engine has one, data.results.citations the sources ' +
      '(title, url, snippet); prefer the citations as evidence. Add recency words to the query for recent facts.',
    input: { query, num: s.integer('How many results (default 10)'), gl, hl },
    query: (a) => ({ engine: 'google', q: text(a.query), num: num(a.num), gl: text(a.gl), hl: text(a.hl) }),
    shape: webShape,
  },
  {
    slug: 'COMPOSIO_SEARCH_TAVILY',
    name: 'LLM-ready web search',
    description:
      'Web search for agents with domain filters: results as citations (title, url, snippet) plus a short answer when available. ' +
      'include_domains / exclude_domains narrow the sites.',
    input: {
      query,
      max_results: s.integer('How many results (default 5)'),
      include_domains: s.strings('Only these sites'),
      exclude_domains: s.strings('Never these sites'),
      search_depth: s.enum(['basic', 'advanced'], 'Accepted for compatibility'),
      include_answer: s.boolean('Accepted for compatibility (an answer is returned when the engine has one)'),
    },
    query: (a) => {
      const inc = Array.isArray(a.include_domains) ? (a.include_domains as string[]) : [];
      const exc = Array.isArray(a.exclude_domains) ? (a.exclude_domains as string[]) : [];
      const sites = [inc.map((d) => `site:${d}`).join(' OR '), ...exc.map((d) => `-site:${d}`)].filter(Boolean);
      return { engine: 'google', q: [text(a.query), ...sites].join(' '), num: num(a.max_results) ?? 5 };
    },
    shape: webShape,
  },
  {
    slug: 'COMPOSIO_SEARCH_EXA_ANSWER',
    name: 'Answer with citations',
    description:
      'Deprecated by the hosted service in favour of COMPOSIO_SEARCH_WEB, which it matches: an answer and its sources.',
    input: { query },
    query: (a) => ({ engine: 'google', q: text(a.query) }),
    shape: webShape,
  },
  {
    slug: 'COMPOSIO_SEARCH_EXA_SIMILARLINK',
    name: 'Similar links',
    description:
      'Find pages similar to a URL (sites on the same subject). Returns citations with title, url and snippet.',
    input: { url: s.string('The page to find similar ones for'), num_results: s.integer('How many (default 10)') },
    required: ['url'],
    query: (a) => ({ engine: 'google', q: `related:${text(a.url) ?? ''}`, num: num(a.num_results) }),
    shape: webShape,
  },
  {
    slug: 'COMPOSIO_SEARCH_DUCK_DUCK_GO',
    name: 'DuckDuckGo search',
    description: 'Search the web with DuckDuckGo; organic results are in data.results.organic_results.',
    input: { query, kl: s.string('Region, e.g. "us-en"') },
    query: (a) => ({ engine: 'duckduckgo', q: text(a.query), kl: text(a.kl) }),
  },
  {
    slug: 'COMPOSIO_SEARCH_NEWS',
    name: 'News search',
    important: true,
    description:
      'Search news articles. Results are in data.results.news_results; an empty list means nothing matched, so widen the query ' +
      'or the when window (h, d, w, m, y). Use site: in the query for one publisher.',
    input: {
      query,
      when: s.enum(['h', 'd', 'w', 'm', 'y'], 'Only news from the past hour, day, week, month or year'),
      gl,
      hl,
    },
    query: (a) => ({
      engine: 'google',
      tbm: 'nws',
      q: text(a.query),
      tbs: text(a.when) ? `qdr:${text(a.when)}` : undefined,
      gl: text(a.gl),
      hl: text(a.hl),
    }),
  },
  {
    slug: 'COMPOSIO_SEARCH_IMAGE',
    name: 'Image search',
    description:
      'Search images: data.results.images_results, each with original (full size) and thumbnail URLs. Check the licence before reuse.',
    input: { query, num: s.integer('How many results (1–100)'), gl, hl },
    query: (a) => ({ engine: 'google_images', q: text(a.query), num: num(a.num), gl: text(a.gl), hl: text(a.hl) }),
  },
  {
    slug: 'COMPOSIO_SEARCH_SCHOLAR',
    name: 'Scholar search',
    description:
      'Search academic papers: data.results.organic_results with title, link, publication info and citation counts; PDFs appear under resources.',
    input: {
      query,
      num: s.integer('How many results (1–20)'),
      as_ylo: s.integer('From this year'),
      as_yhi: s.integer('Up to this year'),
    },
    query: (a) => ({
      engine: 'google_scholar',
      q: text(a.query),
      num: num(a.num),
      as_ylo: num(a.as_ylo),
      as_yhi: num(a.as_yhi),
    }),
  },
  {
    slug: 'COMPOSIO_SEARCH_SHOPPING',
    name: 'Shopping search',
    description:
      'Search products across shops with price range, sorting (sort_by 1 = price low to high, 2 = high to low), free shipping and sale filters.',
    input: {
      query,
      ...priced,
      sort_by: s.integer('1 price ascending, 2 price descending'),
      free_shipping: s.boolean('Only with free shipping'),
      on_sale: s.boolean('Only items on sale'),
      location,
      gl,
      hl,
    },
    query: (a) => ({
      engine: 'google_shopping',
      q: text(a.query),
      min_price: num(a.min_price),
      max_price: num(a.max_price),
      sort_by: num(a.sort_by),
      free_shipping: flag(a.free_shipping),
      on_sale: flag(a.on_sale),
      location: text(a.location),
      gl: text(a.gl),
      hl: text(a.hl),
    }),
  },
  {
    slug: 'COMPOSIO_SEARCH_AMAZON',
    name: 'Amazon product search',
    description:
      "Search an Amazon marketplace's products (amazon_domain, e.g. amazon.de) with local prices, ratings and sellers.",
    input: { query, amazon_domain: s.string('Marketplace, e.g. amazon.com, amazon.co.uk') },
    query: (a) => ({ engine: 'amazon', k: text(a.query), amazon_domain: text(a.amazon_domain) }),
  },
  {
    slug: 'COMPOSIO_SEARCH_WALMART',
    name: 'Walmart product search',
    description: "Search Walmart's catalog with an optional price range; products may carry sponsored flags.",
    input: { query, ...priced },
    query: (a) => ({
      engine: 'walmart',
      query: text(a.query),
      min_price: num(a.min_price),
      max_price: num(a.max_price),
    }),
  },
  {
    slug: 'COMPOSIO_SEARCH_GOOGLE_MAPS',
    name: 'Maps search',
    description:
      'Search places: several matches come in data.results.local_results, one place in data.results.place_results; read both. ' +
      'll centres the search ("@lat,lng,zoom").',
    input: { query, ll: s.string('Centre as "@40.7,-74.0,14z"'), gl, hl },
    query: (a) => ({
      engine: 'google_maps',
      type: 'search',
      q: text(a.query),
      ll: text(a.ll),
      gl: text(a.gl),
      hl: text(a.hl),
    }),
  },
  {
    slug: 'COMPOSIO_SEARCH_EVENT',
    name: 'Events search',
    description:
      'Search upcoming events (concerts, conferences…) by topic and place; htichips filters dates or kinds, e.g. "date:weekend" or "event_type:Virtual-Event".',
    input: {
      query,
      location,
      htichips: s.string('Filters, comma separated'),
      gl,
      hl,
      start: s.integer('Result offset'),
    },
    query: (a) => ({
      engine: 'google_events',
      q: text(a.query),
      location: text(a.location),
      htichips: text(a.htichips),
      gl: text(a.gl),
      hl: text(a.hl),
      start: num(a.start),
    }),
  },
  {
    slug: 'COMPOSIO_SEARCH_FINANCE',
    name: 'Finance search',
    description:
      'Quotes, price graphs and news of a stock, index, currency pair or crypto ("AAPL:NASDAQ", "EUR-USD", "BTC-USD") over a window.',
    input: {
      query,
      window: s.enum(['1D', '5D', '1M', '6M', 'YTD', '1Y', '5Y', 'MAX'], 'Time window of the graph'),
      hl,
    },
    query: (a) => ({ engine: 'google_finance', q: text(a.query), window: text(a.window), hl: text(a.hl) }),
  },
  {
    slug: 'COMPOSIO_SEARCH_TRENDS',
    name: 'Trends search',
    description:
      'Relative search interest (0–100) over time, by region or related topics/queries; several terms are compared when comma separated.',
    input: {
      query,
      data_type: s.enum(['TIMESERIES', 'GEO_MAP', 'GEO_MAP_0', 'RELATED_TOPICS', 'RELATED_QUERIES'], 'What to return'),
      date: s.string('Range, e.g. "today 12-m"'),
      geo: s.string('Region code, e.g. "US"'),
    },
    query: (a) => ({
      engine: 'google_trends',
      q: text(a.query),
      data_type: text(a.data_type),
      date: text(a.date),
      geo: text(a.geo),
    }),
  },
  {
    slug: 'COMPOSIO_SEARCH_FLIGHTS',
    name: 'Flight search',
    description:
      'Search flights between airports (departure_id, arrival_id as IATA codes, outbound_date, return_date for a round trip) with prices ' +
      'and schedules. With only a natural-language query, a web search for flights is made instead.',
    input: {
      query: s.string('Free text, e.g. "NYC to London on March 15" (used when no airport codes are given)'),
      departure_id: s.string('Departure airport code, e.g. JFK'),
      arrival_id: s.string('Arrival airport code, e.g. LHR'),
      outbound_date: s.string('YYYY-MM-DD'),
      return_date: s.string('YYYY-MM-DD (round trip)'),
      adults: s.integer('Adults'),
      children: s.integer('Children'),
      travel_class: s.integer('1 economy, 2 premium economy, 3 business, 4 first'),
      currency: s.string('Currency, e.g. USD'),
      gl,
      hl,
    },
    required: [],
    query: (a) =>
      text(a.departure_id) && text(a.arrival_id)
        ? {
            engine: 'google_flights',
            departure_id: text(a.departure_id),
            arrival_id: text(a.arrival_id),
            outbound_date: text(a.outbound_date),
            return_date: text(a.return_date),
            type: text(a.return_date) ? 1 : 2,
            adults: num(a.adults),
            children: num(a.children),
            travel_class: num(a.travel_class),
            currency: text(a.currency),
            gl: text(a.gl),
            hl: text(a.hl),
          }
        : { engine: 'google', q: `flights ${text(a.query) ?? ''}`.trim() },
  },
  {
    slug: 'COMPOSIO_SEARCH_HOTELS',
    name: 'Hotel search',
    description:
      'Search hotels and rentals for dates: data.results.properties with rates; start with few filters, since strict combinations can come back empty.',
    input: {
      q: s.string('Destination or hotel, e.g. "Paris"'),
      check_in_date: s.string('YYYY-MM-DD'),
      check_out_date: s.string('YYYY-MM-DD'),
      adults: s.integer('Adults'),
      children: s.integer('Children'),
      ...priced,
      hotel_class: s.string('Star classes, e.g. "4,5"'),
      sort_by: s.integer('3 lowest price, 8 highest rating, 13 most reviewed'),
      free_cancellation: s.boolean('Only with free cancellation'),
      currency: s.string('Currency, e.g. USD'),
      gl,
      hl,
    },
    required: ['q', 'check_in_date', 'check_out_date'],
    query: (a) => ({
      engine: 'google_hotels',
      q: text(a.q),
      check_in_date: text(a.check_in_date),
      check_out_date: text(a.check_out_date),
      adults: num(a.adults),
      children: num(a.children),
      min_price: num(a.min_price),
      max_price: num(a.max_price),
      hotel_class: text(a.hotel_class),
      sort_by: num(a.sort_by),
      free_cancellation: flag(a.free_cancellation),
      currency: text(a.currency),
      gl: text(a.gl),
      hl: text(a.hl),
    }),
  },
  {
    slug: 'COMPOSIO_SEARCH_TRIP_ADVISOR',
    name: 'TripAdvisor search',
    description:
      'Search TripAdvisor for attractions, restaurants, hotels and tours (ssrc: A attractions, r restaurants, h hotels, a all); results under data.results.locations.',
    input: { query, ssrc: s.string('Kind of place'), tripadvisor_domain: s.string('Site, e.g. tripadvisor.com') },
    query: (a) => ({
      engine: 'tripadvisor',
      q: text(a.query),
      ssrc: text(a.ssrc),
      tripadvisor_domain: text(a.tripadvisor_domain),
    }),
  },
];

/** Readable text of an HTML page: scripts, styles and tags dropped, entities decoded, blank runs collapsed. */
function pageText(html: string): string {
  return html
    .replace(/<(head|script|style|noscript|svg)[\s\S]*?<\/\1>/gi, '')
    .replace(/<(br|\/p|\/div|\/h[1-6]|\/li|\/tr)[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}

const others: CuratedTool[] = [
  composite({
    slug: 'COMPOSIO_SEARCH_FETCH_URL_CONTENT',
    name: 'Fetch URL content',
    description:
      "Read public web pages and return each page's title and readable text (HTML only; not images or PDFs). Give urls (or url).",
    tags: ['composio_search', 'web'],
    noAuth: true,
    input: params({
      urls: s.strings('Pages to read (up to 10)'),
      url: s.string('One page to read'),
      max_characters: s.integer('Cut each text at this length (default 20000)'),
    }),
    run: async (ctx, a) => {
      const urls = [...(Array.isArray(a.urls) ? (a.urls as unknown[]) : []), a.url].filter(
        (u): u is string => typeof u === 'string' && /^https?:\/\//.test(u),
      );
      if (!urls.length) throw new ToolFailure('Give urls: http(s) addresses of pages');
      const max = num(a.max_characters) ?? 20_000;
      const results = [];
      for (const url of urls.slice(0, 10)) {
        const r = await ctx.call({ method: 'GET', url, headers: { accept: 'text/html,*/*;q=0.5' } });
        const body = typeof r.body === 'string' ? r.body : JSON.stringify(r.body ?? '');
        if (!r.ok) {
          results.push({ url, error: `HTTP ${r.status}` });
          continue;
        }
        const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1]?.trim() ?? '';
        const content = r.contentType.includes('html') ? pageText(body) : body;
        results.push({ url, title, text: content.slice(0, max) });
      }
      return { results };
    },
  }),
  composite({
    slug: 'COMPOSIO_SEARCH_NPPESNPI_LOOKUP',
    name: 'NPI registry lookup',
    description:
      "Look up US healthcare providers in the CMS NPI registry by NPI number or by name, organisation, place or specialty. Returns the registry's records.",
    tags: ['composio_search', 'health'],
    noAuth: true,
    input: params({
      number: s.string('10-digit NPI'),
      first_name: s.string('Provider first name'),
      last_name: s.string('Provider last name'),
      organization_name: s.string('Organisation name'),
      taxonomy_description: s.string('Specialty, e.g. "Cardiology"'),
      city: s.string('City'),
      state: s.string('Two-letter state'),
      postal_code: s.string('ZIP code'),
      enumeration_type: s.enum(['NPI-1', 'NPI-2'], 'NPI-1 individuals, NPI-2 organisations'),
      limit: s.integer('At most this many (default 10, max 200)'),
    }),
    run: async (ctx, a) => {
      const fields = [
        'number',
        'first_name',
        'last_name',
        'organization_name',
        'taxonomy_description',
        'city',
        'state',
        'postal_code',
        'enumeration_type',
      ];
      const q: Query = { version: '2.1', limit: num(a.limit) ?? 10 };
      for (const f of fields) if (text(a[f]) ?? num(a[f])) q[f] = (text(a[f]) ?? num(a[f])) as string | number;
      if (Object.keys(q).length === 2) throw new ToolFailure('Give number or at least one search field');
      const body = await ctx.json<Args>({ method: 'GET', url: `${NPI}/api/`, query: q });
      if (Array.isArray(body.Errors) && body.Errors.length) throw new ToolFailure(JSON.stringify(body.Errors));
      return { result_count: body.result_count ?? 0, results: body.results ?? [] };
    },
  }),
  composite({
    slug: 'COMPOSIO_SEARCH_SEC_FILINGS',
    name: 'SEC EDGAR filings',
    description:
      "List a company's SEC filings (10-K, 10-Q, 8-K…) from EDGAR by ticker or CIK, newest first, with links to each primary document.",
    tags: ['composio_search', 'finance'],
    noAuth: true,
    input: params({
      ticker: s.string('Ticker, e.g. AAPL'),
      cik: s.string('SEC Central Index Key'),
      form_type: s.string('Only this form, e.g. 10-K'),
      limit: s.integer('At most this many filings (default 20)'),
    }),
    run: async (ctx, a) => {
      const headers = { 'user-agent': SEC_AGENT };
      let cik = text(a.cik)?.replace(/\D/g, '');
      if (!cik && text(a.ticker)) {
        const list = await ctx.json<Record<string, { cik_str: number; ticker: string; title: string }>>({
          method: 'GET',
          url: `${SEC_WWW}/files/company_tickers.json`,
          headers,
        });
        const hit = Object.values(list).find((c) => c.ticker.toUpperCase() === String(a.ticker).toUpperCase());
        if (!hit) throw new ToolFailure(`Ticker ${String(a.ticker)} not found at the SEC`);
        cik = String(hit.cik_str);
      }
      if (!cik) throw new ToolFailure('Give ticker or cik');
      const padded = cik.padStart(10, '0');
      const sub = await ctx.json<Args>({ method: 'GET', url: `${SEC}/submissions/CIK${padded}.json`, headers });
      const recent = ((sub.filings as Args | undefined)?.recent ?? {}) as Record<string, unknown[]>;
      const forms = recent.form ?? [];
      const want = text(a.form_type)?.toUpperCase();
      const filings = [];
      for (let i = 0; i < forms.length && filings.length < (num(a.limit) ?? 20); i++) {
        if (want && String(forms[i]).toUpperCase() !== want) continue;
        const acc = String(recent.accessionNumber?.[i] ?? '');
        const folder = `${SEC_WWW}/Archives/edgar/data/${Number(cik)}/${acc.replace(/-/g, '')}`;
        filings.push({
          form: forms[i],
          filing_date: recent.filingDate?.[i],
          report_date: recent.reportDate?.[i],
          accession_number: acc,
          primary_document_url: `${folder}/${String(recent.primaryDocument?.[i] ?? '')}`,
          index_url: `${folder}/${acc}-index.htm`,
        });
      }
      return { cik: padded, company: sub.name, tickers: sub.tickers ?? [], filings };
    },
  }),
  composite({
    slug: 'COMPOSIO_SEARCH_GROQ_CHAT',
    name: 'Groq chat completion',
    description:
      'Fast chat completion on open models through Groq (OpenAI-compatible): give prompt or messages, optionally model, max_tokens, temperature. ' +
      'Returns the reply text in content and the raw choices.',
    tags: ['composio_search', 'llm'],
    noAuth: true,
    input: params({
      prompt: s.string('The user message (or give messages)'),
      messages: s.array(
        s.object({ role: s.string('system, user or assistant'), content: s.string('Text') }, 'A message'),
        'The conversation',
      ),
      system_prompt: s.string('A system message placed first'),
      model: s.string('Model id (default llama-3.3-70b-versatile)'),
      max_tokens: s.integer('Longest reply in tokens'),
      temperature: s.number('Sampling temperature, 0–2'),
    }),
    run: async (ctx, a) => {
      const key = ctx.setting?.('search_groq_key');
      if (!key)
        throw new ToolFailure(
          'COMPOSIO_SEARCH_GROQ_CHAT is not configured: the operator sets JUNCTION_SEARCH_GROQ_KEY',
        );
      const messages = [
        ...(text(a.system_prompt) ? [{ role: 'system', content: text(a.system_prompt) }] : []),
        ...(Array.isArray(a.messages) ? (a.messages as unknown[]) : []),
        ...(text(a.prompt) ? [{ role: 'user', content: text(a.prompt) }] : []),
      ];
      if (!messages.length) throw new ToolFailure('Give prompt or messages');
      const r = await ctx.json<Args>({
        method: 'POST',
        url: `${GROQ}/openai/v1/chat/completions`,
        headers: { authorization: `Bearer ${key}` },
        body: {
          model: text(a.model) ?? 'llama-3.3-70b-versatile',
          messages,
          ...(num(a.max_tokens) ? { max_tokens: num(a.max_tokens) } : {}),
          ...(num(a.temperature) !== undefined ? { temperature: num(a.temperature) } : {}),
        },
      });
      const choices = Array.isArray(r.choices) ? (r.choices as Args[]) : [];
      const content = String(((choices[0]?.message ?? {}) as Args).content ?? '');
      return { content, model: r.model, choices, usage: r.usage ?? {} };
    },
  }),
];

export const composioSearchTools: CuratedTool[] = [...engines.map(engine), ...others];

export const composioSearch = standaloneToolkit(
  {
    slug: 'composio_search',
    name: 'Composio Search',
    description:
      "Keyless search for agents — web, news, images, scholar, shopping, maps, events, travel, finance, trends — on the operator's SerpApi-compatible account (JUNCTION_SEARCH_SERPAPI_KEY), plus page fetching, NPI and SEC EDGAR lookups.",
    categories: [CATEGORIES.search],
    baseUrl: 'https://serpapi.com',
    authSchemes: [noAuth],
    noAuth: true,
  },
  composioSearchTools,
);
