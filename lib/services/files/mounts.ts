/**
 * Session file mounts (`session.experimental.files`): files under
 * `projects/<project>/sessions/<session>/mounts/<mount>/…` in object storage.
 */
import type { Runtime } from '../../runtime';
import { errors } from '../../contract/errors';
import type { Session } from '../tool-router/session';
import { URL_TTL_SECONDS, storage } from './storage';

function checkMount(mount: string) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(mount)) throw errors.validation(`Invalid mount id "${mount.slice(0, 64)}"`);
}

/** A mount-relative path: no absolute paths, `..`, empty segments or control characters. */
export function checkRelativePath(p: string, allowEmpty = false): string {
  const rel = p.replace(/^\/+/, '');
  if (!rel && allowEmpty) return '';
  const bad =
    !rel ||
    rel.length > 1024 ||
    /[\\\u0000-\u001f]/.test(rel) ||
    rel.split('/').some((s, i, all) => s === '..' || s === '.' || (s === '' && i !== all.length - 1));
  if (bad)
    throw errors.validation(`Invalid mount_relative_path "${p.slice(0, 200)}"`, [
      'mount_relative_path: relative path without "..", "." or empty segments',
    ]);
  return rel;
}

const prefixOf = (s: Session, mount: string) => `projects/${s.projectId}/sessions/${s.id}/mounts/${mount}/`;
const sandboxPrefix = (mount: string) => `/mnt/${mount}`;
const expires = () => new Date(Date.now() + URL_TTL_SECONDS * 1000).toISOString();

export async function mountList(
  rt: Runtime,
  s: Session,
  mount: string,
  q: { cursor?: string; limit?: number; mount_relative_prefix?: string },
) {
  checkMount(mount);
  const base = prefixOf(s, mount);
  const rel = q.mount_relative_prefix ? checkRelativePath(q.mount_relative_prefix, true) : '';
  let after: string | undefined;
  if (q.cursor) {
    after = Buffer.from(q.cursor, 'base64url').toString('utf8');
    if (!after.startsWith(base))
      throw errors.validation('Invalid cursor', ['query.cursor: not a cursor returned by this API']);
  }
  const { items, more } = await storage(rt).list(base + rel, { after, limit: q.limit ?? 100 });
  const last = items.at(-1);
  return {
    items: items.map((o) => ({
      mount_relative_path: o.key.slice(base.length),
      sandbox_mount_prefix: sandboxPrefix(mount),
      size: o.size,
      last_modified: o.lastModified.toISOString(),
    })),
    ...(more && last ? { next_cursor: Buffer.from(last.key).toString('base64url') } : {}),
  };
}

export async function mountUploadUrl(
  rt: Runtime,
  s: Session,
  mount: string,
  body: { mount_relative_path: string; mimetype?: string },
) {
  checkMount(mount);
  const rel = checkRelativePath(body.mount_relative_path);
  if (rel.endsWith('/')) throw errors.validation('mount_relative_path must name a file, not a directory');
  const url = await storage(rt).uploadUrl(prefixOf(s, mount) + rel, {
    ...(body.mimetype ? { contentType: body.mimetype } : {}),
  });
  return {
    upload_url: url,
    expires_at: expires(),
    mount_relative_path: rel,
    sandbox_mount_prefix: sandboxPrefix(mount),
  };
}

export async function mountDownloadUrl(rt: Runtime, s: Session, mount: string, body: { mount_relative_path: string }) {
  checkMount(mount);
  const rel = checkRelativePath(body.mount_relative_path);
  const key = prefixOf(s, mount) + rel;
  if (!(await storage(rt).head(key))) throw errors.notFound('File', rel, 'File_NotFound', 1701);
  return {
    download_url: await storage(rt).downloadUrl(key),
    expires_at: expires(),
    mount_relative_path: rel,
    sandbox_mount_prefix: sandboxPrefix(mount),
  };
}

export async function mountDelete(rt: Runtime, s: Session, mount: string, body: { mount_relative_path: string }) {
  checkMount(mount);
  const rel = checkRelativePath(body.mount_relative_path);
  const key = prefixOf(s, mount) + rel;
  if (!(await storage(rt).head(key))) throw errors.notFound('File', rel, 'File_NotFound', 1701);
  await storage(rt).delete(key);
  return { mount_relative_path: rel, sandbox_mount_prefix: sandboxPrefix(mount) };
}
