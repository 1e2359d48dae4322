import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

// Issue 11, item 5 on PostgreSQL: two server processes on one database share a key's bucket.
let a: TestServer;
let b: TestServer;
const LIMIT = 6;

beforeAll(async () => {
  a = await startServer({ engine: 'postgres', env: { JUNCTION_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
  b = await a.restart();
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

describe('rate limits across processes', () => {
  it("a key's requests count against one bucket whichever process serves them", async () => {
    // Alternate processes until both refuse; refill (LIMIT a minute) may add a call or two on a slow machine.
    const t0 = Date.now();
    let accepted = 0;
    for (let i = 0; i < 50; i++) {
      const r = await (i % 2 ? b : a).api('GET', '/auth_configs');
      if (r.status === 200) {
        accepted++;
        continue;
      }
      expect(r.status).toBe(429);
      break;
    }
    const onA = await a.api('GET', '/auth_configs');
    const onB = await b.api('GET', '/auth_configs');
    const refilled = Math.ceil(((Date.now() - t0) / 60_000) * LIMIT);
    // one bucket: about LIMIT in all, not LIMIT per process
    expect(accepted).toBeGreaterThanOrEqual(LIMIT);
    expect(accepted).toBeLessThanOrEqual(LIMIT + refilled);
    expect([onA.status, onB.status]).toContain(429);
    const refused = onB.status === 429 ? onB : onA;
    expect(refused.body.error.slug).toBe('Request_RateLimited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // the org key is another bucket, on both processes
    expect(
      (await b.api('GET', '/org/owner/project/list', undefined, { 'x-org-api-key': b.orgKey, 'x-api-key': '' })).status,
    ).toBe(200);
  });
});
