/**
 * COMPOSIO_REMOTE_WORKBENCH sandbox. Code never runs in the server's JavaScript engine (no `eval`):
 * it runs in QuickJS compiled to WebAssembly, inside a worker thread (./quickjs-worker.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { envValue } from '../../config';

let available: boolean | undefined;

/** Whether the sandbox engine is installed (the tool is only offered when it is). */
export function workbenchAvailable(): boolean {
  if (available === undefined) {
    try {
      createRequire(path.join(process.cwd(), 'package.json')).resolve('quickjs-emscripten');
      available =
        fs.existsSync(path.join(process.cwd(), 'lib', 'services', 'workbench', 'quickjs-worker.mjs')) ||
        !!envValue('JUNCTION_WORKBENCH_WORKER');
    } catch {
      available = false;
    }
  }
  return available;
}

/** Memory per sandbox size (the hosted service's tiers are VMs; here they scale the QuickJS heap). */
export const SANDBOX_MEMORY: Record<string, number> = {
  standard: 64 * 1024 * 1024,
  medium: 128 * 1024 * 1024,
  large: 256 * 1024 * 1024,
  xlarge: 512 * 1024 * 1024,
};
