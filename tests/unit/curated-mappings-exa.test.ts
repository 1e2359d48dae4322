import { describe, expect, it } from 'vitest';
import { getTool, getToolkit } from '../../lib/catalog/registry';
import { buildToolRequest, baseUrlFor } from '../../lib/services/tools/http';
import { prepareMappingArgs } from '../../lib/services/tools/curated';
import { buildMapping, type Want } from '../helpers/mapping-request';

// Exa research, Websets and team-management mappings build the requests Exa documents
// (exa.ai/docs: reference/research, websets/api, reference/team-management). Paths are relative to
// the toolkit base https://api.exa.ai (the Websets API lives under /websets/v0 on that host).
const build = (slug: string, args: Record<string, unknown>, base?: string) => buildMapping(slug, args, { base });

const TABLE: [string, Record<string, unknown>, Want][] = [
  [
    'EXA_CREATE_RESEARCH',
    { instructions: 'Compare EU battery makers', model: 'exa-research-pro', outputSchema: { type: 'object' } },
    {
      method: 'POST',
      path: '/research/v1',
      body: { instructions: 'Compare EU battery makers', model: 'exa-research-pro', outputSchema: { type: 'object' } },
    },
  ],
  [
    'EXA_GET_RESEARCH',
    { researchId: 'r 1', events: true },
    { method: 'GET', path: '/research/v1/r%201', query: { events: 'true' } },
  ],
  [
    'EXA_LIST_RESEARCH',
    { cursor: 'c2', limit: 5 },
    { method: 'GET', path: '/research/v1', query: { cursor: 'c2', limit: '5' } },
  ],
  [
    'EXA_CREATE_WEBSET',
    {
      search: {
        query: 'Battery startups in Europe',
        count: 20,
        entity: { type: 'company' },
        criteria: [{ description: 'Raised a Series A' }],
      },
      enrichments: [{ description: 'CEO name', format: 'text' }],
      import: [{ source: 'import', id: 'imp_1' }],
      externalId: 'crm-42',
      metadata: { team: 'sales' },
    },
    {
      method: 'POST',
      path: '/websets/v0/websets',
      body: {
        search: {
          query: 'Battery startups in Europe',
          count: 20,
          entity: { type: 'company' },
          criteria: [{ description: 'Raised a Series A' }],
        },
        enrichments: [{ description: 'CEO name', format: 'text' }],
        import: [{ source: 'import', id: 'imp_1' }],
        externalId: 'crm-42',
        metadata: { team: 'sales' },
      },
    },
  ],
  ['EXA_DELETE_WEBSET', { id: 'ws_1' }, { method: 'DELETE', path: '/websets/v0/websets/ws_1' }],
  [
    'EXA_CREATE_MONITOR',
    { websetId: 'ws_1', cadence: { cron: '0 9 * * 1', timezone: 'Europe/Paris' }, behavior: { config: { count: 5 } } },
    {
      method: 'POST',
      path: '/websets/v0/monitors',
      body: {
        websetId: 'ws_1',
        cadence: { cron: '0 9 * * 1', timezone: 'Europe/Paris' },
        behavior: { type: 'search', config: { count: 5 } },
      },
    },
  ],
  [
    'EXA_CREATE_IMPORT',
    { format: 'csv', entity: { type: 'person' }, size: 2048, count: 30, title: 'Leads', csv: { identifier: 2 } },
    {
      method: 'POST',
      path: '/websets/v0/imports',
      body: {
        format: 'csv',
        entity: { type: 'person' },
        size: 2048,
        count: 30,
        title: 'Leads',
        csv: { identifier: 2 },
      },
    },
  ],
  ['EXA_LIST_IMPORTS', { limit: 50 }, { method: 'GET', path: '/websets/v0/imports', query: { limit: '50' } }],
  [
    'EXA_UPDATE_IMPORT',
    { id: 'imp_1', title: 'Leads Q3', metadata: { owner: 'ana' } },
    { method: 'PATCH', path: '/websets/v0/imports/imp_1', body: { title: 'Leads Q3', metadata: { owner: 'ana' } } },
  ],
  ['EXA_DELETE_IMPORT', { id: 'imp_1' }, { method: 'DELETE', path: '/websets/v0/imports/imp_1' }],
  [
    'EXA_LIST_EVENTS',
    { types: ['webset.idle', 'import.completed'], createdAfter: '2026-01-01T00:00:00Z', limit: 10 },
    {
      method: 'GET',
      path: '/websets/v0/events',
      query: { types: ['webset.idle', 'import.completed'], createdAfter: '2026-01-01T00:00:00Z', limit: '10' },
    },
  ],
  ['EXA_GET_EVENT', { id: 'ev_1' }, { method: 'GET', path: '/websets/v0/events/ev_1' }],
  ['EXA_LIST_WEBHOOKS', { cursor: 'n1' }, { method: 'GET', path: '/websets/v0/webhooks', query: { cursor: 'n1' } }],
];

describe('Exa research, Websets and team-management mappings', () => {
  it.each(TABLE)('%s builds the documented request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    expect(got.query).toEqual(want.query ?? {});
    expect(got.body).toEqual(want.body);
  });

  it('EXA_GET_API_KEY goes to the team-management host, not the search host', () => {
    const kit = getToolkit('exa')!;
    expect(baseUrlFor(kit, getTool('EXA_CREATE_WEBSET'), [])).toBe('https://api.exa.ai');
    const base = baseUrlFor(kit, getTool('EXA_GET_API_KEY'), []);
    expect(base).toBe('https://admin-api.exa.ai/team-management');
    expect(build('EXA_GET_API_KEY', { id: 'k-1' }, base)).toMatchObject({
      method: 'GET',
      path: '/team-management/api-keys/k-1',
    });
  });

  it('a snake_case spelling of a hosted camelCase argument is folded into it', () => {
    const norm = getTool('EXA_CREATE_MONITOR')!.curated!.normalize!;
    expect(norm({ webset_id: 'ws_1', cadence: { cron: '0 0 * * *' } })).toEqual({
      websetId: 'ws_1',
      cadence: { cron: '0 0 * * *' },
    });
    expect(getTool('EXA_GET_RESEARCH')!.curated!.normalize!({ research_id: 'r1' })).toEqual({ researchId: 'r1' });
  });

  it('every added hosted Exa name resolves as a curated tool', () => {
    for (const slug of [...TABLE.map((r) => r[0]), 'EXA_GET_API_KEY']) {
      const t = getTool(slug);
      expect(t?.curated?.kind, slug).toBe('mapping');
      expect(t?.toolkit, slug).toBe('exa');
    }
  });
});
