/**
 * Named workbench sandboxes: a small file tree under /home/user that outlives one run, so an agent
 * can upload a file, process it with code or shell commands and read the result back
 * (CODEINTERPRETER_*, COMPOSIO_REMOTE_BASH_TOOL). Code still runs in a fresh QuickJS sandbox each
 * time (./run.ts); only the files persist, in this process's memory, until the box's keep-alive
 * lapses. Boxes belong to a project: an id from another project is "not found".
 */
import { randomToken } from '../../crypto/ids';

/** A problem with a sandbox or its files; tools report it as `successful: false` with this message. */
export class BoxError extends Error {}

export const HOME = '/home/user';
const MAX_BOXES_PER_PROJECT = 32;
const MAX_BYTES_PER_BOX = 32 * 1024 * 1024;
export const DEFAULT_KEEP_ALIVE_S = 300;
export const MAX_KEEP_ALIVE_S = 3600;

export interface Box {
  id: string;
  projectId: string;
  files: Map<string, Buffer>;
  /** directories created explicitly (files imply their parents) */
  dirs: Set<string>;
  cwd: string;
  keepAliveMs: number;
  expiresAt: number;
}

const boxes = new Map<string, Box>();

function sweep(now = Date.now()) {
  for (const [k, b] of boxes) if (b.expiresAt <= now) boxes.delete(k);
}

const keyOf = (projectId: string, id: string) => `${projectId}\u0000${id}`;

function keepAliveMs(seconds: unknown): number {
  const s = typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : DEFAULT_KEEP_ALIVE_S;
  return Math.min(Math.max(s, 1), MAX_KEEP_ALIVE_S) * 1000;
}

export function createBox(projectId: string, keepAliveSeconds?: unknown, id?: string): Box {
  sweep();
  const mine = [...boxes.values()].filter((b) => b.projectId === projectId);
  if (mine.length >= MAX_BOXES_PER_PROJECT) {
    // the oldest box of the project makes room: sandboxes are scratch space, not storage
    const oldest = mine.sort((a, b) => a.expiresAt - b.expiresAt)[0]!;
    boxes.delete(keyOf(projectId, oldest.id));
  }
  const ms = keepAliveMs(keepAliveSeconds);
  const box: Box = {
    id: id ?? `sbx_${randomToken(16)}`,
    projectId,
    files: new Map(),
    dirs: new Set([HOME]),
    cwd: HOME,
    keepAliveMs: ms,
    expiresAt: Date.now() + ms,
  };
  boxes.set(keyOf(projectId, box.id), box);
  return box;
}

/** A box by id (its keep-alive restarts). */
export function getBox(projectId: string, id: string, keepAliveSeconds?: unknown): Box {
  sweep();
  const box = boxes.get(keyOf(projectId, id));
  if (!box)
    throw new BoxError(`Sandbox ${id} not found (it may have expired): create a new one, or call without sandbox_id`);
  if (keepAliveSeconds !== undefined) box.keepAliveMs = keepAliveMs(keepAliveSeconds);
  box.expiresAt = Date.now() + box.keepAliveMs;
  return box;
}

/** The box named by `id`, else a new one. */
export function boxFor(projectId: string, id: unknown, keepAliveSeconds?: unknown): Box {
  return typeof id === 'string' && id
    ? getBox(projectId, id, keepAliveSeconds)
    : createBox(projectId, keepAliveSeconds);
}

/** The implicit box of one user of a project (COMPOSIO_REMOTE_BASH_TOOL outside a session). */
export function userBox(projectId: string, userId: string): Box {
  const id = `user_${userId}`;
  sweep();
  return boxes.get(keyOf(projectId, id)) ? getBox(projectId, id) : createBox(projectId, MAX_KEEP_ALIVE_S, id);
}

/** Absolute, normalised path; relative paths start at the box's working directory. */
export function resolvePath(box: Box, p: string): string {
  const parts = (p.startsWith('/') ? p : `${box.cwd}/${p}`).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (!part || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
}

export function isDir(box: Box, path: string): boolean {
  if (path === '/' || box.dirs.has(path)) return true;
  const prefix = `${path}/`;
  for (const k of box.files.keys()) if (k.startsWith(prefix)) return true;
  for (const d of box.dirs) if (d.startsWith(prefix)) return true;
  return false;
}

export function readBoxFile(box: Box, p: string): Buffer {
  const path = resolvePath(box, p);
  const f = box.files.get(path);
  if (!f) throw new BoxError(`${path}: no such file in the sandbox`);
  return f;
}

export function writeBoxFile(box: Box, p: string, content: Buffer, append = false): string {
  const path = resolvePath(box, p);
  if (isDir(box, path)) throw new BoxError(`${path} is a directory`);
  const next = append ? Buffer.concat([box.files.get(path) ?? Buffer.alloc(0), content]) : content;
  let used = 0;
  for (const [k, v] of box.files) if (k !== path) used += v.length;
  if (used + next.length > MAX_BYTES_PER_BOX)
    throw new BoxError(`The sandbox holds at most ${MAX_BYTES_PER_BOX / 1024 / 1024} MB of files`);
  box.files.set(path, next);
  return path;
}

/** Entries directly under a directory: names with a trailing / for directories. */
export function listDir(box: Box, dir: string): string[] {
  const prefix = dir === '/' ? '/' : `${dir}/`;
  const names = new Set<string>();
  for (const k of [...box.files.keys(), ...box.dirs]) {
    if (!k.startsWith(prefix) || k === dir) continue;
    const rest = k.slice(prefix.length);
    const [first, ...more] = rest.split('/');
    if (first) names.add(more.length || box.dirs.has(k) ? `${first}/` : first);
  }
  return [...names].sort();
}
