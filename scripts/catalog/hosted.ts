/**
 * The hosted names a toolkit is measured against: scripts/catalog/hosted/<toolkit>.json when it has been
 * read from the hosted catalog, else the toolkit's entry in the older extract scripts/catalog/hosted-tools.json.
 * Shared by the build (hosted generated slugs are never renamed away), the matcher and the coverage script.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface HostedTool {
  slug: string;
  name?: string;
  /** argument names where the hosted catalog documents them */
  arguments?: string[];
  required?: string[];
}

export interface HostedList {
  tools: HostedTool[];
  /** where the list came from: a per-toolkit file read from the catalog, or the older extract */
  from: 'catalog' | 'extract';
}

const root = process.cwd();
let legacy: { toolkits: Record<string, string[]> } | undefined;

export function hostedFile(toolkit: string): string {
  return path.join(root, 'scripts/catalog/hosted', `${toolkit}.json`);
}

export function hostedList(toolkit: string): HostedList | undefined {
  const file = hostedFile(toolkit);
  if (existsSync(file))
    return { tools: (JSON.parse(readFileSync(file, 'utf8')) as { tools: HostedTool[] }).tools, from: 'catalog' };
  legacy ??= JSON.parse(readFileSync(path.join(root, 'scripts/catalog/hosted-tools.json'), 'utf8')) as {
    toolkits: Record<string, string[]>;
  };
  const names = legacy.toolkits[toolkit];
  return names ? { tools: names.map((slug) => ({ slug })), from: 'extract' } : undefined;
}

export function hostedTools(toolkit: string): HostedTool[] {
  return hostedList(toolkit)?.tools ?? [];
}

export function hostedNames(toolkit: string): string[] {
  return hostedTools(toolkit).map((t) => t.slug);
}
