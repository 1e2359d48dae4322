/**
 * The official SDK in the two versions the suites run against, side by side:
 * `@composio/core@0.8.1` (client alpha.68, /api/v3) and `@composio/core@0.19.0`, installed as the
 * npm alias `@composio/core-next` with its own `@composio/client@0.1.0-alpha.76` (/api/v3.1).
 * Suites take one with `describe.each(SDKS)`; both are used unmodified, only the base URL changes.
 */
import * as core081 from '@composio/core';
import * as core0190 from '@composio/core-next';
import type { TestServer } from './server';

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
