/**
 * Object storage for staged tool files and session mounts.
 *
 * - Default: local files under `<data dir>/storage`, uploaded and downloaded through expiring
 *   HMAC-signed URLs served by Junction (`/api/v3/files/objects/{token}`), with size limit,
 *   content-type check and md5 verification on upload.
 * - `JUNCTION_S3_BUCKET` set: an S3-compatible bucket (AWS S3, MinIO …) with presigned URLs.
 *   Variables: JUNCTION_S3_BUCKET, JUNCTION_S3_REGION (default us-east-1), JUNCTION_S3_ENDPOINT,
 *   JUNCTION_S3_ACCESS_KEY_ID, JUNCTION_S3_SECRET_ACCESS_KEY, JUNCTION_S3_FORCE_PATH_STYLE (default true with an endpoint).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Runtime } from '../../runtime';
import type { Keyring } from '../../crypto/secrets';
import { checkedEnv, envValue } from '../../config';

export const MAX_FILE_BYTES = Number(envValue('JUNCTION_FILES_MAX_BYTES')) || 10 * 1024 * 1024;
export const URL_TTL_SECONDS = 3600;

export interface ObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
  contentType?: string;
}

export interface SignedUpload {
  /** expected content type (checked by the local backend; signed into the URL by S3) */
  contentType?: string;
  /** hex md5 the body must have (local backend) */
  md5?: string;
  /** staged file row to mark uploaded (local backend) */
  fileId?: string;
}

export interface Storage {
  backend: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | undefined>;
  head(key: string): Promise<ObjectInfo | undefined>;
  delete(key: string): Promise<void>;
  list(prefix: string, opts: { after?: string; limit: number }): Promise<{ items: ObjectInfo[]; more: boolean }>;
  uploadUrl(key: string, opts: SignedUpload): Promise<string>;
  downloadUrl(key: string): Promise<string>;
}

/**
 * Object keys as Junction makes them: relative `a/b/c` paths without ".", ".." or empty
 * segments, backslashes or control characters. Anything else could name an object outside the
 * prefix it appears to be under.
 */
export function isObjectKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 1024 &&
    !/[\\\u0000-\u001f\u007f]/.test(key) &&
    key.split('/').every((s) => s !== '' && s !== '.' && s !== '..')
  );
}

// ----- signed tokens (local backend) -----

export interface ObjectToken {
  op: 'put' | 'get';
  k: string;
  exp: number;
  ct?: string;
  md5?: string;
  f?: string;
}

function signingKey(key: Buffer): Buffer {
  return createHmac('sha256', key).update('junction-storage-url-v1').digest();
}

