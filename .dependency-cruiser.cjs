/**
 * The layer rule (docs/architecture.md), checked by `npm run check:layers` inside `npm test`:
 * entry points → lib/boot → lib/api, lib/dashboard → lib/services, lib/triggers → lib/db, lib/jobs,
 * lib/contract, lib/catalog, lib/runtime.ts (the Runtime type) → leaves (config, log, crypto, net, clock).
 * An arrow may only point down, and no file may take part in an import circle.
 */
const layer = (name, path, mayNotImport) => ({
  name: `layer-${name}`,
  severity: 'error',
  comment: `${name} may not import a higher layer`,
  from: { path },
  to: { path: mayNotImport },
});

const ENTRY = '^(server|worker|cli)\\.ts$|^app/|^scripts/';
const BOOT = '^lib/boot/';
const API = '^lib/(api|dashboard)/';
const SERVICES = '^lib/(services|triggers)/';
// lib/runtime.ts is the Runtime type, which names the database and the queue: it sits beside them.
const LOWER = '^lib/(db|jobs|contract|catalog)/|^lib/runtime\\.ts$';
const LEAVES = '^lib/(config|env-schema|log|clock|process-guards|metrics|telemetry|shutdown)\\.ts$|^lib/(crypto|net)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles make start-up order and refactoring fragile; type-only imports count too.',
      from: {},
      to: { circular: true },
    },
    layer('boot', BOOT, ENTRY),
    layer('api', API, `${ENTRY}|${BOOT}`),
    layer('services', SERVICES, `${ENTRY}|${BOOT}|${API}`),
    layer('storage-and-contract', LOWER, `${ENTRY}|${BOOT}|${API}|${SERVICES}`),
    layer('leaves', LEAVES, `${ENTRY}|${BOOT}|${API}|${SERVICES}|${LOWER}`),
    {
      name: 'components-not-server',
      severity: 'error',
      comment: 'UI components run in the browser: they may not reach server code below the dashboard client.',
      from: { path: '^components/' },
      to: { path: `^lib/(boot|api|services|triggers|db|jobs)/|${ENTRY}` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next|dist|tests|e2e|bench)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
