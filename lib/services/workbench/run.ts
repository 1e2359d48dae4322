import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { errors } from '../../contract/errors';
import { config, envValue } from '../../config';
import { SANDBOX_MEMORY, workbenchAvailable } from './sandbox';
import { acquireSlot } from './slots';

export interface WorkbenchOptions {
  /** the project the run is for: each project gets its share of the sandboxes */
  projectId: string;
  timeoutMs: number;
  sandboxSize?: string;
  maxToolCalls?: number;
  callTool: (
    slug: string,
    args: Record<string, unknown>,
  ) => Promise<{ data: Record<string, unknown>; error: string | null; successful: boolean }>;
}

export interface WorkbenchResult {
  data: Record<string, unknown>;
  error: string | null;
}

const MAX_OUTPUT_CHARS = 20_000;

/**
 * The worker script, found from the working directory like the catalog data (this module is also
 * bundled by Next.js, where import.meta.url is not the source path); loaded by Node, not bundled.
 */
function workerFile(): string {
  return (
    envValue('JUNCTION_WORKBENCH_WORKER') ||
    path.join(/* turbopackIgnore: true */ process.cwd(), 'lib', 'services', 'workbench', 'quickjs-worker.mjs')
  );
}

/**
 * Run workbench code in a fresh sandbox. The code is the body of an async function: it may
 * `await run_composio_tool(slug, args)` and `return` a JSON value; console output is captured.
 */
export async function runWorkbench(code: string, opts: WorkbenchOptions): Promise<WorkbenchResult> {
  if (!workbenchAvailable()) throw errors.notImplemented('The remote workbench is not available on this server');
  const { workbenchMaxConcurrent, workbenchMaxPerProject, workbenchMemoryMb } = config();
  const release = await acquireSlot(opts.projectId, workbenchMaxConcurrent, workbenchMaxPerProject);
  try {
    return await runInWorker(code, opts, workbenchMemoryMb * 1024 * 1024);
  } finally {
    release();
  }
}

async function runInWorker(code: string, opts: WorkbenchOptions, memoryCap: number): Promise<WorkbenchResult> {
  const worker = new Worker(workerFile(), {
    workerData: {
      code,
      timeoutMs: opts.timeoutMs,
      // the session's sandbox size picks a tier; JUNCTION_WORKBENCH_MEMORY_MB caps every tier
      memoryBytes: Math.min(SANDBOX_MEMORY[opts.sandboxSize ?? 'standard'] ?? SANDBOX_MEMORY.standard!, memoryCap),
      maxToolCalls: opts.maxToolCalls ?? 50,
      maxOutputChars: MAX_OUTPUT_CHARS,
    },
    resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
    // the worker needs no loader: it is plain JavaScript
    execArgv: [],
    stdout: true,
    stderr: true,
  });
  return await new Promise<WorkbenchResult>((resolve) => {
    let done = false;
    const end = (r: WorkbenchResult) => {
      if (done) return;
      done = true;
      clearTimeout(backstop);
      void worker.terminate();
      resolve(r);
    };
    // the guest's CPU is bounded inside the worker; this also covers time spent waiting on tools
    const backstop = setTimeout(
      () => end({ data: {}, error: `Time limit of ${opts.timeoutMs} ms exceeded` }),
      opts.timeoutMs + 2000,
    );
    worker.on(
      'message',
      (msg: {
        type: string;
        id?: number;
        slug?: string;
        args?: Record<string, unknown>;
        result?: unknown;
        error?: string;
        stdout?: string;
        toolCalls?: number;
      }) => {
        if (msg.type === 'call') {
          opts
            .callTool(msg.slug ?? '', msg.args ?? {})
            .catch((err: unknown) => ({
              data: {},
              error: err instanceof Error ? err.message : String(err),
              successful: false,
            }))
            .then((value) => {
              if (!done) worker.postMessage({ type: 'result', id: msg.id, value });
            });
          return;
        }
        if (msg.type === 'done') {
          const data = { result: msg.result ?? null, stdout: msg.stdout ?? '', tool_calls: msg.toolCalls ?? 0 };
          end({ data, error: msg.error ?? null });
        }
      },
    );
    worker.on('error', (err) => end({ data: {}, error: `Sandbox failed: ${err.message}` }));
    worker.on('exit', (code) =>
      end({ data: {}, error: code === 0 ? 'Sandbox ended without a result' : `Sandbox stopped (exit ${code})` }),
    );
  });
}
