/**
 * The sandbox capability curated composites get (`ctx.sandbox`, lib/catalog/curated/types.ts):
 * named boxes of one project, code through the workbench, commands through the shell. A box
 * problem ends the tool call with `successful: false` and the reason.
 */
import { ToolFailure, type SandboxApi } from '../../catalog/curated/types';
import { BoxError, boxFor, createBox, HOME, readBoxFile, resolvePath, writeBoxFile, type Box } from './boxes';
import { runCodeInBox } from './box-run';
import { runShell } from './shell';

const seconds = (v: unknown, dflt: number, max: number) =>
  Math.min(Math.max(typeof v === 'number' && Number.isFinite(v) ? v : dflt, 1), max);

function guard<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof BoxError) throw new ToolFailure(e.message);
    throw e;
  }
}

/** `node -e` inside a shell command: the same code runner, against the same box. */
export const jsRunner = (projectId: string, box: Box, timeoutMs: number) => async (code: string) => {
  const r = await runCodeInBox(projectId, box, code, timeoutMs);
  return { stdout: r.stdout, error: r.error, result: r.results[0] };
};

export function boxApi(projectId: string): SandboxApi {
  return {
    create: (keepAlive) => {
      const box = createBox(projectId, keepAlive);
      return { sandbox_id: box.id, keep_alive: box.keepAliveMs / 1000 };
    },
    async execute(id, code, timeout, keepAlive) {
      const box = guard(() => boxFor(projectId, id, keepAlive));
      const r = await runCodeInBox(projectId, box, code, seconds(timeout, 30, 60) * 1000);
      return { sandbox_id: box.id, ...r };
    },
    async shell(id, command, timeout, keepAlive) {
      const box = guard(() => boxFor(projectId, id, keepAlive));
      const r = await runShell(box, command, jsRunner(projectId, box, seconds(timeout, 30, 60) * 1000));
      return { sandbox_id: box.id, ...r };
    },
    readFile: (id, path) =>
      guard(() => {
        const box = boxFor(projectId, id);
        return { sandbox_id: box.id, path: resolvePath(box, path), content: readBoxFile(box, path) };
      }),
    writeFile: (id, path, content, keepAlive) =>
      guard(() => {
        const box = boxFor(projectId, id, keepAlive);
        const at = writeBoxFile(box, path || HOME, content);
        return { sandbox_id: box.id, path: at, size: content.length };
      }),
  };
}
