/**
 * Code and shell commands against a named sandbox (./boxes.ts). Code is JavaScript run by the
 * workbench (./run.ts) with three extra functions over the box's files — `read_file(path)`,
 * `write_file(path, text)`, `list_files(dir)` — bridged through the same host call the workbench
 * uses for tools, so the QuickJS sandbox itself still has no file system. Shell commands are read
 * by a small interpreter (./shell.ts) over the same files; `node -e` runs code as above.
 */
import { BoxError, listDir, readBoxFile, resolvePath, writeBoxFile, type Box } from './boxes';
import { runWorkbench } from './run';

type CallTool = (
  slug: string,
  args: Record<string, unknown>,
) => Promise<{ data: Record<string, unknown>; error: string | null; successful: boolean }>;

export interface CodeResult {
  results: unknown[];
  stdout: string;
  stderr: string;
  error: string | null;
}

// defined before the caller's code, inside the same async function body
const PRELUDE = `
const __box = async (op, args) => {
  const r = await run_composio_tool(op, args);
  if (!r.successful) throw new Error(r.error);
  return r.data.value;
};
const read_file = (path) => __box('__BOX_READ', { path });
const write_file = (path, text) => __box('__BOX_WRITE', { path, text: String(text) });
const list_files = (dir) => __box('__BOX_LIST', { path: dir || '.' });
`;

const ok = (value: unknown) => ({ data: { value }, error: null, successful: true });
const bad = (error: string) => ({ data: {}, error, successful: false });

function boxCall(box: Box, slug: string, args: Record<string, unknown>) {
  const path = typeof args.path === 'string' ? args.path : '';
  try {
    if (slug === '__BOX_READ') return ok(readBoxFile(box, path).toString('utf8'));
    if (slug === '__BOX_WRITE') return ok(writeBoxFile(box, path, Buffer.from(String(args.text ?? ''), 'utf8')));
    if (slug === '__BOX_LIST') return ok(listDir(box, resolvePath(box, path || '.')));
  } catch (e) {
    return bad(e instanceof BoxError ? e.message : String(e));
  }
  return undefined;
}

/** Run JavaScript against a box; `callTool` (when given) serves `run_composio_tool` for app tools. */
export async function runCodeInBox(
  projectId: string,
  box: Box,
  code: string,
  timeoutMs: number,
  callTool?: CallTool,
): Promise<CodeResult> {
  const r = await runWorkbench(PRELUDE + code, {
    projectId,
    timeoutMs,
    maxToolCalls: 500,
    callTool: async (slug, args) => {
      const own = boxCall(box, slug, args);
      if (own) return own;
      if (!callTool) return bad('run_composio_tool is not available here');
      return callTool(slug, args);
    },
  });
  const result = r.data.result;
  return {
    results: result === null || result === undefined ? [] : [result],
    stdout: typeof r.data.stdout === 'string' ? r.data.stdout : '',
    stderr: r.error ?? '',
    error: r.error,
  };
}
