import type { Change, Item, PollCursor, PollTypeDef, WatchSpec } from '../../triggers/types';

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
  /** watch types: how each fresh item changed (a removed item is what was kept of it) */
  changes?: Map<Item, Change>;
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
  if (def.watch) return diffSnapshot(def, def.watch, cursor, items, config);
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

/** Watched identities kept per instance (the snapshot lives in the cursor row). */
export const SNAPSHOT_LIMIT = 500;

const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  ) ?? 'null';

/**
 * Watch types: each listed identity is compared with its snapshot of the previous poll. An
 * identity not known before is `added`, a different fingerprint is `changed`, an identity of a
 * complete listing that is no longer listed is `removed` (its event is built from what was kept).
 * Unlike the once-per-key rule, a value that changes back fires again. The first listing primes.
 */
function diffSnapshot(
  def: PollTypeDef,
  w: WatchSpec,
  cursor: PollCursor,
  items: Item[],
  config: Record<string, unknown>,
): Diff {
  const before = cursor.snapshot ?? {};
  const now: Record<string, { f: string; k?: Item }> = {};
  const fresh: Item[] = [];
  const changes = new Map<Item, Change>();
  let filtered = 0;
  const fire = (item: Item, change: Change) => {
    if (!cursor.primed || !w.on.includes(change.kind)) return;
    if (change.kind !== 'removed' && def.filter && !def.filter(item, config)) {
      filtered++;
      return;
    }
    fresh.push(item);
    changes.set(item, change);
  };
  for (const item of items) {
    const key = def.key(item);
    if (!key || now[key]) continue;
    const f = canonical(w.fingerprint(item));
    now[key] = { f, ...(w.keep ? { k: w.keep(item) } : {}) };
    const prev = before[key];
    if (!prev) fire(item, { kind: 'added' });
    else if (prev.f !== f) fire(item, { kind: 'changed', ...(prev.k ? { previous: prev.k } : {}) });
  }
  if (w.partial) {
    for (const [key, v] of Object.entries(before)) if (!now[key]) now[key] = v;
  } else {
    for (const [key, v] of Object.entries(before))
      if (!now[key]) fire(v.k ?? {}, { kind: 'removed', ...(v.k ? { previous: v.k } : {}) });
  }
  const keys = Object.keys(now);
  const snapshot =
    keys.length > SNAPSHOT_LIMIT ? Object.fromEntries(keys.slice(-SNAPSHOT_LIMIT).map((k) => [k, now[k]!])) : now;
  // the highest stamp seen, for types whose list call narrows by time
  const stamps = items.map((i) => stampOf(def, i)).filter((x): x is number => x !== undefined);
  const old = typeof cursor.watermark === 'number' ? cursor.watermark : undefined;
  const watermark = stamps.length ? Math.max(old ?? -Infinity, ...stamps) : old;
  return {
    fresh,
    changes,
    filtered,
    next: { primed: true, ...(watermark !== undefined ? { watermark } : {}), snapshot },
  };
}
