import { defineConfig } from 'vitest/config';
import os from 'node:os';
import path from 'node:path';

const alias = { '@': path.resolve(import.meta.dirname) };
// The PostgreSQL suites' server is chosen by tests/helpers/global-setup.ts (a reachable one, or a throwaway one).
// tests/helpers/sdk-install.ts installs @composio/core 0.19.0 (tools/sdk-0190) before the workers start.
const sdkInstall = 'tests/helpers/sdk-install.ts';
// The integration suites' servers run a bundle compiled once per run (tests/helpers/test-bundle.ts). Set
// here, before any worker starts, so every worker inherits it; JUNCTION_TEST_BUNDLE= (empty) runs server.ts
// through tsx instead.
process.env.JUNCTION_TEST_BUNDLE ??= path.join(import.meta.dirname, '.scratch', 'test-bundle', `run-${process.pid}`);
const testBundle = 'tests/helpers/test-bundle.ts';
// Provider suites share one server per worker (tests/helpers/shared-server.ts); its pids, for the teardown.
process.env.JUNCTION_TEST_SHARED_PIDS ??= path.join(os.tmpdir(), `junction-shared-servers-${process.pid}`);

// Integration suites run twice: on the embedded database and on PostgreSQL, each against real servers.
// `*.pg.test.ts` suites need several processes on one database, which only PostgreSQL allows.
// `*.pglite.test.ts` suites are about the embedded database's own folder (they start it whatever the
// project), so running them again under the PostgreSQL project would repeat the same thing.
// Suites whose subject is one provider's wire format (a toolkit's requests and trigger payloads against its
// loopback fake) run on the embedded database only: they store nothing the storage suites do not already
// cover on both engines, and they grow with the catalog, which would otherwise double their cost in CI.
const providerSuites = [
  'tests/integration/curated-*.test.ts',
  'tests/integration/mapped-*.test.ts',
  'tests/integration/catalog-mappings.test.ts',
  'tests/integration/mapping-format.test.ts',
  'tests/integration/googledrive-arguments.test.ts',
  'tests/integration/toolkits-new.test.ts',
  'tests/integration/tools-curated-listing.test.ts',
  'tests/integration/composio-search.test.ts',
  'tests/integration/triggers-{hosted,apps,poll-types,shopify-salesforce}.test.ts',
];
// What every integration project shares: real servers take a while to start on a loaded 2-core machine.
const integration = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 240_000,
  fileParallelism: true,
  maxWorkers: 2,
} as const;
export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 60_000,
    hookTimeout: 240_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          globalSetup: [sdkInstall],
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The image and the compose file, built and run with Docker (npm run test:container): it needs root
        // to install and start Docker, so it runs when asked for (JUNCTION_TEST_CONTAINER=1, set by
        // `npm test` on CI and by test:container).
        resolve: { alias },
        test: {
          name: 'container',
          include: process.env.JUNCTION_TEST_CONTAINER === '1' ? ['tests/container/**/*.test.ts'] : [],
          environment: 'node',
          globalSetup: [sdkInstall],
          sequence: { groupOrder: 4 },
          testTimeout: 600_000,
          hookTimeout: 1_800_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'pglite',
          sequence: { groupOrder: 1 },
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/**/*.pg.test.ts', ...providerSuites],
          ...integration,
          globalSetup: [sdkInstall, testBundle],
          env: { TEST_ENGINE: 'pglite' },
        },
      },
      {
        // The provider suites on the embedded database: each worker keeps one server from file to file
        // (isolate: false keeps the worker's modules, and with them its server) and gives each suite a
        // project of its own (tests/helpers/shared-server.ts).
        resolve: { alias },
        test: {
          name: 'pglite-providers',
          sequence: { groupOrder: 2 },
          include: providerSuites,
          ...integration,
          globalSetup: [sdkInstall, testBundle, 'tests/helpers/shared-server-teardown.ts'],
          env: { TEST_ENGINE: 'pglite', JUNCTION_TEST_SHARED_SERVER: '1' },
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'postgres',
          sequence: { groupOrder: 3 },
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/**/*.pglite.test.ts', ...providerSuites],
          ...integration,
          globalSetup: [sdkInstall, testBundle, 'tests/helpers/global-setup.ts'],
          env: { TEST_ENGINE: 'postgres' },
        },
      },
    ],
  },
});
