// Runs SDK flows on Node 22 for the test suites: one process per SDK version, driven over
// stdin/stdout with one JSON object per line. A request names a flow (exported by the flows
// module given on the command line), the server to talk to and the flow's parameters; the answer
// is the flow's JSON result, or the error the SDK threw (class name, code, status, message).
//   node runner.mjs <package alias, e.g. @composio/core-021> <flows module path>
import fs from 'node:fs';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

process.env.TELEMETRY_DISABLED = 'true';
const [pkg, flowsPath] = process.argv.slice(2);
const sdk = await import(pkg);
const { flows } = await import(pathToFileURL(flowsPath).href);
// the packages export no ./package.json: read it from the install directory
const { version } = JSON.parse(fs.readFileSync(new URL(`./node_modules/${pkg}/package.json`, import.meta.url), 'utf8'));

function errorOf(e) {
  return {
    name: e?.constructor?.name ?? e?.name ?? 'Error',
    code: e?.code,
    status: e?.status ?? e?.statusCode ?? e?.cause?.status,
    message: String(e?.message ?? e).slice(0, 2000),
    causeName: e?.cause?.constructor?.name,
    causeStatus: e?.cause?.status,
  };
}

const out = (obj) =>
  process.stdout.write(
    `${JSON.stringify(obj, (_k, v) => (typeof v === 'bigint' ? String(v) : typeof v === 'function' ? undefined : v))}\n`,
  );

out({ ready: true, version, node: process.version });
const rl = readline.createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  const req = JSON.parse(line);
  const run = async () => {
    const flow = flows[req.flow];
    if (!flow) throw new Error(`no flow named ${req.flow}`);
    const composio = new sdk.Composio({
      apiKey: req.apiKey,
      baseURL: req.baseURL,
      allowTracking: false,
      disableVersionCheck: true,
      ...(req.options ?? {}),
    });
    return flow({ composio, sdk, z, version, p: req.params ?? {} });
  };
  run().then(
    (value) => out({ id: req.id, ok: true, value: value ?? null }),
    (e) => out({ id: req.id, ok: false, error: errorOf(e) }),
  );
}
