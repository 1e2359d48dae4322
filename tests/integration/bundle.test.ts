import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, ROOT, startArgs, startEnv, startServer, type TestServer } from '../helpers/server';

/**
 * The compiled production server: `npm run build` bundles server.ts into dist/server.mjs, and
 * `npm start` runs it with plain Node. The other suites run server.ts through tsx; this one builds
 * the bundle (a second or so; the template is kept when current) and serves the API from it, with no TypeScript loader in the process.
 */
describe(`compiled server (${engine()})`, () => {
  let s: TestServer;

  beforeAll(async () => {
    // what `npm run build:server` does: compile, then make the embedded-database template (kept if current)
    for (const script of ['scripts/build-server.mjs', 'dist/make-pglite-template.mjs']) {
      const built = spawnSync(process.execPath, [script], { cwd: ROOT, encoding: 'utf8' });
      expect(built.status, built.stderr).toBe(0);
    }
    s = await startServer({ args: startArgs() });
  }, 180_000);
  afterAll(async () => {
    await s?.stop();
  });

  it('is plain JavaScript that `npm start` runs with node', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    // plain node on the bundle; V8 flags and the C allocator's settings only (see README, Memory)
    expect(pkg.scripts.start).toMatch(
      /^NODE_ENV=production (MALLOC_[A-Z_]+=\d+ )*node (--[a-z-]+=\d+ )*dist\/server\.mjs$/,
    );
    expect(startArgs().at(-1)).toBe('dist/server.mjs');
    expect(pkg.scripts.build).toContain('build:server');
    const cmdline = fs.readFileSync(`/proc/${s.proc.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(cmdline.slice(1)).toEqual(startArgs());
    // the script's environment comes with its arguments
    const environ = fs.readFileSync(`/proc/${s.proc.pid}/environ`, 'utf8').split('\0');
    for (const [k, v] of Object.entries(startEnv())) expect(environ).toContain(`${k}=${v}`);
    expect(startEnv()).toMatchObject({ NODE_ENV: 'production' });
    for (const entry of ['server', 'worker', 'cli'])
      expect(fs.existsSync(path.join(ROOT, 'dist', `${entry}.mjs`))).toBe(true);
  });

  it('reaches /api/health and serves the API, catalog included', async () => {
    const h = await fetch(`${s.url}/api/health`);
    expect(h.status).toBe(200);
    expect(await h.json()).toMatchObject({ status: 'ok', database: engine() });
    const tk = await s.api('GET', '/toolkits/github');
    expect(tk.status).toBe(200);
    expect(tk.body.slug).toBe('github');
    const tools = await s.api('GET', '/tools?toolkit_slug=github&limit=1');
    expect(tools.status).toBe(200);
    expect(tools.body.items).toHaveLength(1);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    expect(ac.status).toBe(201);
  });

  it('runs the CLI from the bundle too', () => {
    const r = spawnSync(process.execPath, ['dist/cli.mjs', 'help'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('rotate-encryption-key');
  });
});
