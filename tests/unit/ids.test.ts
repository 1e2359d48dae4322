import { describe, expect, it } from 'vitest';
import { ID_PREFIX, isId, newId } from '../../lib/crypto/ids';

describe('newId', () => {
  it('gives the kind prefix and 16 alphanumerics, recognised by isId', () => {
    for (const kind of Object.keys(ID_PREFIX) as (keyof typeof ID_PREFIX)[]) {
      const id = newId(kind);
      expect(id).toMatch(new RegExp(`^${ID_PREFIX[kind]}_[0-9A-Za-z]{16}$`));
      expect(isId(kind, id)).toBe(true);
    }
  });

  it('stays unique and uses the whole alphabet evenly across many refills of its random pool', () => {
    const seen = new Set<string>();
    const counts = new Map<string, number>();
    const n = 20_000; // 320,000 characters: the 4 KB pool is refilled ~150 times
    for (let i = 0; i < n; i++) {
      const id = newId('log');
      seen.add(id);
      for (const ch of id.slice(4)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    expect(seen.size).toBe(n);
    expect(counts.size).toBe(62);
    const expected = (n * 16) / 62;
    for (const c of counts.values()) {
      // ±10 % around the mean is > 10 standard deviations for ~5,160 draws per character
      expect(c).toBeGreaterThan(expected * 0.9);
      expect(c).toBeLessThan(expected * 1.1);
    }
  });
});
