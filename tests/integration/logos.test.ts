import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { ROOT, startServer, type TestServer } from '../helpers/server';

// Toolkit logos are served by Junction itself, so the dashboard and API clients never hot-link a third party.
describe('toolkit logos served by Junction', () => {
  let s: TestServer;
  beforeAll(async () => {
    execFileSync('npx', ['tsx', 'scripts/logos.ts'], { cwd: ROOT, stdio: 'ignore' });
    s = await startServer();
  });
  afterAll(async () => s?.stop());

  it('toolkit reads point at /logos/<slug>.svg on the public URL', async () => {
    const r = await s.api('GET', '/toolkits/github');
    expect(r.status).toBe(200);
    expect(r.body.meta.logo).toBe(`${s.url}/logos/github.svg`);
    const list = await s.api('GET', '/toolkits?limit=50');
    for (const t of list.body.items) expect(t.meta.logo).toMatch(/^http:\/\/[^/]+\/logos\/[a-z0-9_]+\.svg$/);
  });

  it('serves the SVG with a script-free policy, and a neutral tile for unknown names', async () => {
    const gh = await fetch(`${s.url}/logos/github.svg`);
    expect(gh.status).toBe(200);
    expect(gh.headers.get('content-type')).toBe('image/svg+xml');
    expect(gh.headers.get('x-content-type-options')).toBe('nosniff');
    expect(gh.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await gh.text()).toContain('<title>GitHub</title>');
    const unknown = await fetch(`${s.url}/logos/not_a_toolkit.svg`);
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain('<rect');
    const traversal = await fetch(`${s.url}/logos/..%2Fpackage.json`);
    expect(traversal.status).toBe(404);
  });
});
