/**
 * The official SDK in the two versions the suites run against, side by side in this process:
 * `@composio/core@0.8.1` (client alpha.68, /api/v3), a dev dependency of Junction, and
 * `@composio/core@0.19.0` (client alpha.76, /api/v3.1) from its own package, tools/sdk-0190: it declares
 * Node 22 in `engines` though it runs on Node 20, and kept there it leaves Junction's `npm install` free of
 * engine warnings. The tests' global setup (sdk-install.ts) installs it; it is loaded here by file URL.
 * Suites take one with `describe.each(SDKS)`; both are used unmodified, only the base URL changes.
 */
import * as core081 from '@composio/core';
// @ts-expect-error: a plain ESM script without types
import { sdk0190Entry } from '../../scripts/sdk-next-install.mjs';
import type { TestServer } from './server';

const core0190 = await import(sdk0190Entry()).catch((e: Error) => {
  throw new Error(
    `@composio/core 0.19.0 is not installed in tools/sdk-0190 (node scripts/sdk-next-install.mjs): ${e.message}`,
  );
});

process.env.TELEMETRY_DISABLED = 'true';

// The two versions' classes differ in their types, not in the calls the suites make.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySdk = any;

export interface SdkVersion {
  version: '0.8.1' | '0.19.0';
  /** the package's exports (Composio, AuthScheme, error classes, schemas) */
  mod: AnySdk;
}

export const SDKS: SdkVersion[] = [
  { version: '0.8.1', mod: core081 },
  { version: '0.19.0', mod: core0190 },
];

/** A client of that version for a test server's project. */
export function composioFor(
  sdk: SdkVersion,
  s: Pick<TestServer, 'apiKey' | 'url'>,
  extra: Record<string, unknown> = {},
): AnySdk {
  return new sdk.mod.Composio({
    apiKey: s.apiKey,
    baseURL: s.url,
    allowTracking: false,
    disableVersionCheck: true,
    ...extra,
  });
}
