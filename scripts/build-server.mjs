// Part of `npm run build`: compile the server, the worker, the CLI and the template maker into
// dist/*.mjs, so `npm start` runs plain Node with no TypeScript compiler at run time.
//
// Packages stay external: Node resolves them from node_modules as usual (Next.js, PGlite's wasm
// files, pg-boss, pino's transports all locate files next to their own code). Code splitting keeps
// each dynamic `import()` a separate chunk, so modules off the start path still load lazily.
// Paths to data files (catalog, triggers, migrations, the database template) are taken from
// the working directory, which is the project root under `npm start`.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// `--outdir DIR`: the test suites build a bundle of their own run there (tests/helpers/test-bundle.ts),
// so a rebuild of dist/ never rewrites a file a test server is loading.
const outFlag = process.argv.indexOf('--outdir');
const outdir = outFlag > 0 ? path.resolve(process.argv[outFlag + 1]) : path.join(root, 'dist');
const requireFromRoot = createRequire(path.join(root, 'package.json'));

/**
 * A deep import into a package without an `exports` map (`nodemailer/lib/mail-composer`) is a
 * folder or an extension-less file, which Node's ESM loader does not resolve, though tsx does.
 * Such imports are rewritten to the file CommonJS resolution finds, and stay external.
 */
const deepImports = {
  name: 'deep-imports',
  setup(build) {
    build.onResolve({ filter: /^(@[^/]+\/)?[^./][^/]*\/./ }, (args) => {
      const [, pkg, sub] = /^((?:@[^/]+\/)?[^/]+)\/(.+)$/.exec(args.path) ?? [];
      const dir = path.join(root, 'node_modules', pkg ?? '');
      if (!pkg || !sub || !fs.existsSync(path.join(dir, 'package.json'))) return undefined;
      if (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).exports)
        return { path: args.path, external: true };
      try {
        return {
          path: `${pkg}/${path.relative(dir, requireFromRoot.resolve(args.path)).split(path.sep).join('/')}`,
          external: true,
        };
      } catch {
        return { path: args.path, external: true };
      }
    });
  },
};
const t0 = performance.now();
const common = {
  absWorkingDir: root,
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [deepImports],
};
const results = await Promise.all([
  esbuild.build({
    ...common,
    entryPoints: {
      server: 'server.ts',
      worker: 'worker.ts',
      cli: 'cli.ts',
      'make-pglite-template': 'scripts/pglite-template.ts',
    },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    // V8 keeps every loaded module's source text for the life of the process (it compiles functions
    // lazily, from that text): without comments and indentation the idle server measured ~8 MB less.
    // Names are kept, so stack traces still name their functions; the linked source maps (read only
    // with NODE_OPTIONS=--enable-source-maps) point them back to the TypeScript lines.
    minifyWhitespace: true,
    sourcemap: 'linked',
    sourcesContent: false,
  }),
  // The search index's worker thread, in one file of its own and with its comments: Next.js' build
  // follows lib/services/search/index.ts to this file, and Turbopack reads the
  // `/* turbopackIgnore: true */` comments in it (lib/config.ts); stripped, it would trace the whole
  // project from there.
  esbuild.build({ ...common, entryPoints: { 'search-index-worker': 'lib/services/search/index-worker.ts' } }),
]).catch(() => process.exit(1)); // esbuild has printed the errors
// Chunks of earlier builds would pile up (their names carry content hashes). They are removed
// after the new ones are written, not before: a running server may still load one lazily.
const outputs = new Set(results.flatMap((r) => Object.keys(r.metafile.outputs)).map((f) => path.resolve(root, f)));
const chunks = path.join(outdir, 'chunks');
for (const f of fs.existsSync(chunks) ? fs.readdirSync(chunks) : []) {
  if (!outputs.has(path.join(chunks, f))) fs.rmSync(path.join(chunks, f), { force: true });
}
const files = outputs.size;
console.log(
  `compiled server, worker and cli into ${path.relative(root, outdir)}/ (${files} files, ${Math.round(performance.now() - t0)} ms)`,
);
