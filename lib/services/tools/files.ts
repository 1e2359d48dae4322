import type { Runtime } from '../../runtime';
import type { ToolDef } from '../../catalog/types';
import { resolveStagedFiles } from '../files/staged';

/** `{name, mimetype, s3key}`: a file staged through POST /files/upload/request, given as a tool argument. */
function isDescriptor(v: unknown): boolean {
  return !!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { s3key?: unknown }).s3key === 'string';
}

export function hasStagedFiles(args: Record<string, unknown>): boolean {
  return Object.values(args).some((v) => isDescriptor(v) || (Array.isArray(v) && v.some(isDescriptor)));
}

/** For schema validation a staged file stands where the schema has the file's content (a binary string). */
export function withFilePlaceholders(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    out[k] = isDescriptor(v) ? 'file' : Array.isArray(v) ? v.map((x) => (isDescriptor(x) ? 'file' : x)) : v;
  }
  return out;
}

/**
 * Read staged files from storage for the call: multipart bodies carry them as file parts,
 * raw bodies as their bytes, JSON and form bodies as base64 text.
 */
export async function materializeStagedFiles(
  rt: Runtime,
  projectId: string,
  tool: ToolDef,
  args: Record<string, unknown>,
) {
  const resolved = await resolveStagedFiles(rt, projectId, args);
  const ct = (tool.http.contentType ?? 'application/json').toLowerCase();
  if (ct.startsWith('multipart/')) return resolved;
  const convert = async (v: unknown) => {
    if (!(v instanceof Blob)) return v;
    const bytes = Buffer.from(await v.arrayBuffer());
    return ct.includes('json') || ct.includes('x-www-form-urlencoded') ? bytes.toString('base64') : bytes;
  };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(resolved))
    out[k] = Array.isArray(v) ? await Promise.all(v.map(convert)) : await convert(v);
  return out;
}
