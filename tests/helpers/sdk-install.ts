// @ts-expect-error: a plain ESM script without types
import { ensureSdk0190 } from '../../scripts/sdk-next-install.mjs';

/**
 * Global setup of every project whose suites may load the SDKs (tests/helpers/sdks.ts): installs
 * @composio/core 0.19.0 into tools/sdk-0190 once, before any worker starts, so parallel suites never
 * race on the install. A no-op when the package is installed from its current manifest already.
 */
export default function setup() {
  ensureSdk0190();
}
