import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
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

/**
 * npm warns (EBADENGINE) about every package whose `engines.node` the running Node does not meet. The
 * lockfile records each package's `engines`; every one must accept the oldest Node that Junction's own
 * `engines` allows, which must be a Node 20 (the README's). A package that needs Node 22 belongs in a
 * tooling package under tools/ (as @composio/core 0.19.0 in tools/sdk-0190), not in package.json.
 */
it('every package in the lockfile runs on the oldest Node 20 that package.json allows', () => {
  const root = path.join(import.meta.dirname, '../..');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
  };
  const oldest = semver.minVersion(pkg.engines.node);
  expect(oldest?.major).toBe(20);
  const checked: string[] = [];
  const unmet: string[] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    // npm ignores the old array form of `engines`, as it does here
    const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    if (!key || !range) continue;
    checked.push(key);
    if (!semver.satisfies(oldest!, range, { includePrerelease: true }))
      unmet.push(`${key.slice(key.lastIndexOf('node_modules/') + 13)}@${entry.version} needs node ${range}`);
  }
  expect(checked.length).toBeGreaterThan(10);
  expect(unmet).toEqual([]);
});
