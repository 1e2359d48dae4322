/**
 * Project file staging (`POST /files/upload/request`, `GET /files/list`) and the signed object
 * URLs of the local storage backend.
 */
import { and, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { files } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { errors, namedError } from '../../contract/errors';
import { decodeCursor, pageOf } from '../../contract/query';
import { attachmentHeaders } from '../../net/attachment';
import { MAX_FILE_BYTES, baseType, isObjectKey, md5Hex, storage, verifyToken } from './storage';
import { isProjectLive } from '../tenancy/live';

export interface UploadRequestBody {
  filename: string;
  md5: string;
  mimetype: string;
  tool_slug: string;
  toolkit_slug: string;
}

function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  return (
    base
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^\.+/, '')
      .slice(0, 120) || 'file'
  );
}

export async function requestUpload(rt: Runtime, projectId: string, body: UploadRequestBody) {
  if (!/^[0-9a-fA-F]{32}$/.test(body.md5))
    throw errors.validation('md5 must be the 32-character hex MD5 of the file', ['body.md5: not an MD5 hex digest']);
  const id = newId('file');
  const toolkit =
    body.toolkit_slug
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, '_')
      .slice(0, 100) || 'unknown';
  const tool =
    body.tool_slug
      .toUpperCase()
      .replace(/[^A-Z0-9_-]/g, '_')
      .slice(0, 120) || 'UNKNOWN';
  const key = `projects/${projectId}/requests/${toolkit}/${tool}/${id.slice('req_file_'.length)}_${safeName(body.filename)}`;
  await rt.db.insert(files).values({
    id,
    projectId,
    key,
    filename: body.filename,
    md5: body.md5.toLowerCase(),
    mimetype: body.mimetype,
    toolSlug: body.tool_slug,
    toolkitSlug: body.toolkit_slug,
  });
  const url = await storage(rt).uploadUrl(key, { contentType: body.mimetype, md5: body.md5, fileId: id });
  return {
    id,
    key,
    new_presigned_url: url,
    newPresignedUrl: url,
    type: 'new' as const,
    metadata: { storage_backend: 's3' as const },
  };
}

export async function listFiles(
  rt: Runtime,
  projectId: string,
  q: { cursor?: string; limit?: number; tool_slug?: string; toolkit_slug?: string },
) {
  const limit = Math.min(q.limit ?? 20, 1000);
  const page = decodeCursor(q.cursor);
  const where: SQL[] = [eq(files.projectId, projectId)];
  // S3 uploads go straight to the bucket: those are listed once requested; local ones once received
  if (storage(rt).backend === 'local') where.push(isNotNull(files.uploadedAt));
  if (q.tool_slug) where.push(eq(files.toolSlug, q.tool_slug));
  if (q.toolkit_slug) where.push(eq(files.toolkitSlug, q.toolkit_slug));
  const filter = and(...where);
  const [rows, total] = await Promise.all([
    rt.db
      .select()
      .from(files)
      .where(filter)
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(limit)
      .offset((page - 1) * limit),
    rt.db.select({ n: count() }).from(files).where(filter),
  ]);
  return pageOf(
    rows.map((r) => ({
      filename: r.filename,
      md5: r.md5,
      mimetype: r.mimetype,
      tool_slug: r.toolSlug,
      toolkit_slug: r.toolkitSlug,
    })),
    Number(total[0]?.n ?? 0),
    page,
    limit,
  );
}

/**
 * A staged file for a tool argument `{name, mimetype, s3key}`: only keys this project staged
 * (their row in `files`), never a key merely spelled under the project's prefix — a key like
 * `projects/<mine>/../<theirs>/…` would otherwise resolve to another project's object.
 * For tool execution (file-uploadable inputs).
 */
export async function readStagedFile(
  rt: Runtime,
  projectId: string,
  s3key: string,
): Promise<{ body: Buffer; mimetype: string; name: string }> {
  if (!isObjectKey(s3key)) {
    throw errors.validation(`Invalid s3key "${s3key.slice(0, 200)}"`, [
      's3key: a key returned by POST /api/v3/files/upload/request (no ".", ".." or empty segments)',
    ]);
  }
  const rows = await rt.db
    .select()
    .from(files)
    .where(and(eq(files.projectId, projectId), eq(files.key, s3key)))
    .limit(1);
  const row = rows[0];
  if (!row) throw errors.notFound('File', s3key.slice(0, 200), 'File_NotFound', 1701);
  const obj = await storage(rt).get(s3key);
  if (!obj) throw errors.notFound('File', s3key.slice(0, 200), 'File_NotFound', 1701);
  // S3 presigned PUTs cannot check the md5 on upload: it is checked here, before the bytes are used
  if (md5Hex(obj.body) !== row.md5) {
    throw errors.badRequest(
      `File ${s3key.slice(0, 200)} does not match the MD5 it was staged with`,
      'File_Md5Mismatch',
    );
  }
  if (obj.body.length > MAX_FILE_BYTES) throw errors.payloadTooLarge(MAX_FILE_BYTES);
  return { body: obj.body, mimetype: row.mimetype, name: row.filename };
}

