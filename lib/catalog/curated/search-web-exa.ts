/**
 * Exa beyond search: the Research API (`/research/v1`), the Websets API (`/websets/v0/...`, same
 * host as search) and the Team Management API (`admin-api.exa.ai/team-management`, another host).
 * One Exa operation per tool. The hosted toolkit names these arguments as Exa does (camelCase:
 * `websetId`, `externalId`, `researchId`, `createdAfter`), so most go to Exa unchanged; a
 * snake_case spelling of them (`webset_id`) is folded into the hosted name before validation.
 */
import { at, http, mapping, params, s } from './define';
import type { CuratedTool } from './types';
import { acceptSnake } from './rest-mapping';

type Args = Record<string, unknown>;

const same = (...names: string[]) => Object.fromEntries(names.map((n) => [n, at.body(n)]));
const inQuery = (...names: string[]) => Object.fromEntries(names.map((n) => [n, at.query(n)]));

const WEBSETS = '/websets/v0';
const TEAM_MANAGEMENT = 'https://admin-api.exa.ai/team-management';

const metadata = (what: string) =>
  s.object({}, `Your own key-value labels for ${what} (string values, up to 1000 characters each)`, {
    additionalProperties: { type: 'string' },
  });
const entity = s.object(
  {
    type: s.enum(['company', 'person', 'article', 'research_paper', 'custom'], 'Kind of thing'),
    description: s.string('For type custom only: what the entities are, in a few words (2–200 characters)'),
  },
  'What kind of entity, e.g. {"type": "company"}',
  { required: ['type'] },
);
const sourceRef = (what: string) =>
  s.object(
    {
      source: s.enum(['import', 'webset'], 'Whether id names an import or a webset'),
      id: s.string('Id of that import or webset'),
    },
    what,
    { required: ['source', 'id'] },
  );
const criteria = (what: string) =>
  s.array(
    s.object({ description: s.string('One condition, in plain words') }, 'A criterion', { required: ['description'] }),
    what,
  );
const cursor = s.string('nextCursor from the previous page; omit for the first page');
const pageLimit = (max: number, dflt: number) =>
  s.integer(`How many per page (1–${max}, default ${dflt})`, { minimum: 1, maximum: max });

