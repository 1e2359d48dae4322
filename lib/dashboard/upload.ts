import 'server-only';
import { createHash } from 'node:crypto';
import type { ActiveConnection } from './connections';
import { v3, V3Error } from './api-client';

/** What a tool's file argument takes: the staged-file object of POST /files/upload/request. */
export interface StagedFile {
  name: string;
  mimetype: string;
  s3key: string;
}

export { MAX_DASHBOARD_UPLOAD_BYTES } from './body-caps';

/**
 * Stages a file for a tool argument the way an SDK does (request a signed URL with the stored key,
 * then PUT the bytes to it), but on the server: the browser never sees the key, and the signed URL
 * may point at a bucket the browser cannot reach (no CORS there, CSP here).
 */
export async function stageFile(
  conn: Pick<ActiveConnection, 'baseUrl' | 'apiKey' | 'orgApiKey'>,
  file: { bytes: Uint8Array<ArrayBuffer>; name: string; mimetype: string },
  tool: { toolSlug: string; toolkitSlug: string },
): Promise<StagedFile> {
  const mimetype = file.mimetype || 'application/octet-stream';
  const md5 = createHash('md5').update(file.bytes).digest('hex');
  const req = await v3<{ key: string; newPresignedUrl: string }>(conn, '/files/upload/request', {
    method: 'POST',
    body: { filename: file.name, md5, mimetype, tool_slug: tool.toolSlug, toolkit_slug: tool.toolkitSlug },
  });
  let put: Response;
  try {
    put = await fetch(req.newPresignedUrl, {
      method: 'PUT',
      headers: { 'content-type': mimetype },
      body: file.bytes,
      signal: AbortSignal.timeout(120_000),
      cache: 'no-store',
    });
  } catch {
    throw new V3Error(
      502,
      'The file store could not be reached',
      'Dashboard_UploadFailed',
      'Check the files storage settings of the API (JUNCTION_FILES_*).',
    );
  }
  if (!put.ok) {
    const body = (await put.json().catch(() => undefined)) as
      | { error?: { message?: string; slug?: string } }
      | undefined;
    throw new V3Error(
      put.status === 413 ? 413 : 502,
      body?.error?.message ?? `The file store answered HTTP ${put.status}`,
      body?.error?.slug ?? 'Dashboard_UploadFailed',
    );
  }
  return { name: file.name, mimetype, s3key: req.key };
}
