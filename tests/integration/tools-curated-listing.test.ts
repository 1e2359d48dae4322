import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';

// The `is_curated` field and `curated` filter (Junction extensions on GET /tools) that let the
// dashboard list a toolkit's curated tools first and its generated operations apart.
let s: TestServer;
beforeAll(async () => {
  s = await providerServer();
});
afterAll(async () => {
  await s?.stop();
});

describe('curated tools in listings', () => {
  it('curated=true lists only curated tools, curated=false only generated operations; both partition the toolkit', async () => {
    const all = await s.api('GET', '/tools?toolkit_slug=gmail&limit=1000');
    const cur = await s.api('GET', '/tools?toolkit_slug=gmail&curated=true&limit=1000');
    const gen = await s.api('GET', '/tools?toolkit_slug=gmail&curated=false&limit=1000');
    for (const r of [all, cur, gen]) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const slugs = (r: typeof all) => r.body.items.map((t: any) => t.slug) as string[];
    expect(slugs(cur)).toContain('GMAIL_SEND_EMAIL');
    expect(cur.body.items.every((t: any) => t.is_curated === true)).toBe(true);
    expect(gen.body.items.length).toBeGreaterThan(0);
    expect(gen.body.items.every((t: any) => t.is_curated === false)).toBe(true);
    expect(slugs(gen)).not.toContain('GMAIL_SEND_EMAIL');
    expect(cur.body.total_items + gen.body.total_items).toBe(all.body.total_items);
    // the unfiltered listing keeps curated tools first
    expect(slugs(all).slice(0, cur.body.items.length).sort()).toEqual(slugs(cur).sort());
  });

  it('GET /tools/{slug} says whether a tool is curated; aliases are deprecated and hidden by default', async () => {
    const one = await s.api('GET', '/tools/GMAIL_SEND_EMAIL');
    expect(one.body).toMatchObject({ slug: 'GMAIL_SEND_EMAIL', is_curated: true, is_deprecated: false });
    const gen = await s.api('GET', '/tools/GMAIL_USERS_MESSAGES_SEND');
    expect(gen.status).toBe(200);
    expect(gen.body.is_curated).toBe(false);
    const hidden = await s.api('GET', '/tools?toolkit_slug=gmail&curated=true&limit=1000');
    expect(hidden.body.items.map((t: any) => t.slug)).not.toContain('GMAIL_LIST_MESSAGES');
    const shown = await s.api('GET', '/tools?toolkit_slug=gmail&curated=true&include_deprecated=true&limit=1000');
    expect(shown.body.items.find((t: any) => t.slug === 'GMAIL_LIST_MESSAGES')).toMatchObject({
      is_deprecated: true,
      is_curated: true,
    });
  });

  it('a bad curated value is a 400 in the v3 envelope', async () => {
    const r = await s.api('GET', '/tools?toolkit_slug=gmail&curated=maybe');
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ status: 400 });
  });
});
