/**
 * Search and web toolkits agents reach for, each with the user's own API key placed where the
 * provider reads it: Tavily (Bearer), Exa (x-api-key), Firecrawl (Bearer), SerpApi (api_key query
 * parameter), Perplexity (Bearer). Tools are mappings onto the providers' REST endpoints (Perplexity's
 * chat call is a composite because it builds the messages). Where the hosted argument name is not
 * known the provider's own name is used in snake_case; SerpApi's engines take the provider's `q`
 * (a hosted-style `query` is folded into it).
 */
import { at, composite, http, mapping, params, s } from './define';
import { apiKeyScheme, CATEGORIES, standaloneToolkit } from './toolkit-def';
import { exaResearchAndWebsetsTools } from './search-web-exa';
import { perplexityAgentTools } from './search-web-perplexity';
import { acceptCamel } from './rest-mapping';
import type { CuratedTool, MappingTool } from './types';

type Args = Record<string, unknown>;
const body = (...names: [string, string][]) =>
  Object.fromEntries(names.map(([arg, provider]) => [arg, at.body(provider)]));
const same = (...names: string[]) => body(...names.map((n) => [n, n] as [string, string]));

// ------------------------------------------------------------------------------------------- Tavily
const domains = (what: string) => s.strings(`${what}, e.g. ["arxiv.org"]`);
export const tavilyTools: CuratedTool[] = [
  mapping({
    slug: 'TAVILY_SEARCH',
    name: 'Web search (Tavily)',
    important: true,
    tags: ['tavily', 'search'],
    description:
      'Search the web and get ranked results with title, url, a relevant content snippet and score; optionally a short ' +
      'generated answer (include_answer) and the pages\' full text (include_raw_content). Use topic "news" with days for recent news. ' +
      'Results are in data.results.',
    input: params(
      {
        query: s.string('What to search for'),
        search_depth: s.enum(['basic', 'advanced'], 'advanced digs deeper (costs more credits)'),
        topic: s.enum(['general', 'news', 'finance'], 'Kind of search'),
        days: s.integer('For news: how many days back'),
        time_range: s.enum(['day', 'week', 'month', 'year'], 'Only results from this recent period'),
        max_results: s.integer('How many results (0–20, default 5)', { minimum: 0, maximum: 20 }),
        include_answer: s.boolean('Also return a short answer written from the results'),
        include_raw_content: s.boolean("Also return each page's cleaned full text"),
        include_images: s.boolean('Also return related image URLs'),
        include_domains: domains('Only these sites'),
        exclude_domains: domains('Never these sites'),
      },
      ['query'],
    ),
    http: http(
      'POST',
      '/search',
      same(
        'query',
        'search_depth',
        'topic',
        'days',
        'time_range',
        'max_results',
        'include_answer',
        'include_raw_content',
        'include_images',
        'include_domains',
        'exclude_domains',
      ),
    ),
  }),
  mapping({
    slug: 'TAVILY_EXTRACT',
    name: 'Extract page content (Tavily)',
    tags: ['tavily', 'web'],
    description:
      'Fetch one or more URLs and return their cleaned main content (raw_content per URL, failed_results for the rest). Give urls; query reranks chunks by relevance.',
    input: params(
      {
        urls: s.strings('Pages to read (up to 20)'),
        include_images: s.boolean('Also list images found'),
        extract_depth: s.enum(['basic', 'advanced'], 'advanced handles tables and embedded content'),
        format: s.enum(['markdown', 'text'], 'Output format'),
        query: s.string('Rerank extracted chunks by relevance to this'),
      },
      ['urls'],
    ),
    http: http('POST', '/extract', same('urls', 'include_images', 'extract_depth', 'format', 'query')),
  }),
  mapping({
    slug: 'TAVILY_CRAWL',
    name: 'Crawl a site (Tavily)',
    tags: ['tavily', 'web'],
    description:
      'Crawl a website from url, following links (max_depth, max_breadth, limit), optionally guided by natural-language instructions and path patterns; returns the pages with their content.',
    input: params(
      {
        url: s.string('Root URL'),
        max_depth: s.integer('How far from the root'),
        max_breadth: s.integer('Links followed per page'),
        limit: s.integer('Total pages to process'),
        instructions: s.string('What to look for, in plain words'),
        select_paths: s.strings('Only paths matching these regexes'),
        exclude_paths: s.strings('Skip paths matching these regexes'),
        allow_external: s.boolean('Follow links to other domains'),
        extract_depth: s.enum(['basic', 'advanced'], 'Content extraction depth'),
        format: s.enum(['markdown', 'text'], 'Output format'),
      },
      ['url'],
    ),
    http: http(
      'POST',
      '/crawl',
      same(
        'url',
        'max_depth',
        'max_breadth',
        'limit',
        'instructions',
        'select_paths',
        'exclude_paths',
        'allow_external',
        'extract_depth',
        'format',
      ),
    ),
  }),
  mapping({
    slug: 'TAVILY_MAP',
    name: "Map a site's URLs (Tavily)",
    tags: ['tavily', 'web'],
    description:
      'List the pages of a website without their content, starting at url (same depth, breadth and path controls as TAVILY_CRAWL). Use it to find the right pages, then TAVILY_EXTRACT them.',
    input: params(
      {
        url: s.string('Root URL'),
        max_depth: s.integer('How far from the root'),
        max_breadth: s.integer('Links followed per page'),
        limit: s.integer('Total pages to list'),
        instructions: s.string('What to look for'),
        select_paths: s.strings('Only paths matching these regexes'),
        exclude_paths: s.strings('Skip paths matching these regexes'),
      },
      ['url'],
    ),
    http: http(
      'POST',
      '/map',
      same('url', 'max_depth', 'max_breadth', 'limit', 'instructions', 'select_paths', 'exclude_paths'),
    ),
  }),
  mapping({
    slug: 'TAVILY_GET_USAGE',
    name: 'API usage (Tavily)',
    tags: ['tavily', 'account'],
    description: "The key's and the account's credit usage and limits, per endpoint. Check before a large batch.",
    input: params({}),
    http: http('GET', '/usage'),
  }),
];

// ---------------------------------------------------------------------------------------------- Exa
const exaContents = s.object(
  {
    text: s.boolean('Include page text'),
    highlights: s.boolean('Include key sentences'),
    summary: s.boolean('Include a summary'),
  },
  'Page contents to return with each result',
);
/**
 * The hosted Exa search tools take Exa's own camelCase names (numResults, includeDomains …) and the
 * content switches (text, highlights, summary) at the top level; ours are snake_case with a `contents`
 * object. Both spellings are accepted: camelCase is folded into ours before validation.
 */