export function signToken(ring: Keyring, t: ObjectToken): string {
  const payload = Buffer.from(JSON.stringify(t)).toString('base64url');
  const mac = createHmac('sha256', signingKey(ring.current.key)).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

export function verifyToken(ring: Keyring, token: string, now = Date.now()): ObjectToken | undefined {
  const [payload, mac] = token.split('.');
  if (!payload || !mac) return undefined;
  const given = Buffer.from(mac, 'base64url');
  // base64url decoding ignores the last character's spare bits: only the canonical spelling counts
  if (given.toString('base64url') !== mac) return undefined;
  const ok = [ring.current.key, ring.previous?.key].some((k) => {
    if (!k) return false;
    const want = createHmac('sha256', signingKey(k)).update(payload).digest();
    return want.length === given.length && timingSafeEqual(want, given);
  });
  if (!ok) return undefined;
  try {
    const t = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ObjectToken;
    if (typeof t.exp !== 'number' || t.exp * 1000 < now || typeof t.k !== 'string') return undefined;
    return t;
  } catch {
    return undefined;
  }
}

// ----- local backend -----

class LocalStorage implements Storage {
  readonly backend = 'local' as const;
  private readonly objects: string;
  private readonly meta: string;

  constructor(private readonly rt: Runtime) {
    const root = path.join(rt.config.dataDir, 'storage');
    this.objects = path.join(root, 'objects');
    this.meta = path.join(root, 'meta');
  }

  private file(key: string, dir = this.objects, suffix = ''): string {
    if (!isObjectKey(key)) throw new Error('invalid object key');
    const p = path.resolve(dir, key + suffix);
    if (!p.startsWith(path.resolve(dir) + path.sep)) throw new Error('object key escapes the storage directory');
    return p;
  }

  async put(key: string, body: Buffer, contentType: string) {
    const f = this.file(key);
    await fs.promises.mkdir(path.dirname(f), { recursive: true, mode: 0o700 });
    const tmp = `${f}.${process.pid}.${Date.now()}.tmp`;
    await fs.promises.writeFile(tmp, body, { mode: 0o600 });
    await fs.promises.rename(tmp, f);
    const m = this.file(key, this.meta, '.json');
    await fs.promises.mkdir(path.dirname(m), { recursive: true, mode: 0o700 });
    await fs.promises.writeFile(m, JSON.stringify({ contentType, md5: createHash('md5').update(body).digest('hex') }), {
      mode: 0o600,
    });
  }

  private async contentType(key: string): Promise<string | undefined> {
    try {
      return (
        JSON.parse(await fs.promises.readFile(this.file(key, this.meta, '.json'), 'utf8')) as { contentType?: string }
      ).contentType;
    } catch {
      return undefined;
    }
  }

  async get(key: string) {
    try {
      const body = await fs.promises.readFile(this.file(key));
      return { body, contentType: (await this.contentType(key)) ?? 'application/octet-stream' };
    } catch {
      return undefined;
    }
  }

  async head(key: string): Promise<ObjectInfo | undefined> {
    try {
      const st = await fs.promises.stat(this.file(key));
      if (!st.isFile()) return undefined;
      return { key, size: st.size, lastModified: st.mtime, contentType: await this.contentType(key) };
    } catch {
      return undefined;
    }
  }

  async delete(key: string) {
    await fs.promises.rm(this.file(key), { force: true });
    await fs.promises.rm(this.file(key, this.meta, '.json'), { force: true });
  }

  async list(prefix: string, opts: { after?: string; limit: number }) {
    // prefix is `<dir>/<partial name>`: walk the deepest existing directory
    const dirKey = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const keys: string[] = [];
    const walk = async (dir: string, rel: string) => {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const k = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) await walk(path.join(dir, e.name), k);
        else if (e.isFile() && !e.name.endsWith('.tmp') && k.startsWith(prefix)) keys.push(k);
      }
    };
    await walk(dirKey ? this.file(dirKey) : this.objects, dirKey);
    keys.sort();
    const start = opts.after ? keys.findIndex((k) => k > opts.after!) : 0;
    const page = start < 0 ? [] : keys.slice(start, start + opts.limit);
    const items = (await Promise.all(page.map((k) => this.head(k)))).filter((x): x is ObjectInfo => !!x);
    return { items, more: start >= 0 && start + opts.limit < keys.length };
  }

  private url(t: ObjectToken): string {
    return `${this.rt.config.filesPublicUrl}/api/v3/files/objects/${signToken(this.rt.keyring, t)}`;
  }

  async uploadUrl(key: string, opts: SignedUpload) {
    return this.url({
      op: 'put',
      k: key,
      exp: Math.floor(Date.now() / 1000) + URL_TTL_SECONDS,
      ...(opts.contentType ? { ct: opts.contentType } : {}),
      ...(opts.md5 ? { md5: opts.md5.toLowerCase() } : {}),
      ...(opts.fileId ? { f: opts.fileId } : {}),
    });
  }

  async downloadUrl(key: string) {
    return this.url({ op: 'get', k: key, exp: Math.floor(Date.now() / 1000) + URL_TTL_SECONDS });
  }
}

// ----- S3-compatible backend -----

