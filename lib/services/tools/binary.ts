import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Runtime } from '../../runtime';
import { randomToken } from '../../crypto/ids';
import { isProjectLive } from '../tenancy/live';

/**
 * Binary upstream responses (images, PDFs, archives) staged under `<dataDir>/files/tool-binary/`
 * and served back through an HMAC-signed, expiring download URL of ours:
 * `GET /api/v3/tools/binary/{id}?expires=<unix s>&signature=<hex>`. Self-contained on purpose;
 * general file storage lives in lib/services/files.
 */
export const BINARY_TTL_S = 3600;
export const MAX_BINARY_BYTES = 50 * 1024 * 1024;
const ID_RE = /^bin_[A-Za-z0-9]{24}$/;

function dir(rt: Runtime) {
  return path.join(rt.config.dataDir, 'files', 'tool-binary');
}

// Signing keys derived from the current key and, during a rotation, the previous one: links
// handed out before the key changed keep working until they expire.
const keys = new WeakMap<Runtime, Buffer[]>();
function signingKeys(rt: Runtime): Buffer[] {
  let k = keys.get(rt);
  if (!k) {
    k = [rt.keyring.current.key, rt.keyring.previous?.key]
      .filter((x): x is Buffer => !!x)
      .map((key) => createHmac('sha256', key).update('junction:tool-binary-download:v1').digest());
    keys.set(rt, k);
  }
  return k;
}

function sign(rt: Runtime, id: string, expires: number, key = signingKeys(rt)[0]!): string {
  return createHmac('sha256', key).update(`${id}.${expires}`).digest('hex');
}

export function isTextual(contentType: string | null | undefined): boolean {
  if (!contentType) return true;
  const ct = contentType.toLowerCase();
  return /json|^text\/|xml|javascript|x-www-form-urlencoded|yaml|csv|html/.test(ct);
}

function safeType(ct: string): string {
  return /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w-]+=[\w."-]+)*$/.test(ct) ? ct : 'application/octet-stream';
}

let lastSweep = 0;
/** Remove expired staged files (at most once a minute unless forced). */
export async function sweepStagedBinaries(rt: Runtime, force = false) {
  if (!force && Date.now() - lastSweep < 60_000) return;
  lastSweep = Date.now();
  const d = dir(rt);
  const names = await fs.readdir(d).catch(() => [] as string[]);
  const now = Date.now() / 1000;
  for (const n of names) {
    if (!n.endsWith('.json')) continue;
    try {
      const meta = JSON.parse(await fs.readFile(path.join(d, n), 'utf8')) as { expires: number };
      if (meta.expires < now) {
        await fs.rm(path.join(d, n.replace(/\.json$/, '.bin')), { force: true });
        await fs.rm(path.join(d, n), { force: true });
      }
    } catch {
      /* a half-written pair: left for the next sweep */
    }
  }
}

export interface StagedBinary {
  url: string;
  content_type: string;
  size: number;
  expires_at: string;
}

/** Store bytes and return the signed download descriptor (`binary_data` of the proxy response). */
export async function stageBinary(
  rt: Runtime,
  projectId: string,
  bytes: Buffer,
  contentType: string,
  filename?: string,
): Promise<StagedBinary> {
  const id = `bin_${randomToken(24)}`;
  const expires = Math.floor(Date.now() / 1000) + BINARY_TTL_S;
  const d = dir(rt);
  await fs.mkdir(d, { recursive: true, mode: 0o700 });
  const ct = safeType(contentType || 'application/octet-stream');
  await fs.writeFile(path.join(d, `${id}.bin`), bytes, { mode: 0o600 });
  await fs.writeFile(
    path.join(d, `${id}.json`),
    // the project is kept beside the bytes, not in the URL: a link is refused once its project is deleted
    JSON.stringify({ contentType: ct, size: bytes.length, expires, filename, projectId }),
    { mode: 0o600 },
  );
  void sweepStagedBinaries(rt).catch(() => {});
  const url = `${rt.config.filesPublicUrl}/api/v3/tools/binary/${id}?expires=${expires}&signature=${sign(rt, id, expires)}`;
  return { url, content_type: ct, size: bytes.length, expires_at: new Date(expires * 1000).toISOString() };
}

/** Check a download URL and return the file, or a reason it is refused. */
export async function readStagedBinary(
  rt: Runtime,
  id: string,
  expires: string | undefined,
  signature: string | undefined,
): Promise<
  { ok: true; bytes: Buffer; contentType: string; filename?: string } | { ok: false; status: number; message: string }
> {
  if (!ID_RE.test(id) || !expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) {
    return { ok: false, status: 403, message: 'Invalid download link' };
  }
  const given = Buffer.from(signature, 'hex');
  const valid = signingKeys(rt).some((k) =>
    timingSafeEqual(Buffer.from(sign(rt, id, Number(expires), k), 'hex'), given),
  );
  if (!valid) return { ok: false, status: 403, message: 'Invalid download link' };
  if (Number(expires) < Date.now() / 1000) return { ok: false, status: 410, message: 'This download link has expired' };
  try {
    const meta = JSON.parse(await fs.readFile(path.join(dir(rt), `${id}.json`), 'utf8')) as {
      contentType: string;
      filename?: string;
      projectId?: string;
    };
    // same answer as a file that is gone: a deleted project's links say nothing about it
    if (meta.projectId && !(await isProjectLive(rt.db, meta.projectId))) {
      return { ok: false, status: 404, message: 'File not found' };
    }
    const bytes = await fs.readFile(path.join(dir(rt), `${id}.bin`));
    return { ok: true, bytes, contentType: meta.contentType, filename: meta.filename };
  } catch {
    return { ok: false, status: 404, message: 'File not found' };
  }
}