function exaSearchArgs(names: string[]) {
  const camelToo = acceptCamel(names);
  return (args: Record<string, unknown>) => {
    const out = camelToo(args);
    const moved = ['text', 'highlights', 'summary'].filter((k) => typeof out[k] === 'boolean');
    if (moved.length) {
      const contents = { ...((out.contents as Record<string, unknown> | undefined) ?? {}) };
      for (const k of moved) {
        contents[k] ??= out[k];
        delete out[k];
      }
      out.contents = contents;
    }
    return out;
  };
}

export const exaTools: CuratedTool[] = [
  mapping({
    slug: 'EXA_SEARCH',
    name: 'Search (Exa)',
    important: true,
    tags: ['exa', 'search'],
    description:
      'Meaning-based web search: describe what the page is about and get results with url, title, published date and, if asked (contents), text, highlights or summary. ' +
      'Filter by site, date and category (company, research paper, news, pdf, github, tweet, personal site…).',
    input: params(
      {
        query: s.string('What you are looking for'),
        num_results: s.integer('How many results (default 10, at most 100)', { minimum: 1, maximum: 100 }),
        type: s.enum(['auto', 'neural', 'keyword', 'fast'], 'Search method'),
        category: s.string('Restrict to a category, e.g. news or research paper'),
        include_domains: domains('Only these sites'),
        exclude_domains: domains('Never these sites'),
        start_published_date: s.string('Published after (ISO 8601)'),
        end_published_date: s.string('Published before (ISO 8601)'),
        contents: exaContents,
      },
      ['query'],
    ),
    normalize: exaSearchArgs([
      'num_results',
      'include_domains',
      'exclude_domains',
      'start_published_date',
      'end_published_date',
    ]),
    http: http(
      'POST',
      '/search',
      body(
        ['query', 'query'],
        ['num_results', 'numResults'],
        ['type', 'type'],
        ['category', 'category'],
        ['include_domains', 'includeDomains'],
        ['exclude_domains', 'excludeDomains'],
        ['start_published_date', 'startPublishedDate'],
        ['end_published_date', 'endPublishedDate'],
        ['contents', 'contents'],
      ),
    ),
  }),
  mapping({
    slug: 'EXA_FIND_SIMILAR',
    name: 'Find similar pages (Exa)',
    tags: ['exa', 'search'],
    description:
      'Pages similar in meaning to a given url (competitors, related papers, more posts like this one). Same result shape and filters as EXA_SEARCH.',
    input: params(
      {
        url: s.string('The page to find look-alikes of'),
        num_results: s.integer('How many results', { minimum: 1, maximum: 100 }),
        include_domains: domains('Only these sites'),
        exclude_domains: domains('Never these sites'),
        exclude_source_domain: s.boolean("Leave out the url's own site"),
        contents: exaContents,
      },
      ['url'],
    ),
    normalize: exaSearchArgs(['num_results', 'include_domains', 'exclude_domains', 'exclude_source_domain']),
    http: http(
      'POST',
      '/findSimilar',
      body(
        ['url', 'url'],
        ['num_results', 'numResults'],
        ['include_domains', 'includeDomains'],
        ['exclude_domains', 'excludeDomains'],
        ['exclude_source_domain', 'excludeSourceDomain'],
        ['contents', 'contents'],
      ),
    ),
  }),
  mapping({
    slug: 'EXA_GET_CONTENTS_ACTION',
    name: 'Get page contents (Exa)',
    tags: ['exa', 'web'],
    description:
      'Full text, highlights or a summary of pages, by urls (or result ids from EXA_SEARCH). Use it to read the articles a search found.',
    input: params({
      urls: s.strings('Pages to read'),
      ids: s.strings('Result ids from EXA_SEARCH'),
      text: s.boolean('Return the text (default true)'),
      highlights: s.boolean('Return key sentences'),
      summary: s.boolean('Return a summary'),
    }),
    defaults: { text: true },
    http: http('POST', '/contents', same('urls', 'ids', 'text', 'highlights', 'summary')),
  }),
  mapping({
    slug: 'EXA_ANSWER',
    name: 'Answer a question from the web (Exa)',
    tags: ['exa', 'search'],
    description:
      'Ask a question; Exa searches and writes a short answer with citations (url and title of each source).',
    input: params({ query: s.string('The question'), text: s.boolean("Include the sources' text") }, ['query']),
    http: http('POST', '/answer', same('query', 'text')),
  }),
  ...exaResearchAndWebsetsTools,
];

