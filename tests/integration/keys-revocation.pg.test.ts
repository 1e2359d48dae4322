import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

// A key revoked through one process stops working on the others at once (a change notice at commit),
// not when their key cache expires: the cache time here is ten minutes, so only the notice can explain it.
let a: TestServer;
let b: TestServer;
let projectId: string;
const CACHE_MS = 600_000;

beforeAll(async () => {
  a = await startServer({ engine: 'postgres', env: { JUNCTION_API_KEY_CACHE_MS: String(CACHE_MS) } });
  b = await a.restart();
  projectId = (await a.api('GET', '/org/project/current')).body.id;
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const org = (s: TestServer) => ({ 'x-org-api-key': s.orgKey, 'x-api-key': '' });

async function waitForStatus(s: TestServer, key: string, status: number, ms: number) {
  const until = Date.now() + ms;
  let last = 0;
  while (Date.now() < until) {
    last = (await s.api('GET', '/auth_configs', undefined, { 'x-api-key': key })).status;
    if (last === status) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  return last;
}

describe('key revocation across processes', () => {
  it('a key revoked on one process is refused by the other well within its cache time', async () => {
    const made = await a.api('POST', `/org/owner/project/${projectId}/api_keys`, { name: 'two-procs' }, org(a));
    expect(made.status).toBe(201);
    const key = made.body.key as string;
    // both processes have looked the key up, so both hold it in their caches
    expect((await a.api('GET', '/auth_configs', undefined, { 'x-api-key': key })).status).toBe(200);
    expect((await b.api('GET', '/auth_configs', undefined, { 'x-api-key': key })).status).toBe(200);

    const t0 = Date.now();
    const revoked = await a.api(
      'DELETE',
      `/org/owner/project/${projectId}/api_keys/${made.body.id}`,
      undefined,
      org(a),
    );
    expect(revoked.status).toBe(200);
    expect((await a.api('GET', '/auth_configs', undefined, { 'x-api-key': key })).status).toBe(401);
    // the notice travels through PostgreSQL; allow a few seconds on a loaded machine, far below CACHE_MS
    expect(await waitForStatus(b, key, 401, 10_000)).toBe(401);
    expect(Date.now() - t0).toBeLessThan(CACHE_MS / 10);
    // other keys are untouched on both processes
    expect((await b.api('GET', '/auth_configs')).status).toBe(200);
    expect((await a.api('GET', '/auth_configs')).status).toBe(200);
  });
});
