/**
 * Date-time arithmetic for the calendar tools without a date library: wall-clock times in an
 * IANA time zone via Intl (offset of a zone at an instant), naive "YYYY-MM-DDTHH:MM[:SS]" inputs,
 * and the free gaps between busy intervals.
 */
import { ToolArgumentError } from './types';

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

export function validZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Offset of `tz` from UTC at `at`, in minutes (e.g. +120 for Europe/Berlin in summer). */
export function zoneOffset(tz: string, at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');
export const offsetText = (min: number) =>
  `${min < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(min) / 60))}:${pad(Math.abs(min) % 60)}`;

/** Parse a date-time; a naive one is read as wall-clock time in `tz` (UTC when none). */
export function parseDateTime(v: string, tz: string | undefined, what: string): Date {
  const m = NAIVE.exec(v.trim());
  if (!m) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(v.trim())) return parseDateTime(`${v.trim()}T00:00:00`, tz, what);
    throw new ToolArgumentError(`${what}: expected an ISO date-time like 2025-01-16T13:00:00, got "${v.slice(0, 40)}"`);
  }
  const [, y, mo, d, h, mi, s, off] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (off) {
    if (off === 'Z') return new Date(wall);
    const sign = off.startsWith('-') ? -1 : 1;
    const digits = off.slice(1).replace(':', '');
    return new Date(wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60000);
  }
  if (!tz) return new Date(wall);
  // two passes: the offset at the guessed instant, then at the corrected one (DST edges)
  let t = wall - zoneOffset(tz, new Date(wall)) * 60000;
  t = wall - zoneOffset(tz, new Date(t)) * 60000;
  return new Date(t);
}

/** RFC 3339 in the zone's local time with its offset (what Google shows back). */
export function formatInZone(at: Date, tz: string | undefined): string {
  const off = tz ? zoneOffset(tz, at) : 0;
  const local = new Date(at.getTime() + off * 60000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${tz ? offsetText(off) : 'Z'}`;
}

/** End of the local day of `at` in `tz`. */
export function endOfDay(at: Date, tz: string | undefined): Date {
  const day = formatInZone(at, tz).slice(0, 10);
  return parseDateTime(`${day}T23:59:59`, tz, 'time_max');
}

export interface Interval {
  start: string;
  end: string;
}

/** Free gaps of [from, to) around busy intervals (merged, clipped). */
export function freeSlots(busy: Interval[], from: Date, to: Date, tz: string | undefined): Interval[] {
  const sorted = busy
    .map((b) => [Date.parse(b.start), Date.parse(b.end)] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: Interval[] = [];
  let cur = from.getTime();
  for (const [a, b] of sorted) {
    if (b <= cur) continue;
    if (a > cur)
      out.push({ start: formatInZone(new Date(cur), tz), end: formatInZone(new Date(Math.min(a, to.getTime())), tz) });
    cur = Math.max(cur, b);
    if (cur >= to.getTime()) break;
  }
  if (cur < to.getTime()) out.push({ start: formatInZone(new Date(cur), tz), end: formatInZone(to, tz) });
  return out.filter((i) => Date.parse(i.end) > Date.parse(i.start));
}
