import { defineConfig } from '@playwright/test';

// Workers inherit this from the runner, so every process of one run reads the same state dir.
process.env.JUNCTION_E2E_RUN ??= `run-${process.pid}`;
const { ADMIN_STATE } = await import('./e2e/support/server');

/**
 * Browser tests. globalSetup starts ONE Junction process (built app, fresh data dir, known keys
 * and admin) and writes e2e/.state/<run>/server.json; specs read it via e2e/support/server.ts.
 * Build first: `npm run build`.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'dashboard-setup', testMatch: /dashboard\/auth\.setup\.ts/ },
    {
      name: 'dashboard',
      testMatch: /dashboard\/.*\.spec\.ts/,
      dependencies: ['dashboard-setup'],
      use: { storageState: ADMIN_STATE },
    },
    { name: 'e2e', testIgnore: /dashboard\// },
  ],
});
