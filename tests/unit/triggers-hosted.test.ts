import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { getTool, getToolkit } from '../../lib/catalog/registry';
import { diffListing } from '../../lib/services/triggers/cursor';
import { configSchema, getTriggerType, typeView } from '../../lib/triggers/registry';
import type { PollTypeDef } from '../../lib/triggers/types';

/**
 * The hosted service's trigger names (scripts/catalog/hosted-triggers/*.json, read from its
 * catalog): every one that Junction declares resolves, renders a valid config schema and points
 * at catalog tools of its own toolkit; coverage stays above the bar; and the snapshot diff behind
 * the "changed / removed" types fires on the right transitions.
 */
const dir = path.resolve(import.meta.dirname, '../../scripts/catalog/hosted-triggers');
const lists = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { toolkit: string; triggers: { slug: string }[] });
const hosted = lists.flatMap((l) => l.triggers.map((t) => ({ toolkit: l.toolkit, slug: t.slug })));
/** hosted names Junction does not declare, each with its reason */
const LEFT_OUT: Record<string, string> = {
  DISCORD_NEW_MESSAGE_TRIGGER:
    'a Discord user OAuth token cannot read channel messages (that needs a bot; DISCORDBOT_NEW_MESSAGE_POLL does it)',
  GOOGLEDOCS_FOLDER_CREATED_TRIGGER:
    'the Google Docs toolkit has no Drive folder listing; GOOGLEDRIVE_FILE_CREATED_TRIGGER covers folders',
  GOOGLESHEETS_TABLE_QUERY_RESULT_CHANGED_TRIGGER:
    'watches the result of a SQL query over a sheet; Junction has no SQL-over-sheets tool to run it',
};
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

describe('hosted trigger names', () => {
  it('are read from the hosted catalog for the top-30 toolkits that have triggers', () => {
    expect(lists.length).toBeGreaterThanOrEqual(17);
    expect(hosted.length).toBeGreaterThanOrEqual(120);
    expect(new Set(hosted.map((h) => h.slug)).size).toBe(hosted.length);
  });

  it('resolve (≥ 80 % overall and per toolkit), except the ones left out with a reason', () => {
    const missing = hosted.filter((h) => !getTriggerType(h.slug)).map((h) => h.slug);
    expect(missing.sort()).toEqual(Object.keys(LEFT_OUT).sort());
    expect((hosted.length - missing.length) / hosted.length).toBeGreaterThanOrEqual(0.8);
    for (const l of lists) {
      if (l.triggers.length < 2) continue;
      const ok = l.triggers.filter((t) => getTriggerType(t.slug)).length;
      expect(ok / l.triggers.length, l.toolkit).toBeGreaterThanOrEqual(0.8);
    }
    // the first look-up loads the catalog and the compiled webhook types
  }, 60_000);

  it.each(hosted.filter((h) => !LEFT_OUT[h.slug]))(
    '$slug: its toolkit, a valid config schema, tools that exist',
    ({ toolkit, slug }) => {
      const t = getTriggerType(slug)!;
      expect(t.toolkit).toBe(toolkit);
      expect(getToolkit(toolkit)).toBeTruthy();
      const schema = configSchema(t);
      const validate = ajv.compile(schema);
      const required = (schema.required as string[] | undefined) ?? [];
      // a config with only the required fields (strings where declared so) is accepted or names them
      const props = schema.properties as Record<string, { type?: string; enum?: unknown[] }>;
      const sample = Object.fromEntries(
        required.map((k) => [
          k,
          props[k]?.enum?.[0] ??
            (props[k]?.type === 'number' ? 3 : props[k]?.type === 'array' ? [{ a1Range: 'A1:B2' }] : 'abcdefgh'),
        ]),
      );
      expect(validate(sample), JSON.stringify(validate.errors)).toBe(true);
      const view = typeView(t);
      expect(view.slug).toBe(slug);
      expect(Object.keys((view.payload as { properties?: object }).properties ?? {}).length).toBeGreaterThan(0);
      if (t.kind === 'poll') {
        const tool = getTool(t.tool);
        expect(tool, t.tool).toBeTruthy();
        expect(tool!.toolkit).toBe(toolkit);
        if (t.enrich) expect(getTool(t.enrich.tool)?.toolkit).toBe(toolkit);
      } else {
        expect(t.provider).toBe('slack');
      }
    },
  );
});

describe('snapshot diff of watch types', () => {
  const def: PollTypeDef = {
    slug: 'TEST_WATCH',
    toolkit: 'github',
    name: 'watch',
    description: 'test',
    config: {},
    payload: {},
    tool: 'GITHUB_LIST_BRANCHES',
    args: () => ({}),
    itemsAt: '',
    key: (i) => String(i.id),
    watch: { fingerprint: (i) => i.v, keep: (i) => ({ v: i.v }), on: ['added', 'changed', 'removed'] },
    map: (i) => i,
  };
  const kinds = (d: ReturnType<typeof diffListing>) => d.fresh.map((i) => `${d.changes?.get(i)?.kind}:${i.id ?? i.v}`);

  it('primes, then reports added, changed (with the kept previous value) and removed items', () => {
    const first = diffListing(
      def,
      {},
      [
        { id: 1, v: 'a' },
        { id: 2, v: 'b' },
      ],
      {},
    );
    expect(first.fresh).toEqual([]);
    const second = diffListing(
      def,
      first.next,
      [
        { id: 1, v: 'a2' },
        { id: 3, v: 'c' },
      ],
      {},
    );
    expect(kinds(second)).toEqual(['changed:1', 'added:3', 'removed:b']);
    const changed = second.fresh[0]!;
    expect(second.changes?.get(changed)?.previous).toEqual({ v: 'a' });
    expect(
      diffListing(
        def,
        second.next,
        [
          { id: 1, v: 'a2' },
          { id: 3, v: 'c' },
        ],
        {},
      ).fresh,
    ).toEqual([]);
  });

  it('fires again when a value changes back, unlike the once-per-key rule', () => {
    let cur = diffListing(def, {}, [{ id: 1, v: 'x' }], {}).next;
    const seen: string[] = [];
    for (const v of ['y', 'x', 'y']) {
      const d = diffListing(def, cur, [{ id: 1, v }], {});
      seen.push(...kinds(d));
      cur = d.next;
    }
    expect(seen).toEqual(['changed:1', 'changed:1', 'changed:1']);
  });

  it('a partial listing keeps unlisted items and never reports them removed; only the chosen transitions fire', () => {
    const partial: PollTypeDef = { ...def, watch: { ...def.watch!, on: ['changed'], partial: true } };
    const first = diffListing(
      partial,
      {},
      [
        { id: 1, v: 'a' },
        { id: 2, v: 'b' },
      ],
      {},
    );
    const second = diffListing(
      partial,
      first.next,
      [
        { id: 2, v: 'b2' },
        { id: 5, v: 'new' },
      ],
      {},
    );
    expect(kinds(second)).toEqual(['changed:2']);
    expect(Object.keys(second.next.snapshot ?? {}).sort()).toEqual(['1', '2', '5']);
  });
});