// ---------------------------------------------------------------------------------------- Firecrawl
const V2 = 'https://api.firecrawl.dev/v2';
const formats = s.strings('Output formats: markdown, html, rawHtml, links, screenshot, json (default markdown)');
const jobId = s.string('Job id returned when the job was started');
function job(
  slug: string,
  name: string,
  method: 'GET' | 'DELETE',
  path: string,
  description: string,
  v2 = false,
  extra: Partial<MappingTool> = {},
): MappingTool {
  return mapping({
    slug,
    name,
    description,
    tags: ['firecrawl', 'jobs'],
    input: params({ id: jobId }, ['id']),
    http: http(method, path, { id: at.path('id') }, v2 ? { serverUrl: V2 } : {}),
    ...extra,
  });
}
const crawlProps = {
  url: s.string('Where to start'),
  limit: s.integer('At most this many pages'),
  max_depth: s.integer('How many links deep'),
  include_paths: s.strings('Only URL paths matching these regexes'),
  exclude_paths: s.strings('Skip URL paths matching these regexes'),
  allow_external_links: s.boolean('Follow links to other sites'),
  scrape_options: s.object(
    { formats, onlyMainContent: s.boolean('Drop navigation and footers') },
    'How each page is scraped',
  ),
};
export const firecrawlTools: CuratedTool[] = [
  mapping({
    slug: 'FIRECRAWL_SCRAPE',
    name: 'Scrape a page (Firecrawl)',
    important: true,
    tags: ['firecrawl', 'web'],
    description:
      'Load one public URL in a browser and return it as clean markdown (or html, links, a screenshot, or JSON extracted with json_options). ' +
      'only_main_content drops menus and footers; actions can click, type or wait before the capture.',
    input: params(
      {
        url: s.string('Page to scrape'),
        formats,
        only_main_content: s.boolean('Only the main content (default true)'),
        include_tags: s.strings('Keep only these HTML tags/selectors'),
        exclude_tags: s.strings('Drop these HTML tags/selectors'),
        wait_for: s.integer('Milliseconds to wait before capturing'),
        timeout: s.integer('Give up after this many milliseconds'),
        actions: s.array(
          s.object({ type: s.string('wait, click, write, press, scroll, screenshot…') }, 'A browser action', {
            additionalProperties: true,
          }),
          'Browser actions before the capture',
        ),
        json_options: s.object(
          {
            prompt: s.string('What to extract'),
            schema: s.object({}, 'JSON Schema of the result', { additionalProperties: true }),
          },
          'LLM extraction into JSON (add "json" to formats)',
        ),
      },
      ['url'],
    ),
    http: http(
      'POST',
      '/scrape',
      body(
        ['url', 'url'],
        ['formats', 'formats'],
        ['only_main_content', 'onlyMainContent'],
        ['include_tags', 'includeTags'],
        ['exclude_tags', 'excludeTags'],
        ['wait_for', 'waitFor'],
        ['timeout', 'timeout'],
        ['actions', 'actions'],
        ['json_options', 'jsonOptions'],
      ),
    ),
  }),
  mapping({
    slug: 'FIRECRAWL_SEARCH',
    name: 'Search and scrape (Firecrawl)',
    important: true,
    tags: ['firecrawl', 'search'],
    description:
      "Web search that can also scrape each result: give query (and limit); add scrape_options.formats to get the pages' markdown in the same call.",
    input: params(
      {
        query: s.string('What to search for'),
        limit: s.integer('How many results (default 5)'),
        lang: s.string('Language code, e.g. en'),
        country: s.string('Country code, e.g. us'),
        tbs: s.string('Time filter, e.g. qdr:d for the past day'),
        scrape_options: s.object({ formats }, 'Scrape each result'),
      },
      ['query'],
    ),
    http: http(
      'POST',
      '/search',
      body(
        ['query', 'query'],
        ['limit', 'limit'],
        ['lang', 'lang'],
        ['country', 'country'],
        ['tbs', 'tbs'],
        ['scrape_options', 'scrapeOptions'],
      ),
    ),
  }),
  mapping({
    slug: 'FIRECRAWL_MAP_MULTIPLE_URLS_BASED_ON_OPTIONS',
    name: "Map a site's URLs (Firecrawl)",
    tags: ['firecrawl', 'web'],
    description:
      'List the URLs of a website fast (sitemap plus discovery), optionally ranked by a search term. Use it to pick pages before scraping them.',
    input: params(
      {
        url: s.string('Site to map'),
        search: s.string('Rank URLs by this term'),
        include_subdomains: s.boolean('Also subdomains'),
        ignore_sitemap: s.boolean('Do not read sitemap.xml'),
        limit: s.integer('At most this many URLs'),
      },
      ['url'],
    ),
    http: http(
      'POST',
      '/map',
      body(
        ['url', 'url'],
        ['search', 'search'],
        ['include_subdomains', 'includeSubdomains'],
        ['ignore_sitemap', 'ignoreSitemap'],
        ['limit', 'limit'],
      ),
    ),
  }),
  mapping({
    slug: 'FIRECRAWL_CRAWL',
    name: 'Start a crawl (Firecrawl)',
    tags: ['firecrawl', 'web'],
    description:
      'Start crawling a site from url (limit, depth and path filters); answers at once with the job id and url. Poll FIRECRAWL_CRAWL_GET with that id for progress and pages.',
    input: params(crawlProps, ['url']),
    http: http(
      'POST',
      '/crawl',
      body(
        ['url', 'url'],
        ['limit', 'limit'],
        ['max_depth', 'maxDepth'],
        ['include_paths', 'includePaths'],
        ['exclude_paths', 'excludePaths'],
        ['allow_external_links', 'allowExternalLinks'],
        ['scrape_options', 'scrapeOptions'],
      ),
    ),
  }),
  mapping({
    slug: 'FIRECRAWL_CRAWL_V2',
    name: 'Start a crawl, v2 API (Firecrawl)',
    tags: ['firecrawl', 'web'],
    description:
      'Start a crawl on the v2 API, which can also take a plain-language prompt to configure itself and crawl the whole domain; returns the job id for FIRECRAWL_CRAWL_GET.',
    input: params(
      {
        ...crawlProps,
        prompt: s.string('Describe what to crawl, in plain words'),
        crawl_entire_domain: s.boolean('Also follow links to sibling and parent pages'),
      },
      ['url'],
    ),
    http: http(
      'POST',
      '/crawl',
      body(
        ['url', 'url'],
        ['limit', 'limit'],
        ['max_depth', 'maxDiscoveryDepth'],
        ['include_paths', 'includePaths'],
        ['exclude_paths', 'excludePaths'],
        ['allow_external_links', 'allowExternalLinks'],
        ['scrape_options', 'scrapeOptions'],
        ['prompt', 'prompt'],
        ['crawl_entire_domain', 'crawlEntireDomain'],
      ),
      { serverUrl: V2 },
    ),
  }),
  job(
    'FIRECRAWL_CRAWL_GET',
    'Crawl status and pages (Firecrawl)',
    'GET',
    '/crawl/{id}',
    'Progress of a crawl (status, completed/total, credits used) and the pages scraped so far; follow next for more.',
    false,
    { aliases: ['FIRECRAWL_GET_THE_STATUS_OF_A_CRAWL_JOB'] },
  ),
  job(
    'FIRECRAWL_CRAWL_CANCEL',
    'Cancel a crawl (Firecrawl)',
    'DELETE',
    '/crawl/{id}',
    'Stop a running or queued crawl; finished jobs stay as they are.',
    false,
    { aliases: ['FIRECRAWL_CRAWL_DELETE'] },
  ),
  job(
    'FIRECRAWL_CRAWL_GET_ERRORS',
    'Crawl errors (Firecrawl)',
    'GET',
    '/crawl/{id}/errors',
    'Why pages of a crawl failed, and which URLs robots.txt blocked.',
  ),
  mapping({
    slug: 'FIRECRAWL_CRAWL_LIST_ACTIVE',
    name: 'Active crawls (Firecrawl)',
    tags: ['firecrawl', 'jobs'],
    description: "The team's crawls that are running now, with their ids and start URLs.",
    input: params({}),
    http: http('GET', '/crawl/active'),
  }),
  mapping({
    slug: 'FIRECRAWL_CRAWL_PARAMS_PREVIEW',
    name: 'Preview crawl settings (Firecrawl)',
    tags: ['firecrawl', 'web'],
    description:
      'See which crawl settings (paths, depth, scope) a plain-language prompt would produce for url, before starting FIRECRAWL_CRAWL_V2.',
    input: params({ url: s.string('Site'), prompt: s.string('What to crawl, in plain words') }, ['url', 'prompt']),
    http: http('POST', '/crawl/params-preview', same('url', 'prompt'), { serverUrl: V2 }),
  }),
  mapping({
    slug: 'FIRECRAWL_BATCH_SCRAPE',
    name: 'Scrape many pages (Firecrawl)',
    tags: ['firecrawl', 'web'],
    description:
      'Start scraping a list of URLs in one job (same options as FIRECRAWL_SCRAPE); returns a job id for FIRECRAWL_BATCH_SCRAPE_GET.',
    input: params(
      { urls: s.strings('Pages to scrape'), formats, only_main_content: s.boolean('Only the main content') },
      ['urls'],
    ),
    http: http(
      'POST',
      '/batch/scrape',
      body(['urls', 'urls'], ['formats', 'formats'], ['only_main_content', 'onlyMainContent']),
    ),
  }),
  job(
    'FIRECRAWL_BATCH_SCRAPE_GET',
    'Batch scrape status (Firecrawl)',
    'GET',
    '/batch/scrape/{id}',
    'Progress and results of a batch scrape.',
  ),
  job(
    'FIRECRAWL_BATCH_SCRAPE_CANCEL',
    'Cancel a batch scrape (Firecrawl)',
    'DELETE',
    '/batch/scrape/{id}',
    'Stop a running batch scrape.',
  ),
  job(
    'FIRECRAWL_BATCH_SCRAPE_GET_ERRORS',
    'Batch scrape errors (Firecrawl)',
    'GET',
    '/batch/scrape/{id}/errors',
    'Which URLs of a batch failed or were blocked by robots.txt, and why.',
  ),
  mapping({
    slug: 'FIRECRAWL_EXTRACT',
    name: 'Extract structured data (Firecrawl)',
    tags: ['firecrawl', 'web'],
    description:
      'Start extracting structured data from pages (urls, wildcards like example.com/* allowed) with a prompt and/or a JSON schema; returns a job id for FIRECRAWL_EXTRACT_GET.',
    input: params(
      {
        urls: s.strings('Pages or url patterns'),
        prompt: s.string('What to extract'),
        schema: s.object({}, 'JSON Schema of the result', { additionalProperties: true }),
        enable_web_search: s.boolean('Also look beyond the given pages'),
      },
      ['urls'],
    ),
    http: http(
      'POST',
      '/extract',
      body(['urls', 'urls'], ['prompt', 'prompt'], ['schema', 'schema'], ['enable_web_search', 'enableWebSearch']),
    ),
  }),
  job(
    'FIRECRAWL_EXTRACT_GET',
    'Extract job result (Firecrawl)',
    'GET',
    '/extract/{id}',
    'Status of an extract job and, when completed, the extracted data.',
  ),
  mapping({
    slug: 'FIRECRAWL_DEEP_RESEARCH',
    name: 'Start deep research (Firecrawl)',
    tags: ['firecrawl', 'search'],
    description:
      'Start a multi-step web research job on a question (max_depth, time_limit seconds, max_urls bound the cost); returns an id for FIRECRAWL_GET_DEEP_RESEARCH_STATUS.',
    input: params(
      {
        query: s.string('The research question'),
        max_depth: s.integer('Research iterations'),
        time_limit: s.integer('Seconds'),
        max_urls: s.integer('Pages to analyse at most'),
      },
      ['query'],
    ),
    http: http(
      'POST',
      '/deep-research',
      body(['query', 'query'], ['max_depth', 'maxDepth'], ['time_limit', 'timeLimit'], ['max_urls', 'maxUrls']),
    ),
  }),
  job(
    'FIRECRAWL_GET_DEEP_RESEARCH_STATUS',
    'Deep research result (Firecrawl)',
    'GET',
    '/deep-research/{id}',
    'Progress of a research job, then its final analysis, activities and sources.',
  ),
  mapping({
    slug: 'FIRECRAWL_LLMS_TXT_GENERATE',
    name: 'Generate llms.txt (Firecrawl)',
    tags: ['firecrawl', 'web'],
    description:
      'Start building an llms.txt (a compact, model-friendly digest) of a website; returns an id for FIRECRAWL_LLMS_TXT_GET.',
    input: params(
      {
        url: s.string('Site'),
        max_urls: s.integer('Pages to include'),
        show_full_text: s.boolean('Also produce llms-full.txt'),
      },
      ['url'],
    ),
    http: http('POST', '/llmstxt', body(['url', 'url'], ['max_urls', 'maxUrls'], ['show_full_text', 'showFullText'])),
  }),
  job(
    'FIRECRAWL_LLMS_TXT_GET',
    'llms.txt result (Firecrawl)',
    'GET',
    '/llmstxt/{id}',
    'Status of an llms.txt job and the generated text.',
  ),
  mapping({
    slug: 'FIRECRAWL_START_AGENT',
    name: 'Start an agent (Firecrawl)',
    tags: ['firecrawl', 'web'],
    description:
      'Start an agent that browses, searches and extracts across pages to fulfil a plain-language prompt (optionally from urls, into a schema); returns an id for FIRECRAWL_GET_AGENT_STATUS.',
    input: params(
      {
        prompt: s.string('What the agent should find'),
        urls: s.strings('Where to start'),
        schema: s.object({}, 'JSON Schema of the result', { additionalProperties: true }),
      },
      ['prompt'],
    ),
    http: http('POST', '/agent', same('prompt', 'urls', 'schema'), { serverUrl: V2 }),
  }),
  job(
    'FIRECRAWL_GET_AGENT_STATUS',
    'Agent result (Firecrawl)',
    'GET',
    '/agent/{id}',
    'Status of an agent job and the data it collected.',
    true,
  ),
  job(
    'FIRECRAWL_AGENT_CANCEL',
    'Cancel an agent (Firecrawl)',
    'DELETE',
    '/agent/{id}',
    'Stop a running agent job.',
    true,
  ),
  mapping({
    slug: 'FIRECRAWL_CREDIT_USAGE_GET',
    name: 'Credit usage (Firecrawl)',
    tags: ['firecrawl', 'account'],
    description: 'Remaining credits of the team and the billing period.',
    input: params({}),
    http: http('GET', '/team/credit-usage'),
  }),
  mapping({
    slug: 'FIRECRAWL_TOKEN_USAGE_GET',
    name: 'Token usage (Firecrawl)',
    tags: ['firecrawl', 'account'],
    description: 'Remaining extract tokens of the team.',
    input: params({}),
    http: http('GET', '/team/token-usage'),
  }),
  mapping({
    slug: 'FIRECRAWL_CREDIT_USAGE_GET_HISTORICAL',
    name: 'Credit usage by month (Firecrawl)',
    tags: ['firecrawl', 'account'],
    description: 'Credits used per month; by_api_key splits them per key.',
    input: params({ by_api_key: s.boolean('Split per API key') }),
    http: http('GET', '/team/credit-usage/historical', { by_api_key: at.query('byApiKey') }, { serverUrl: V2 }),
  }),
  mapping({
    slug: 'FIRECRAWL_TOKEN_USAGE_GET_HISTORICAL',
    name: 'Token usage by month (Firecrawl)',
    tags: ['firecrawl', 'account'],
    description: 'Extract tokens used per month; by_api_key splits them per key.',
    input: params({ by_api_key: s.boolean('Split per API key') }),
    http: http('GET', '/team/token-usage/historical', { by_api_key: at.query('byApiKey') }, { serverUrl: V2 }),
  }),
  mapping({
    slug: 'FIRECRAWL_QUEUE_GET',
    name: 'Queue status (Firecrawl)',
    tags: ['firecrawl', 'account'],
    description: "Jobs waiting and running in the team's scrape queue, and its concurrency limit.",
    input: params({}),
    http: http('GET', '/team/queue-status', {}, { serverUrl: V2 }),
  }),
];

