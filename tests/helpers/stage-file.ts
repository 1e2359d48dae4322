import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from './server';

/**
 * Stage bytes the way an SDK does before a tool call with a file argument: request an upload URL
 * for the tool, PUT the bytes, and return the `{name, mimetype, s3key}` descriptor tools take.
 */
export async function stageFile(
  s: TestServer,
  content: Buffer,
  filename: string,
  mimetype: string,
  tool: { tool_slug: string; toolkit_slug: string },
) {
  const req = await s.api('POST', '/files/upload/request', {
    filename,
    md5: createHash('md5').update(content).digest('hex'),
    mimetype,
    ...tool,
  });
  expect(req.status, JSON.stringify(req.body)).toBe(201);
  const put = await fetch(req.body.new_presigned_url, {
    method: 'PUT',
    body: new Uint8Array(content),
    headers: { 'content-type': mimetype },
  });
  expect(put.status).toBeLessThan(300);
  return { name: filename, mimetype, s3key: req.body.key as string };
}