const invalidUrl = () =>
  namedError('Storage_InvalidSignature', 'The URL is invalid or has expired', {
    suggested_fix: 'Request a new upload or download URL.',
  });

/**
 * Every object key Junction signs lives under its project (`projects/<id>/…`): a link of a deleted
 * project stops working with the project, before its signature would expire.
 */
async function linkProjectLive(rt: Runtime, key: string): Promise<boolean> {
  const m = /^projects\/([^/]+)\//.exec(key);
  return !!m && isProjectLive(rt.db, m[1]!);
}

/** PUT to a signed upload URL (local backend). */
export async function handleObjectPut(rt: Runtime, token: string, req: Request): Promise<Response> {
  const t = verifyToken(rt.keyring, token);
  if (!t || t.op !== 'put' || !(await linkProjectLive(rt, t.k))) throw invalidUrl();
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_FILE_BYTES) throw errors.payloadTooLarge(MAX_FILE_BYTES);
  const ct = baseType(req.headers.get('content-type')) || 'application/octet-stream';
  if (t.ct && baseType(t.ct) !== ct) {
    throw errors.badRequest(
      `Content-Type ${ct} does not match the type the URL was issued for (${baseType(t.ct)})`,
      'Storage_ContentTypeMismatch',
    );
  }
  const body = Buffer.from(await req.arrayBuffer());
  if (body.length > MAX_FILE_BYTES) throw errors.payloadTooLarge(MAX_FILE_BYTES);
  if (Number.isFinite(declared) && body.length !== declared)
    throw errors.badRequest('The body is shorter than its Content-Length', 'Storage_IncompleteBody');
  const md5 = md5Hex(body);
  if (t.md5 && t.md5 !== md5)
    throw errors.badRequest(`MD5 of the body (${md5}) does not match the declared ${t.md5}`, 'Storage_Md5Mismatch');
  await storage(rt).put(t.k, body, t.ct ?? ct);
  if (t.f) await rt.db.update(files).set({ uploadedAt: new Date(), size: body.length }).where(eq(files.id, t.f));
  return new Response(null, { status: 200, headers: { etag: `"${md5}"` } });
}

/** GET of a signed download URL (local backend). */
export async function handleObjectGet(rt: Runtime, token: string): Promise<Response> {
  const t = verifyToken(rt.keyring, token);
  if (!t || t.op !== 'get' || !(await linkProjectLive(rt, t.k))) throw invalidUrl();
  const obj = await storage(rt).get(t.k);
  if (!obj) throw errors.notFound('File', undefined, 'File_NotFound', 1701);
  return new Response(new Uint8Array(obj.body), {
    status: 200,
    headers: attachmentHeaders(t.k.split('/').pop(), obj.contentType, obj.body.length),
  });
}

function isStagedDescriptor(v: unknown): v is { name?: string; mimetype?: string; s3key: string } {
  return (
    !!v &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    typeof (v as { s3key?: unknown }).s3key === 'string' &&
    Object.keys(v).every((k) => k === 's3key' || k === 'name' || k === 'mimetype')
  );
}

/**
 * Replace staged-file descriptors `{name, mimetype, s3key}` in tool arguments (top level and one
 * level into arrays) with Web `File`s read from storage, for the executor to send (multipart parts).
 * Keys of other projects are refused.
 */
export async function resolveStagedFiles(
  rt: Runtime,
  projectId: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...args };
  const load = async (d: { name?: string; mimetype?: string; s3key: string }) => {
    const f = await readStagedFile(rt, projectId, d.s3key);
    return new File([new Uint8Array(f.body)], d.name ?? f.name, { type: d.mimetype ?? f.mimetype });
  };
  for (const [k, v] of Object.entries(args)) {
    if (isStagedDescriptor(v)) out[k] = await load(v);
    else if (Array.isArray(v) && v.some(isStagedDescriptor))
      out[k] = await Promise.all(v.map((x) => (isStagedDescriptor(x) ? load(x) : x)));
  }
  return out;
}
