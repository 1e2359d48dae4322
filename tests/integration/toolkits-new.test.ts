import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';

// Issue 14's census: every toolkit added from the hosted service's most-used list answers
// GET /toolkits/{slug} with a real auth scheme (or none, for the keyless ones), is listed by
// GET /toolkits, and has curated tools under the hosted names.
const NEW_TOOLKITS: Record<string, { auth: string[]; minTools: number }> = {
  outlook: { auth: ['OAUTH2'], minTools: 20 },
  microsoft_teams: { auth: ['OAUTH2'], minTools: 20 },
  one_drive: { auth: ['OAUTH2'], minTools: 20 },
  linear: { auth: ['OAUTH2', 'API_KEY'], minTools: 20 },
  supabase: { auth: ['OAUTH2', 'API_KEY'], minTools: 20 },
  airtable: { auth: ['OAUTH2', 'API_KEY'], minTools: 20 },
  discordbot: { auth: ['BEARER_TOKEN'], minTools: 20 },
  reddit: { auth: ['OAUTH2'], minTools: 20 },
  hackernews: { auth: [], minTools: 14 },
  sentry: { auth: ['OAUTH2', 'API_KEY'], minTools: 20 },
  shopify: { auth: ['OAUTH2', 'API_KEY'], minTools: 20 },
  salesforce: { auth: ['OAUTH2'], minTools: 20 },
  calendly: { auth: ['OAUTH2', 'API_KEY'], minTools: 20 },
  clickup: { auth: ['OAUTH2', 'API_KEY'], minTools: 20 },
  dropbox: { auth: ['OAUTH2'], minTools: 20 },
  confluence: { auth: ['OAUTH2', 'BASIC'], minTools: 20 },
  monday: { auth: ['OAUTH2', 'API_KEY'], minTools: 20 },
  perplexityai: { auth: ['API_KEY'], minTools: 7 },
  firecrawl: { auth: ['API_KEY'], minTools: 20 },
  tavily: { auth: ['API_KEY'], minTools: 5 },
  exa: { auth: ['API_KEY'], minTools: 4 },
  serpapi: { auth: ['API_KEY'], minTools: 20 },
  cal: { auth: ['OAUTH2', 'API_KEY'], minTools: 20 },
  google_maps: { auth: ['API_KEY'], minTools: 20 },
};

let s: TestServer;
beforeAll(async () => {
  s = await providerServer();
});
afterAll(async () => {
  await s?.stop();
});

describe('toolkits added from the hosted service’s most-used list', () => {
  it('at least 25 new toolkits, counting HubSpot CRM and Figma, which extend toolkits Junction had', () => {
    // hubspot (CRM beside the marketing API) and figma (curated tools) are checked below separately
    expect(Object.keys(NEW_TOOLKITS).length + 2).toBeGreaterThanOrEqual(25);
  });

  it.each(Object.entries(NEW_TOOLKITS))('%s answers with its auth schemes and curated tools', async (slug, want) => {
    const r = await s.api('GET', `/toolkits/${slug}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.slug).toBe(slug);
    expect(r.body.name.length).toBeGreaterThan(1);
    expect(r.body.meta.categories.length).toBeGreaterThan(0);
    expect(r.body.meta.logo).toMatch(/\/logos\/.+\.svg$/);
    const modes = (r.body.auth_config_details ?? []).map((d: { mode: string }) => d.mode);
    for (const m of want.auth) expect(modes, `${slug} schemes`).toContain(m);
    if (!want.auth.length) expect(modes.filter((m: string) => m !== 'NO_AUTH')).toEqual([]);
    const curated = await s.api('GET', `/tools?toolkit_slug=${slug}&curated=true&limit=500`);
    expect(curated.status).toBe(200);
    expect(curated.body.items.length, `${slug} curated tools`).toBeGreaterThanOrEqual(want.minTools);
    for (const t of curated.body.items) expect(t.slug.startsWith(`${slug.toUpperCase()}_`)).toBe(true);
  });

  it('HubSpot has CRM tools and Figma curated tools beside their generated operations', async () => {
    const hubspot = await s.api('GET', '/tools?toolkit_slug=hubspot&curated=true&limit=500');
    const crm = hubspot.body.items.filter((t: { slug: string }) => /CONTACT|COMPANY|DEAL|TICKET/.test(t.slug));
    expect(crm.length).toBeGreaterThanOrEqual(10);
    const figma = await s.api('GET', '/tools?toolkit_slug=figma&curated=true&limit=500');
    expect(figma.body.items.length).toBeGreaterThanOrEqual(20);
  });

  it('GET /toolkits lists every one of them', async () => {
    const slugs = new Set<string>();
    let cursor: string | undefined;
    for (let i = 0; i < 20; i++) {
      const r = await s.api('GET', `/toolkits?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(r.status).toBe(200);
      for (const t of r.body.items) slugs.add(t.slug);
      cursor = r.body.next_cursor ?? undefined;
      if (!cursor) break;
    }
    for (const slug of [...Object.keys(NEW_TOOLKITS), 'hubspot', 'figma']) expect(slugs, slug).toContain(slug);
  });
});