// ------------------------------------------------------------------------------------------ SerpApi
const common = {
  location: s.string(
    'Where the search seems to come from, e.g. "Austin, Texas" (see SERPAPI_GET_AVAILABLE_LOCATION_OPTIONS_FOR_GOOGLE_SEARCHES)',
  ),
  gl: s.string('Country code, e.g. us'),
  hl: s.string('Interface language, e.g. en'),
  num: s.integer('How many results'),
  start: s.integer('Offset of the first result, for paging'),
  no_cache: s.boolean('Force a fresh search'),
};
const foldQuery = (key: string) => (a: Args) =>
  a[key] === undefined && typeof a.query === 'string' ? (({ query, ...rest }) => ({ ...rest, [key]: query }))(a) : a;

function engine(
  slug: string,
  name: string,
  eng: string,
  description: string,
  opts: {
    key?: string;
    keyDesc?: string;
    extra?: Record<string, unknown>;
    required?: boolean;
    fixed?: Args;
    important?: boolean;
  } = {},
): MappingTool {
  const key = opts.key ?? 'q';
  const props: Record<string, unknown> = {
    [key]: s.string(opts.keyDesc ?? 'Search query'),
    ...common,
    ...(opts.extra ?? {}),
  };
  const p = Object.fromEntries(Object.keys(props).map((k) => [k, at.query(k)]));
  return mapping({
    slug,
    name,
    tags: ['serpapi', 'search'],
    important: opts.important ?? false,
    description: `${description} Results come back as SerpApi's JSON (organic_results, etc.; search_metadata.id can be re-read with SERPAPI_GET_SEARCH_ARCHIVE).`,
    input: params(
      { ...props, engine: s.string('SerpApi engine (fixed by this tool)', { enum: [eng], default: eng }) },
      opts.required === false ? [] : [key],
    ),
    http: http('GET', '/search.json', {
      ...p,
      engine: at.query('engine'),
      ...(opts.fixed ? { tbm: at.query('tbm') } : {}),
    }),
    normalize: key === 'query' ? undefined : foldQuery(key),
    defaults: { engine: eng, ...(opts.fixed ?? {}) },
  });
}

