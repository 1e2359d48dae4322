import { envValue } from './config';

/**
 * The service's notion of "now". Production uses the real clock. Tests may shift it for a whole
 * process with JUNCTION_CLOCK_OFFSET_MS (e.g. 660000 = eleven minutes ahead) to exercise
 * expiries (OAuth state, Connect Links, token refresh) without waiting.
 */
const offset = (() => {
  const n = Number.parseInt(envValue('JUNCTION_CLOCK_OFFSET_MS') ?? '', 10);
  return Number.isFinite(n) ? n : 0;
})();

export function nowMs(): number {
  return Date.now() + offset;
}

export function now(): Date {
  return new Date(nowMs());
}
