import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/** Next.js's telemetry notice and its network call stay out of every build the scripts run. */
it('every npm script that runs `next build` turns Next.js telemetry off for that command', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const builds = Object.entries(pkg.scripts).filter(([, cmd]) => /\bnext build\b/.test(cmd));
  expect(builds.length).toBeGreaterThan(0);
  for (const [name, cmd] of builds) {
    for (const part of cmd.split('&&').filter((p) => /\bnext build\b/.test(p))) {
      expect(part.trim(), `script ${name}`).toMatch(/^NEXT_TELEMETRY_DISABLED=1 next build\b/);
    }
  }
});

/**
 * npm 11 lists every installed package with an install script that package.json's `allowScripts`
 * does not decide on. Each one found in the lockfile must be decided (true or false), so
 * `npm install` prints no review notice.
 */
it('every package with an install script in the lockfile is decided in allowScripts', () => {
  const root = path.join(import.meta.dirname, '../..');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    allowScripts?: Record<string, boolean>;
  };
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean; optional?: boolean }>;
  };
  const withScripts = new Set(
    Object.entries(lock.packages)
      .filter(([k, v]) => k && v.hasInstallScript)
      .map(([k]) => k.slice(k.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  );
  expect(withScripts.size).toBeGreaterThan(0);
  const undecided = [...withScripts].filter((name) => typeof pkg.allowScripts?.[name] !== 'boolean');
  expect(undecided).toEqual([]);
});