export const serpapiTools: CuratedTool[] = [
  engine(
    'SERPAPI_SEARCH',
    'Google search (SerpApi)',
    'google',
    'Google web results for q, localisable with location/gl/hl; page with start.',
    { important: true },
  ),
  engine(
    'SERPAPI_NEWS_SEARCH',
    'Google News search (SerpApi)',
    'google',
    'Google News articles for q (news_results).',
    { fixed: { tbm: 'nws' }, extra: { tbm: s.string('Fixed to nws (news)') } },
  ),
  engine(
    'SERPAPI_IMAGE_SEARCH',
    'Google Images search (SerpApi)',
    'google_images',
    'Google Images results for q (images_results with original and thumbnail URLs).',
  ),
  engine(
    'SERPAPI_SEARCH_GOOGLE_IMAGES_LIGHT',
    'Google Images, light (SerpApi)',
    'google_images_light',
    'Faster Google Images results without the rich extras.',
  ),
  engine(
    'SERPAPI_SCHOLAR_SEARCH',
    'Google Scholar search (SerpApi)',
    'google_scholar',
    'Papers, citations and PDF links from Google Scholar for q.',
  ),
  engine(
    'SERPAPI_GOOGLE_SCHOLAR_AUTHOR',
    'Google Scholar author (SerpApi)',
    'google_scholar_author',
    "A researcher's Scholar profile: articles, citation counts, co-authors.",
    { key: 'author_id', keyDesc: 'Scholar author id' },
  ),
  engine(
    'SERPAPI_GOOGLE_SCHOLAR_CITE',
    'Google Scholar citations (SerpApi)',
    'google_scholar_cite',
    'Formatted citations (MLA, APA, Chicago…) of a Scholar result.',
    { keyDesc: 'Scholar result id' },
  ),
  engine(
    'SERPAPI_EVENT_SEARCH',
    'Google Events search (SerpApi)',
    'google_events',
    'Concerts, talks and other events for q (events_results with dates and venues).',
  ),
  engine(
    'SERPAPI_FINANCE_SEARCH',
    'Google Finance (SerpApi)',
    'google_finance',
    'Quote, market data and news for a ticker or company in q (e.g. GOOGL:NASDAQ).',
  ),
  engine(
    'SERPAPI_GOOGLE_MAPS_SEARCH',
    'Google Maps search (SerpApi)',
    'google_maps',
    'Places for q (local_results with address, rating, hours); ll sets the map centre.',
    { extra: { ll: s.string('Centre as @lat,lng,zoom, e.g. @40.7,-74.0,14z'), type: s.string('search or place') } },
  ),
  engine(
    'SERPAPI_GOOGLE_MAPS_POSTS',
    'Google Maps posts (SerpApi)',
    'google_maps_posts',
    'Updates a business posted on its Maps listing.',
    { key: 'data_id', keyDesc: "The place's data_id from a Maps search" },
  ),
  engine(
    'SERPAPI_GOOGLE_JOBS_SEARCH',
    'Google Jobs search (SerpApi)',
    'google_jobs',
    'Job listings for q (jobs_results with company, location and detected_extensions).',
  ),
  engine(
    'SERPAPI_HOTEL_SEARCH',
    'Google Hotels search (SerpApi)',
    'google_hotels',
    'Hotels for q between check_in_date and check_out_date, with prices.',
    {
      extra: {
        check_in_date: s.string('YYYY-MM-DD'),
        check_out_date: s.string('YYYY-MM-DD'),
        adults: s.integer('Guests'),
      },
    },
  ),
  engine(
    'SERPAPI_GET_GOOGLE_HOTELS_AUTOCOMPLETE_SUGGESTIONS',
    'Google Hotels suggestions (SerpApi)',
    'google_hotels_autocomplete',
    'Destination and property suggestions for a partial q.',
  ),
  engine(
    'SERPAPI_PLAY_SEARCH',
    'Google Play search (SerpApi)',
    'google_play',
    'Apps, games, books or movies on Google Play for q.',
    { required: false, extra: { store: s.string('apps, games, books or movies') } },
  ),
  engine(
    'SERPAPI_GOOGLE_PLAY_PRODUCT',
    'Google Play product (SerpApi)',
    'google_play_product',
    'Details, ratings and reviews of one Google Play item.',
    {
      key: 'product_id',
      keyDesc: 'Product id, e.g. com.spotify.music',
      extra: { store: s.string('apps, games, books or movies') },
    },
  ),
  engine(
    'SERPAPI_YOU_TUBE_SEARCH',
    'YouTube search (SerpApi)',
    'youtube',
    'YouTube videos, channels and playlists for a query.',
    { key: 'search_query', keyDesc: 'What to search on YouTube' },
  ),
  engine(
    'SERPAPI_GOOGLE_VIDEOS_LIGHT',
    'Google Videos, light (SerpApi)',
    'google_videos_light',
    'Video results (title, link, duration, date) from Google Videos.',
  ),
  engine(
    'SERPAPI_GOOGLE_LIGHT_SEARCH',
    'Google search, light (SerpApi)',
    'google_light',
    'Faster Google web results (organic_results only).',
  ),
  engine(
    'SERPAPI_GOOGLE_FORUMS_SEARCH',
    'Google forums search (SerpApi)',
    'google_forums',
    'Forum discussions (titles, answers, votes) for q.',
  ),
  engine(
    'SERPAPI_GOOGLE_LENS_SEARCH',
    'Google Lens (SerpApi)',
    'google_lens',
    'Reverse image search: visually similar images, products and the object in a public image url.',
    { key: 'url', keyDesc: 'Public image URL' },
  ),
  engine(
    'SERPAPI_GET_GOOGLE_ABOUT_THIS_RESULT',
    'About this result (SerpApi)',
    'google_about_this_result',
    'What Google knows about a site (description, social profiles, citations) for q, a URL or domain.',
  ),
  engine(
    'SERPAPI_GET_GOOGLE_IMAGES_RELATED_CONTENT',
    'Related images (SerpApi)',
    'google_images_related_content',
    'Content related to one Google Images result.',
    { key: 'related_content_id', keyDesc: 'related_content_id from an image search' },
  ),
  engine(
    'SERPAPI_GET_GOOGLE_PATENT_DETAILS',
    'Google patent details (SerpApi)',
    'google_patents_details',
    'Claims, citations, inventors and legal events of a patent.',
    { key: 'patent_id', keyDesc: 'e.g. patent/US11734097B1/en' },
  ),
  engine('SERPAPI_BING_SEARCH', 'Bing search (SerpApi)', 'bing', 'Bing web results for q; mkt and cc localise.', {
    extra: { mkt: s.string('Market, e.g. en-US'), cc: s.string('Country code') },
  }),
  engine('SERPAPI_BING_MAPS', 'Bing Maps (SerpApi)', 'bing_maps', 'Places on Bing Maps for q.', { required: false }),
  engine(
    'SERPAPI_DUCK_DUCK_GO_SEARCH',
    'DuckDuckGo search (SerpApi)',
    'duckduckgo',
    'DuckDuckGo results for q; kl sets the region.',
    { extra: { kl: s.string('Region, e.g. us-en') } },
  ),
  engine(
    'SERPAPI_DUCK_DUCK_GO_LIGHT_SEARCH',
    'DuckDuckGo, light (SerpApi)',
    'duckduckgo_light',
    'Faster DuckDuckGo results.',
  ),
  engine(
    'SERPAPI_DUCK_DUCK_GO_MAPS',
    'DuckDuckGo Maps (SerpApi)',
    'duckduckgo_maps',
    'Places on DuckDuckGo Maps for q.',
  ),
  engine('SERPAPI_BAIDU_SEARCH', 'Baidu search (SerpApi)', 'baidu', 'Baidu results for q (Chinese web).'),
  engine('SERPAPI_NAVER_SEARCH', 'Naver search (SerpApi)', 'naver', 'Naver results (Korean web) for query.', {
    key: 'query',
    keyDesc: 'Search words',
  }),
  engine('SERPAPI_EBAY_SEARCH', 'eBay search (SerpApi)', 'ebay', 'eBay listings for a query.', {
    key: '_nkw',
    keyDesc: 'Search words',
  }),
  engine(
    'SERPAPI_SEARCH_APPLE_APP_STORE',
    'Apple App Store search (SerpApi)',
    'apple_app_store',
    'iOS and Mac apps for term.',
    { key: 'term', keyDesc: 'Search words' },
  ),
  engine(
    'SERPAPI_OPEN_TABLE_REVIEWS',
    'OpenTable reviews (SerpApi)',
    'open_table_reviews',
    'Reviews and ratings of a restaurant on OpenTable.',
    { key: 'rid', keyDesc: 'Restaurant id from its OpenTable URL' },
  ),
  engine(
    'SERPAPI_GET_FACEBOOK_PROFILE',
    'Facebook profile (SerpApi)',
    'facebook_profile',
    'Public information of a Facebook profile or page.',
    { key: 'profile_id', keyDesc: 'Profile or page id/handle' },
  ),
  mapping({
    slug: 'SERPAPI_GET_SEARCH_ARCHIVE',
    name: 'Re-read a search (SerpApi)',
    tags: ['serpapi', 'search'],
    description:
      'The stored results of an earlier search by its search_metadata.id (up to 31 days), e.g. after an async search.',
    input: params({ search_id: s.string('search_metadata.id of the search') }, ['search_id']),
    http: http('GET', '/searches/{search_id}.json', { search_id: at.path('search_id') }),
  }),
  mapping({
    slug: 'SERPAPI_GET_AVAILABLE_LOCATION_OPTIONS_FOR_GOOGLE_SEARCHES',
    name: 'Search locations (SerpApi)',
    tags: ['serpapi', 'search'],
    description:
      'Valid values for the location argument, matching q (e.g. "Austin"): canonical names, countries and reach. Free, no credits.',
    input: params({ q: s.string('Part of a place name'), limit: s.integer('At most this many') }),
    http: http('GET', '/locations.json', { q: at.query('q'), limit: at.query('limit') }),
    shape: (b) => ({ locations: Array.isArray(b) ? b : [] }),
  }),
  mapping({
    slug: 'SERPAPI_GOOGLE_DOMAINS_LIST',
    name: 'Google domains (SerpApi)',
    tags: ['serpapi', 'search'],
    description:
      'The Google domains (google.de, google.co.jp…) the google_domain argument accepts, with their countries.',
    input: params({}),
    http: http('GET', '/google-domains.json'),
    shape: (b) => ({ domains: Array.isArray(b) ? b : [] }),
  }),
];

