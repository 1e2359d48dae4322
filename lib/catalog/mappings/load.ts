/**
 * Reading the mapping files: YAML → checked `MappingFile`, with the content hash the build records in
 * `data/mappings.json` (a unit test compares the two to tell that the data is current).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { MappingFile } from './schema';

export interface LoadedMapping {
  /** repository-relative path, for messages */
  path: string;
  file: MappingFile;
  /** sha256 of the file's bytes */
  sha: string;
}

export class MappingFileError extends Error {}

export function mappingsDir(root: string): string {
  return path.join(root, 'lib', 'catalog', 'mappings');
}

/** Parse and check one file's text; errors name the file and the node (`tools.3.slug: …`). */
export function parseMapping(text: string, where: string): MappingFile {
  let raw: unknown;
  try {
    raw = YAML.parse(text);
  } catch (e) {
    throw new MappingFileError(`${where}: not valid YAML: ${(e as Error).message}`);
  }
  const r = MappingFile.safeParse(raw);
  if (!r.success) {
    const issues = r.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new MappingFileError(`${where}: ${issues.join('; ')}`);
  }
  return r.data;
}

/** Every `<toolkit>.yaml` of the directory, keyed by toolkit; the file name must be the toolkit slug. */
export function readMappings(root: string): Map<string, LoadedMapping> {
  const dir = mappingsDir(root);
  const out = new Map<string, LoadedMapping>();
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const rel = `lib/catalog/mappings/${name}`;
    const bytes = readFileSync(path.join(dir, name));
    const file = parseMapping(bytes.toString('utf8'), rel);
    if (`${file.toolkit}.yaml` !== name)
      throw new MappingFileError(`${rel}: toolkit is ${file.toolkit}; name the file ${file.toolkit}.yaml`);
    out.set(file.toolkit, { path: rel, file, sha: createHash('sha256').update(bytes).digest('hex') });
  }
  return out;
}
