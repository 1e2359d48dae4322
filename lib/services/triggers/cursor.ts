import type { Item, PollCursor, PollTypeDef } from '../../triggers/types';

/** Keys remembered per instance; list calls return at most ~100 items, so this is ample. */
export const SEEN_LIMIT = 1000;

function stampOf(def: PollTypeDef, item: Item): number | undefined {
  const s = def.stamp?.(item);
  if (s === undefined || s === null || s === '') return undefined;
  if (typeof s === 'number') return Number.isFinite(s) ? s : undefined;
  const asNum = Number(s);
  if (Number.isFinite(asNum) && /^\d+(\.\d+)?$/.test(s)) return asNum;
  const t = Date.parse(s);
  return Number.isFinite(t) ? t : undefined;
}

export interface Diff {
  /** new items, oldest first */
  fresh: Item[];
  /** listed items that the type's filter rejected among the unseen ones */
  filtered: number;
  next: PollCursor;
}

/**
 * What is new in a listing since the cursor: a key never seen before whose stamp is not older
 * than the watermark. The first listing only primes the cursor. Pure, so it is unit-tested.
 */
export function diffListing(
  def: PollTypeDef,
  cursor: PollCursor,
  items: Item[],
  config: Record<string, unknown>,
): Diff {
  const seen = new Set(cursor.seen ?? []);
  const watermark = typeof cursor.watermark === 'number' ? cursor.watermark : undefined;
  const entries: { item: Item; key: string; stamp?: number; idx: number }[] = [];
  items.forEach((item, idx) => {
    const key = def.key(item);
    if (key) entries.push({ item, key, stamp: stampOf(def, item), idx });
  });
  const unseen = entries.filter(
    (e) => !seen.has(e.key) && (watermark === undefined || e.stamp === undefined || e.stamp >= watermark),
  );
  let filtered = 0;
  const fresh = cursor.primed
    ? unseen.filter((e) => {
        const ok = def.filter ? def.filter(e.item, config) : true;
        if (!ok) filtered++;
        return ok;
      })
    : [];
  // oldest first: by stamp when known, else in reverse list order (lists are newest first)
  fresh.sort((a, b) =>
    a.stamp !== undefined && b.stamp !== undefined && a.stamp !== b.stamp ? a.stamp - b.stamp : b.idx - a.idx,
  );
  const stamps = entries.map((e) => e.stamp).filter((x): x is number => x !== undefined);
  const maxStamp = stamps.length ? Math.max(...stamps) : undefined;
  const newWatermark =
    maxStamp === undefined ? watermark : watermark === undefined ? maxStamp : Math.max(watermark, maxStamp);
  // remember every listed key (the newest last), then older memory, bounded
  const listedKeys = entries.map((e) => e.key).reverse();
  const listed = new Set(listedKeys);
  const merged = [...(cursor.seen ?? []).filter((k) => !listed.has(k)), ...listedKeys];
  const next: PollCursor = {
    primed: true,
    ...(newWatermark !== undefined ? { watermark: newWatermark } : {}),
    seen: merged.slice(-SEEN_LIMIT),
  };
  return { fresh: fresh.map((e) => e.item), filtered, next };
}