// --------------------------------------------------------------------------------------- Perplexity
export const perplexityTools: CuratedTool[] = [
  composite({
    slug: 'PERPLEXITYAI_PERPLEXITY_AI_SEARCH',
    name: 'Ask Perplexity (web-grounded answer)',
    important: true,
    tags: ['perplexityai', 'search'],
    description:
      'Ask a question and get an answer written from a live web search, with the source URLs (citations / search_results). Give userContent (the question); ' +
      'systemContent sets tone or format; model defaults to sonar (sonar-pro for harder questions). The answer text is in choices[0].message.content.',
    input: params(
      {
        userContent: s.string('The question or task'),
        systemContent: s.string('Instructions for the style of the answer'),
        model: s.string('sonar, sonar-pro, sonar-reasoning, sonar-reasoning-pro or sonar-deep-research', {
          default: 'sonar',
        }),
        max_tokens: s.integer('Longest answer in tokens'),
        temperature: s.number('0–2, lower is more focused'),
        top_p: s.number('Nucleus sampling'),
        search_domain_filter: s.strings('Only (or, with a leading -, never) these domains'),
        search_recency_filter: s.enum(['hour', 'day', 'week', 'month', 'year'], 'Only sources this recent'),
        return_images: s.boolean('Also return images'),
        return_related_questions: s.boolean('Also suggest follow-up questions'),
      },
      ['userContent'],
    ),
    async run(ctx, a) {
      const messages = [
        ...(a.systemContent ? [{ role: 'system', content: a.systemContent }] : []),
        { role: 'user', content: a.userContent },
      ];
      return ctx.json({
        method: 'POST',
        path: '/chat/completions',
        body: Object.fromEntries(
          Object.entries({
            model: a.model ?? 'sonar',
            messages,
            max_tokens: a.max_tokens,
            temperature: a.temperature,
            top_p: a.top_p,
            search_domain_filter: a.search_domain_filter,
            search_recency_filter: a.search_recency_filter,
            return_images: a.return_images,
            return_related_questions: a.return_related_questions,
          }).filter(([, v]) => v !== undefined),
        ),
      });
    },
  }),
  mapping({
    slug: 'PERPLEXITYAI_CREATE_CHAT_COMPLETION',
    name: 'Chat completion with web search (Perplexity)',
    tags: ['perplexityai', 'search'],
    description:
      'The full Sonar chat call: give model and messages (system/user/assistant turns); the answer is grounded in a live web search ' +
      'and comes with citations and search_results. Filters: search_domain_filter, search_recency_filter; response_format for JSON output.',
    input: params(
      {
        model: s.string('sonar, sonar-pro, sonar-reasoning-pro or sonar-deep-research'),
        messages: s.array(
          s.object(
            { role: s.enum(['system', 'user', 'assistant'], 'Who speaks'), content: s.string('The text') },
            'A turn',
          ),
          'The conversation, ending with a user turn',
        ),
        max_tokens: s.integer('Longest answer in tokens'),
        temperature: s.number('0–2'),
        top_p: s.number('Nucleus sampling'),
        search_domain_filter: s.strings('Only (or, with a leading -, never) these domains'),
        search_recency_filter: s.enum(['hour', 'day', 'week', 'month', 'year'], 'Only sources this recent'),
        return_images: s.boolean('Also return images'),
        return_related_questions: s.boolean('Also suggest follow-up questions'),
        response_format: s.object({ type: s.string('json_schema or regex') }, 'Structured output', {
          additionalProperties: true,
        }),
      },
      ['model', 'messages'],
    ),
    http: http(
      'POST',
      '/chat/completions',
      same(
        'model',
        'messages',
        'max_tokens',
        'temperature',
        'top_p',
        'search_domain_filter',
        'search_recency_filter',
        'return_images',
        'return_related_questions',
        'response_format',
      ),
    ),
  }),
  mapping({
    slug: 'PERPLEXITYAI_SEARCH',
    name: 'Raw web search (Perplexity)',
    tags: ['perplexityai', 'search'],
    description:
      "Ranked web results (title, url, snippet, date) from Perplexity's index without a written answer: cheaper and faster than a chat completion.",
    input: params(
      {
        query: s.string('What to search for'),
        max_results: s.integer('1–20 (default 10)', { minimum: 1, maximum: 20 }),
        search_domain_filter: s.strings('Only (or, with -, never) these domains'),
        search_recency_filter: s.enum(['hour', 'day', 'week', 'month', 'year'], 'Only results this recent'),
        country: s.string('Country code, e.g. US'),
      },
      ['query'],
    ),
    http: http(
      'POST',
      '/search',
      same('query', 'max_results', 'search_domain_filter', 'search_recency_filter', 'country'),
    ),
  }),
  composite({
    slug: 'PERPLEXITYAI_CREATE_ASYNC_CHAT_COMPLETION',
    name: 'Start a long research answer (Perplexity)',
    tags: ['perplexityai', 'search'],
    description:
      'Submit a chat completion to run in the background (for sonar-deep-research, which can take minutes). Returns the request id and status; poll PERPLEXITYAI_GET_ASYNC_CHAT_COMPLETION.',
    input: params(
      {
        model: s.string('Model, sonar-deep-research', { default: 'sonar-deep-research' }),
        messages: s.array(
          s.object(
            { role: s.enum(['system', 'user', 'assistant'], 'Who speaks'), content: s.string('The text') },
            'A turn',
          ),
          'The conversation',
        ),
        idempotency_key: s.string('Repeat-safe key: the same key never starts a second job'),
      },
      ['messages'],
    ),
    run: (ctx, a) =>
      ctx.json({
        method: 'POST',
        path: '/async/chat/completions',
        body: {
          request: { model: a.model ?? 'sonar-deep-research', messages: a.messages },
          ...(a.idempotency_key ? { idempotency_key: a.idempotency_key } : {}),
        },
      }),
  }),
  mapping({
    slug: 'PERPLEXITYAI_GET_ASYNC_CHAT_COMPLETION',
    name: 'Background answer result (Perplexity)',
    tags: ['perplexityai', 'search'],
    description:
      'Status of a background completion by id (CREATED, IN_PROGRESS, COMPLETED, FAILED) and, once completed, the answer.',
    input: params({ id: s.string('Request id') }, ['id']),
    http: http('GET', '/async/chat/completions/{id}', { id: at.path('id') }),
  }),
  mapping({
    slug: 'PERPLEXITYAI_LIST_ASYNC_CHAT_COMPLETIONS',
    name: 'Background answers (Perplexity)',
    tags: ['perplexityai', 'search'],
    description: 'Your background completions with their ids and statuses.',
    input: params({
      limit: s.integer('At most this many'),
      next_token: s.string('Paging token from the previous page'),
    }),
    http: http('GET', '/async/chat/completions', { limit: at.query('limit'), next_token: at.query('next_token') }),
  }),
  mapping({
    slug: 'PERPLEXITYAI_LIST_MODELS',
    name: 'Models (Perplexity)',
    tags: ['perplexityai'],
    description: 'Model identifiers available to the agent endpoint, in the OpenAI list format.',
    input: params({}),
    http: http('GET', '/v1/models'),
  }),
  mapping({
    slug: 'PERPLEXITYAI_CREATE_EMBEDDINGS',
    name: 'Embeddings (Perplexity)',
    tags: ['perplexityai', 'embeddings'],
    description:
      'Vector embeddings of one or more texts (model pplx-embed-v1-0.6b or pplx-embed-v1-4b); dimensions shortens them.',
    input: params(
      {
        model: s.string('Embedding model'),
        input: s.strings('Texts to embed'),
        dimensions: s.integer('Shorter vectors (Matryoshka)'),
      },
      ['model', 'input'],
    ),
    http: http('POST', '/v1/embeddings', same('model', 'input', 'dimensions')),
  }),
  ...perplexityAgentTools,
];

