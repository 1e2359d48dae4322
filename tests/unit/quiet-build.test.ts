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