class S3Storage implements Storage {
  readonly backend = 's3' as const;
  private clientP: Promise<{
    client: import('@aws-sdk/client-s3').S3Client;
    s3: typeof import('@aws-sdk/client-s3');
    presign: typeof import('@aws-sdk/s3-request-presigner').getSignedUrl;
  }>;

  constructor(
    private readonly bucket: string,
    env: NodeJS.ProcessEnv,
  ) {
    this.clientP = (async () => {
      const s3 = await import('@aws-sdk/client-s3');
      const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
      const endpoint = env.JUNCTION_S3_ENDPOINT || undefined;
      const client = new s3.S3Client({
        region: env.JUNCTION_S3_REGION || 'us-east-1',
        ...(endpoint ? { endpoint } : {}),
        forcePathStyle: env.JUNCTION_S3_FORCE_PATH_STYLE ? env.JUNCTION_S3_FORCE_PATH_STYLE === 'true' : !!endpoint,
        ...(env.JUNCTION_S3_ACCESS_KEY_ID && env.JUNCTION_S3_SECRET_ACCESS_KEY
          ? {
              credentials: {
                accessKeyId: env.JUNCTION_S3_ACCESS_KEY_ID,
                secretAccessKey: env.JUNCTION_S3_SECRET_ACCESS_KEY,
              },
            }
          : {}),
      });
      return { client, s3, presign: getSignedUrl };
    })();
  }

  async put(key: string, body: Buffer, contentType: string) {
    const { client, s3 } = await this.clientP;
    await client.send(new s3.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async get(key: string) {
    const { client, s3 } = await this.clientP;
    try {
      const r = await client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = Buffer.from(await r.Body!.transformToByteArray());
      return { body, contentType: r.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if ((err as { name?: string }).name === 'NoSuchKey') return undefined;
      throw err;
    }
  }

  async head(key: string): Promise<ObjectInfo | undefined> {
    const { client, s3 } = await this.clientP;
    try {
      const r = await client.send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: r.ContentLength ?? 0,
        lastModified: r.LastModified ?? new Date(0),
        ...(r.ContentType ? { contentType: r.ContentType } : {}),
      };
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'NotFound' || name === 'NoSuchKey') return undefined;
      throw err;
    }
  }

  async delete(key: string) {
    const { client, s3 } = await this.clientP;
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix: string, opts: { after?: string; limit: number }) {
    const { client, s3 } = await this.clientP;
    const r = await client.send(
      new s3.ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: prefix,
        MaxKeys: opts.limit,
        ...(opts.after ? { StartAfter: opts.after } : {}),
      }),
    );
    const items = (r.Contents ?? []).map((o) => ({
      key: o.Key!,
      size: o.Size ?? 0,
      lastModified: o.LastModified ?? new Date(0),
    }));
    return { items, more: !!r.IsTruncated };
  }

  async uploadUrl(key: string, opts: SignedUpload) {
    const { client, s3, presign } = await this.clientP;
    return presign(
      client,
      new s3.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ...(opts.contentType ? { ContentType: opts.contentType } : {}),
      }),
      { expiresIn: URL_TTL_SECONDS },
    );
  }

  async downloadUrl(key: string) {
    const { client, s3, presign } = await this.clientP;
    return presign(client, new s3.GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: URL_TTL_SECONDS });
  }
}

declare global {
  var __junctionStorage: Storage | undefined;
}

export function storage(rt: Runtime): Storage {
  if (!globalThis.__junctionStorage) {
    const bucket = envValue('JUNCTION_S3_BUCKET');
    globalThis.__junctionStorage = bucket ? new S3Storage(bucket, checkedEnv()) : new LocalStorage(rt);
  }
  return globalThis.__junctionStorage;
}

export function md5Hex(body: Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

/** `text/plain; charset=utf-8` → `text/plain` */
export function baseType(ct: string | null | undefined): string {
  return (ct ?? '').split(';')[0]!.trim().toLowerCase();
}