export const exaResearchAndWebsetsTools: CuratedTool[] = [
  // ------------------------------------------------------------------------------------ Research
  mapping({
    slug: 'EXA_CREATE_RESEARCH',
    name: 'Start a research task (Exa)',
    tags: ['exa', 'research'],
    description:
      'Start a background research task: an Exa agent plans, runs many searches, reads pages and writes up the result with citations. ' +
      'Use it for questions that need several sources and some reasoning (market overviews, comparisons, literature scans); for one quick fact use EXA_ANSWER. ' +
      'Pass instructions (what to find out and how the answer should look); optionally model (exa-research-fast, exa-research, exa-research-pro: slower and more thorough) ' +
      'and outputSchema, a JSON Schema the result must follow (otherwise you get a markdown report). ' +
      'Returns at once with researchId and status pending; poll EXA_GET_RESEARCH with that researchId until status is completed (seconds to minutes). ' +
      'Exa has announced the retirement of this Research API in favour of its deep-reasoning search; if Exa answers 404 or 410, ask EXA_SEARCH instead.',
    input: params(
      {
        instructions: s.string('What to research and what the output should contain (up to 50,000 characters)'),
        model: s.enum(
          ['exa-research-fast', 'exa-research', 'exa-research-pro'],
          'Research model (default exa-research)',
        ),
        outputSchema: s.object({}, 'JSON Schema for a structured result; leave out for a markdown report', {
          additionalProperties: true,
        }),
      },
      ['instructions'],
    ),
    normalize: acceptSnake(['outputSchema']),
    http: http('POST', '/research/v1', same('instructions', 'model', 'outputSchema')),
  }),
  mapping({
    slug: 'EXA_GET_RESEARCH',
    name: 'Research task status and result (Exa)',
    tags: ['exa', 'research'],
    description:
      'The state of a research task started with EXA_CREATE_RESEARCH, by researchId. status is pending, running, completed, canceled or failed. ' +
      'When completed, output.content holds the report (a JSON string if an outputSchema was given, with the parsed object in output.parsed), ' +
      'citations lists the sources and costDollars the cost. Call again every few seconds while it is pending or running; ' +
      'events=true adds the log of every search and page read. Lost the id? Find it with EXA_LIST_RESEARCH.',
    input: params(
      {
        researchId: s.string('researchId returned by EXA_CREATE_RESEARCH'),
        events: s.boolean('Also return the detailed log of what the agent did'),
      },
      ['researchId'],
    ),
    normalize: acceptSnake(['researchId']),
    http: http('GET', '/research/v1/{researchId}', {
      researchId: at.path('researchId'),
      events: at.query('events'),
    }),
  }),
  mapping({
    slug: 'EXA_LIST_RESEARCH',
    name: 'Research tasks (Exa)',
    tags: ['exa', 'research'],
    description:
      'Your research tasks, newest first, each with researchId, instructions, model and status (and the output of finished ones). ' +
      'Use it to find a task whose researchId you no longer have, or to see what is still running. ' +
      'Pages: pass limit (1–50), and while hasMore is true pass the returned nextCursor as cursor. Read one task in full with EXA_GET_RESEARCH.',
    input: params({ cursor, limit: pageLimit(50, 10) }),
    http: http('GET', '/research/v1', inQuery('cursor', 'limit')),
  }),

  // ------------------------------------------------------------------------------------- Websets
  mapping({
    slug: 'EXA_CREATE_WEBSET',
    name: 'Create a Webset (Exa)',
    tags: ['exa', 'websets'],
    description:
      'Create a Webset: a list of companies, people, articles or papers that Exa finds on the web, checks against your criteria one by one, ' +
      'and optionally enriches with extra fields (CEO name, funding, email…). Use it to build a verified list, not to answer a question (use EXA_SEARCH or EXA_CREATE_RESEARCH for that). ' +
      'Pass search.query (what you are looking for, in plain words) and search.count (how many items to aim for); optionally search.entity, search.criteria ' +
      '(up to 5 conditions every item must meet), search.scope / search.exclude (look only inside, or skip, an existing import or webset), ' +
      'enrichments (one per extra field: description, optional format and options), import (seed it from an import made with EXA_CREATE_IMPORT), ' +
      'title, externalId (your own id; a second create with the same one is refused) and metadata. ' +
      'Runs in the background: the answer is the Webset with its id and status running; follow progress with EXA_LIST_EVENTS, schedule refreshes with EXA_CREATE_MONITOR.',
    input: params({
      search: s.object(
        {
          query: s.string('What you are looking for, in plain words (URLs in it are read as context)'),
          count: s.integer('How many items to try to find (default 10)', { minimum: 1 }),
          entity,
          criteria: criteria('Up to 5 conditions every item is checked against; detected from the query when left out'),
          recall: s.boolean('Also estimate how many matching items exist in total'),
          scope: s.array(sourceRef('A source to search in'), 'Search only within these imports or websets'),
          exclude: s.array(sourceRef('A source to skip'), 'Leave out anything already in these imports or websets'),
        },
        'The search that fills the Webset',
        { required: ['query'] },
      ),
      import: s.array(
        sourceRef('A source to copy items from'),
        'Start the Webset with the items of these imports or websets',
      ),
      enrichments: s.array(
        s.object(
          {
            description: s.string('The extra field to find for each item, e.g. "Name of the CEO"'),
            format: s.enum(
              ['text', 'date', 'number', 'options', 'email', 'phone', 'url'],
              'Answer format (chosen for you when left out)',
            ),
            options: s.array(
              s.object({ label: s.string('One choice') }, 'A choice', { required: ['label'] }),
              'For format options: the choices',
            ),
            metadata: metadata('this enrichment'),
          },
          'An extra field',
          { required: ['description'] },
        ),
        'Extra fields to find for every item',
      ),
      exclude: s.array(
        sourceRef('A source to skip'),
        'Leave these imports or websets out of every search of this Webset',
      ),
      title: s.string('Display name (generated when left out)'),
      externalId: s.string('Your own identifier for the Webset (up to 300 characters); usable wherever its id is'),
      metadata: metadata('the Webset'),
    }),
    normalize: acceptSnake(['externalId']),
    http: http(
      'POST',
      `${WEBSETS}/websets`,
      same('search', 'import', 'enrichments', 'exclude', 'title', 'externalId', 'metadata'),
    ),
  }),
  mapping({
    slug: 'EXA_DELETE_WEBSET',
    name: 'Delete a Webset (Exa)',
    tags: ['exa', 'websets'],
    description:
      'Delete a Webset and all its items for good, by its id or your externalId. Running searches and enrichments stop. ' +
      'Make sure it is the right one first: this cannot be undone. Returns the deleted Webset.',
    input: params({ id: s.string('Webset id, or the externalId you gave it') }, ['id']),
    http: http('DELETE', `${WEBSETS}/websets/{id}`, { id: at.path('id') }),
  }),
  mapping({
    slug: 'EXA_CREATE_MONITOR',
    name: 'Schedule Webset updates (Exa)',
    tags: ['exa', 'websets'],
    description:
      'Make a Webset refresh itself on a schedule: at each run Exa searches again and adds (append) or replaces (override) items. ' +
      'Use it to keep a list current (new funding rounds, new hires) without calling anything yourself. ' +
      'Pass websetId, cadence.cron (5-field cron, at most once a day) with cadence.timezone (IANA, default Etc/UTC), and behavior.config.count ' +
      '(new items per run); behavior.config.query, criteria and entity default to those of the last search. behavior.type is search (filled in for you). ' +
      'Returns the monitor with its id, status and nextRunAt. Each run emits monitor.run.* events (EXA_LIST_EVENTS).',
    input: params(
      {
        websetId: s.string('Id of the Webset to keep updated'),
        cadence: s.object(
          {
            cron: s.string('When to run, 5-field cron, e.g. "0 9 * * 1" (Mondays 09:00); at most daily'),
            timezone: s.string('IANA time zone of the cron, e.g. Europe/Paris (default Etc/UTC)'),
          },
          'The schedule',
          { required: ['cron'] },
        ),
        behavior: s.object(
          {
            type: s.enum(['search'], 'What a run does (only search)'),
            config: s.object(
              {
                count: s.integer('Most new items to find per run', { minimum: 1 }),
                query: s.string('Search query (default: that of the last search)'),
                criteria: criteria('Conditions (default: those of the last search)'),
                entity,
                behavior: s.enum(
                  ['append', 'override'],
                  'Add to the items (append, default) or replace them (override)',
                ),
              },
              'The search each run makes',
              { required: ['count'] },
            ),
          },
          'What each run does',
          { required: ['config'] },
        ),
        metadata: metadata('the monitor'),
      },
      ['websetId', 'cadence', 'behavior'],
    ),
    normalize: acceptSnake(['websetId']),
    prepare: (a) => {
      const b = a.behavior as Args | undefined;
      return b && b.type === undefined ? { ...a, behavior: { type: 'search', ...b } } : a;
    },
    http: http('POST', `${WEBSETS}/monitors`, same('websetId', 'cadence', 'behavior', 'metadata')),
  }),

  // ------------------------------------------------------------------------------------- Imports
  mapping({
    slug: 'EXA_CREATE_IMPORT',
    name: 'Create an import for Websets (Exa)',
    tags: ['exa', 'websets'],
    description:
      'Register a CSV file of your own (companies, people…) so Websets can enrich it, search within it or exclude it. ' +
      'This only opens the import: pass format csv, entity (what each row is, e.g. {"type": "company"}), size (file size in bytes, up to 50 MB) ' +
      'and count (number of rows); optionally title, metadata and csv.identifier (0-based index of the column holding the URL or key; guessed when left out). ' +
      'Returns the import id with uploadUrl and uploadValidUntil: send the CSV file to uploadUrl before that time (about an hour; this tool does not upload it). ' +
      'Then use the id in EXA_CREATE_WEBSET (import, search.scope or search.exclude); check its status with EXA_LIST_IMPORTS.',
    input: params(
      {
        format: s.enum(['csv'], 'File format (csv)'),
        entity,
        size: s.integer('File size in bytes (at most 50,000,000)', { minimum: 1, maximum: 50000000 }),
        count: s.integer('Number of records in the file', { minimum: 1 }),
        title: s.string('Name of the import'),
        csv: s.object(
          { identifier: s.integer("0-based index of the column with each row's key (URL, name…)", { minimum: 0 }) },
          'CSV settings',
        ),
        metadata: metadata('the import'),
      },
      ['format', 'entity', 'size', 'count'],
    ),
    http: http('POST', `${WEBSETS}/imports`, same('format', 'entity', 'size', 'count', 'title', 'csv', 'metadata')),
  }),
  mapping({
    slug: 'EXA_LIST_IMPORTS',
    name: 'Imports (Exa)',
    tags: ['exa', 'websets'],
    description:
      'Your Websets imports with id, title, format, entity, count and status (pending, processing, completed, failed with failedReason). ' +
      'Use it to check that an uploaded file was processed before using it in EXA_CREATE_WEBSET, or to find an import id. ' +
      'Pages: limit (1–200, default 25); while hasMore is true pass nextCursor as cursor.',
    input: params({ cursor, limit: pageLimit(200, 25) }),
    http: http('GET', `${WEBSETS}/imports`, inQuery('cursor', 'limit')),
  }),
  mapping({
    slug: 'EXA_UPDATE_IMPORT',
    name: 'Rename an import (Exa)',
    tags: ['exa', 'websets'],
    description:
      'Change the title or metadata of an import, by id (from EXA_CREATE_IMPORT or EXA_LIST_IMPORTS). Give only what changes; ' +
      'metadata replaces the whole set. Returns the updated import.',
    input: params({ id: s.string('Import id'), title: s.string('New title'), metadata: metadata('the import') }, [
      'id',
    ]),
    http: http('PATCH', `${WEBSETS}/imports/{id}`, { id: at.path('id'), ...same('title', 'metadata') }),
  }),
  mapping({
    slug: 'EXA_DELETE_IMPORT',
    name: 'Delete an import (Exa)',
    tags: ['exa', 'websets'],
    description:
      'Delete an import and its uploaded data for good, by id (from EXA_LIST_IMPORTS). Cannot be undone. Returns the deleted import.',
    input: params({ id: s.string('Import id') }, ['id']),
    http: http('DELETE', `${WEBSETS}/imports/{id}`, { id: at.path('id') }),
  }),

  // --------------------------------------------------------------------------- Events and webhooks
  mapping({
    slug: 'EXA_LIST_EVENTS',
    name: 'Websets events (Exa)',
    tags: ['exa', 'websets'],
    description:
      'What happened in your Websets, newest first: webset.created / idle / deleted, webset.search.completed, webset.item.created / enriched, ' +
      'import.completed, monitor.run.completed and more; each event carries the object it is about in data. ' +
      'Poll it to follow a Webset being built (webset.idle means it is done) instead of a webhook. ' +
      'Filter with types (a list of event types) and createdAfter / createdBefore (ISO 8601, UTC, inclusive); pages: limit (1–200), cursor = nextCursor. ' +
      'Read one event with EXA_GET_EVENT.',
    input: params({
      types: s.strings('Only these event types, e.g. ["webset.idle", "webset.item.enriched"]'),
      createdAfter: s.string('Only events at or after this time (ISO 8601)', { format: 'date-time' }),
      createdBefore: s.string('Only events at or before this time (ISO 8601)', { format: 'date-time' }),
      cursor,
      limit: pageLimit(200, 25),
    }),
    normalize: acceptSnake(['createdAfter', 'createdBefore']),
    http: http('GET', `${WEBSETS}/events`, inQuery('types', 'createdAfter', 'createdBefore', 'cursor', 'limit')),
  }),
  mapping({
    slug: 'EXA_GET_EVENT',
    name: 'One Websets event (Exa)',
    tags: ['exa', 'websets'],
    description:
      'One Websets event by id (from EXA_LIST_EVENTS or a webhook delivery): its type, createdAt and the full object it concerns in data ' +
      '(the Webset, item, search, import or monitor run).',
    input: params({ id: s.string('Event id') }, ['id']),
    http: http('GET', `${WEBSETS}/events/{id}`, { id: at.path('id') }),
  }),
  mapping({
    slug: 'EXA_LIST_WEBHOOKS',
    name: 'Websets webhooks (Exa)',
    tags: ['exa', 'websets'],
    description:
      'The webhooks registered for Websets events: id, url, the events each receives, status (active or inactive) and metadata. ' +
      'Use it to see where notifications go before relying on them. Pages: limit (1–200, default 25); while hasMore is true pass nextCursor as cursor.',
    input: params({ cursor, limit: pageLimit(200, 25) }),
    http: http('GET', `${WEBSETS}/webhooks`, inQuery('cursor', 'limit')),
  }),

  // ------------------------------------------------------------------------------ Team management
  mapping({
    slug: 'EXA_GET_API_KEY',
    name: 'API key details (Exa team management)',
    tags: ['exa', 'account'],
    description:
      "Details of one of your team's Exa API keys by its id (a UUID): name, rateLimit (requests per second), budgetCents and isOverBudget, teamId, createdAt. " +
      'This is the Team Management API on admin-api.exa.ai: it only answers when the connected key is a service key (API keys page → Service keys, ' +
      'enabled per team by Exa); an ordinary key gets 401. The key itself is never returned.',
    input: params({ id: s.string('API key id (UUID)') }, ['id']),
    http: http('GET', '/api-keys/{id}', { id: at.path('id') }, { serverUrl: TEAM_MANAGEMENT }),
  }),
];