const key = (what: string, where: string) => `${what} API key (${where})`;
export const tavily = standaloneToolkit(
  {
    slug: 'tavily',
    name: 'Tavily',
    appUrl: 'https://tavily.com',
    baseUrl: 'https://api.tavily.com',
    categories: [CATEGORIES.search, CATEGORIES.ai],
    description:
      'Tavily is a search API built for agents: web search with answers, page extraction, crawling and site maps.',
    authSchemes: [
      apiKeyScheme(key('Tavily', 'starts with tvly-, from app.tavily.com'), { in: 'bearer', field: 'api_key' }),
    ],
  },
  tavilyTools,
);
export const exa = standaloneToolkit(
  {
    slug: 'exa',
    name: 'Exa',
    appUrl: 'https://exa.ai',
    baseUrl: 'https://api.exa.ai',
    categories: [CATEGORIES.search, CATEGORIES.ai],
    description:
      'Exa is a meaning-based web search engine for AI: search, similar pages, page contents, cited answers, ' +
      'long-running research tasks and Websets (verified, enriched lists of companies, people or articles).',
    authSchemes: [
      apiKeyScheme(key('Exa', 'dashboard.exa.ai → API keys'), { in: 'header', name: 'x-api-key', field: 'api_key' }),
    ],
  },
  exaTools,
);
export const firecrawl = standaloneToolkit(
  {
    slug: 'firecrawl',
    name: 'Firecrawl',
    appUrl: 'https://firecrawl.dev',
    baseUrl: 'https://api.firecrawl.dev/v1',
    categories: [CATEGORIES.search, CATEGORIES.ai],
    description:
      'Firecrawl turns websites into clean markdown or structured data: scrape, crawl, map, search and extract.',
    authSchemes: [
      apiKeyScheme(key('Firecrawl', 'starts with fc-, from firecrawl.dev/app/api-keys'), {
        in: 'bearer',
        field: 'api_key',
      }),
    ],
  },
  firecrawlTools,
);
export const serpapi = standaloneToolkit(
  {
    slug: 'serpapi',
    name: 'SerpApi',
    appUrl: 'https://serpapi.com',
    baseUrl: 'https://serpapi.com',
    categories: [CATEGORIES.search],
    description:
      'SerpApi returns search engine result pages as JSON: Google (web, news, images, scholar, maps, jobs, hotels…), Bing, DuckDuckGo, YouTube, eBay and more.',
    authSchemes: [
      apiKeyScheme(key('SerpApi', 'serpapi.com/manage-api-key'), { in: 'query', name: 'api_key', field: 'api_key' }),
    ],
  },
  serpapiTools,
);
export const perplexityai = standaloneToolkit(
  {
    slug: 'perplexityai',
    name: 'Perplexity AI',
    appUrl: 'https://www.perplexity.ai',
    baseUrl: 'https://api.perplexity.ai',
    categories: [CATEGORIES.search, CATEGORIES.ai],
    description: 'Perplexity answers questions from a live web search, citing its sources (Sonar models).',
    authSchemes: [
      apiKeyScheme(key('Perplexity', 'perplexity.ai/settings/api, starts with pplx-'), {
        in: 'bearer',
        field: 'api_key',
      }),
    ],
  },
  perplexityTools,
);
