import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { POLL_TYPES } from '../../lib/triggers/poll-types';
import { configSchema, listTriggerTypes, typeView } from '../../lib/triggers/registry';
import { diffListing } from '../../lib/services/triggers/cursor';
import { backoffMs, intervalMs, triggerSettings } from '../../lib/services/triggers/settings';
import { verifyGithub, verifySlack, verifyStripe } from '../../lib/services/triggers/signatures';
import { validateArguments } from '../../lib/services/tools/validate';
import type { PollTypeDef } from '../../lib/triggers/types';

type Prop = { type: string; enum?: unknown[]; items?: { type?: string } };
/** a value of each config field's declared type (the first enum value where there is one) */
const sampleConfig = (t: PollTypeDef): Record<string, unknown> => {
  const props = (configSchema({ kind: 'poll', ...t }) as { properties: Record<string, Prop> }).properties;
  const sample = (k: string, p: Prop): unknown =>
    p.enum
      ? p.enum[0]
      : p.type === 'number' || p.type === 'integer'
        ? 7
        : p.type === 'boolean'
          ? true
          : p.type === 'array'
            ? [p.items?.type === 'string' ? `x-${k}` : { a1Range: 'Sheet1!A1:B2' }]
            : `x-${k}`;
  return Object.fromEntries(
    Object.entries(props)
      .filter(([k]) => k !== 'interval')
      .map(([k, p]) => [k, sample(k, p)]),
  );
};

describe('poll types', () => {
  it('at least 15 across 8 toolkits, each over an existing catalog list tool with arguments its schema accepts', () => {
    expect(POLL_TYPES.length).toBeGreaterThanOrEqual(15);
    expect(new Set(POLL_TYPES.map((t) => t.toolkit)).size).toBeGreaterThanOrEqual(8);
    for (const t of POLL_TYPES) {
      const tool = getTool(t.tool);
      expect(tool, t.tool).toBeTruthy();
      expect(tool!.toolkit).toBe(t.toolkit);
      const cfg = sampleConfig(t);
      for (const cursor of [{}, { primed: true, watermark: Date.parse('2025-01-01T00:00:00Z'), seen: ['a'] }]) {
        expect(validateArguments(tool!, t.args(cfg, cursor)), `${t.slug} args`).toEqual([]);
      }
      if (t.enrich) {
        const e = getTool(t.enrich.tool)!;
        expect(validateArguments(e, t.enrich.args({ id: 'm1' }, cfg))).toEqual([]);
      }
    }
    // compiles the argument schema of every list tool (130+ types): generous on a loaded machine
  }, 60_000);

  it('slugs are unique and every type renders the public shape', () => {
    const all = listTriggerTypes();
    expect(new Set(all.map((t) => t.slug)).size).toBe(all.length);
    for (const t of all) {
      const v = typeView(t);
      expect(v.toolkit.name).toBeTruthy();
      expect(v.config.type).toBe('object');
      expect(v.payload.type).toBe('object');
    }
  });
});

describe('cursor diff', () => {
  const def = POLL_TYPES.find((t) => t.slug === 'GITHUB_ISSUE_ADDED_EVENT')!;
  const issue = (id: number, at: string, pr = false) => ({ id, created_at: at, ...(pr ? { pull_request: {} } : {}) });

  it('primes first, then emits only unseen items not older than the watermark, oldest first', () => {
    const first = diffListing(def, {}, [issue(2, '2025-01-02T00:00:00Z'), issue(1, '2025-01-01T00:00:00Z')], {});
    expect(first.fresh).toEqual([]);
    expect(first.next.primed).toBe(true);
    const listing = [
      issue(4, '2025-01-04T00:00:00Z'),
      issue(3, '2025-01-03T00:00:00Z', true),
      issue(5, '2025-01-02T00:00:00Z'),
      issue(2, '2025-01-02T00:00:00Z'),
    ];
    const second = diffListing(def, first.next, listing, {});
    // 5 shares the watermark's second and was never seen: new; 3 is a pull request: filtered
    expect(second.fresh.map((i) => i.id)).toEqual([5, 4]);
    expect(second.filtered).toBe(1);
    const third = diffListing(def, second.next, listing, {});
    expect(third.fresh).toEqual([]);
    // an item older than the watermark that was never seen is not "new" (e.g. it fell out of the seen list)
    const old = diffListing(def, { ...second.next, seen: [] }, [issue(9, '2024-12-31T00:00:00Z')], {});
    expect(old.fresh).toEqual([]);
  });

  it('keeps the seen list bounded', () => {
    const many = Array.from({ length: 1500 }, (_, i) => issue(i, '2025-01-01T00:00:00Z'));
    expect(diffListing(def, {}, many, {}).next.seen).toHaveLength(1000);
  });
});

describe('settings', () => {
  it('interval floor, exponential backoff with cap, Retry-After honoured', () => {
    const s = { ...triggerSettings({} as NodeJS.ProcessEnv), minIntervalMs: 60_000, maxBackoffMs: 3_600_000 };
    expect(intervalMs({ interval: 0.1 }, s)).toBe(60_000);
    expect(intervalMs({ interval: 5 }, s)).toBe(300_000);
    expect(backoffMs(60_000, 1, s)).toBe(120_000);
    expect(backoffMs(60_000, 3, s)).toBe(480_000);
    expect(backoffMs(60_000, 30, s)).toBe(3_600_000);
    expect(backoffMs(60_000, 1, s, 900_000)).toBe(900_000);
  });
});

describe('provider signatures', () => {
  const body = Buffer.from('{"a":1}');
  it('GitHub X-Hub-Signature-256', () => {
    const sig = `sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`;
    expect(verifyGithub('s3cret', body, sig)).toBeUndefined();
    expect(verifyGithub('other', body, sig)).toMatch(/does not match/);
    expect(verifyGithub('s3cret', body, undefined)).toMatch(/missing/);
  });
  it('Stripe-Signature with tolerance and several v1 entries', () => {
    const t = 1_700_000_000;
    const good = createHmac('sha256', 'whsec_x').update(`${t}.${body}`).digest('hex');
    expect(verifyStripe('whsec_x', body, `t=${t},v1=deadbeef,v1=${good}`, 300, t * 1000)).toBeUndefined();
    expect(verifyStripe('whsec_x', body, `t=${t},v1=${good}`, 300, (t + 301) * 1000)).toMatch(/tolerance/);
    expect(verifyStripe('whsec_y', body, `t=${t},v1=${good}`, 300, t * 1000)).toMatch(/does not match/);
  });
  it('Slack v0 signature', () => {
    const ts = '1700000000';
    const sig = `v0=${createHmac('sha256', 'slk').update(`v0:${ts}:${body}`).digest('hex')}`;
    expect(verifySlack('slk', body, sig, ts, 300, 1_700_000_000_000)).toBeUndefined();
    expect(verifySlack('slk', body, sig, ts, 300, 1_700_000_999_000)).toMatch(/tolerance/);
  });
});
