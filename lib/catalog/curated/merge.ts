/**
 * Curated declarations → registry ToolDefs. Built once per toolkit, when the registry first
 * loads that toolkit's generated tools, so per-request lookups stay map reads.
 */
import type { JsonSchemaObject, ToolDef } from '../types';
import { ALIASES, CURATED } from './index';
import { STANDALONE_TOOLS } from './standalone';
import type { CuratedImpl, CuratedTool } from './types';

const EMPTY: JsonSchemaObject = { type: 'object', properties: {} };

function outputOf(c: CuratedTool): JsonSchemaObject {
  return {
    type: 'object',
    properties: {
      data: {
        ...(c.output ?? EMPTY),
        description: (c.output?.description as string | undefined) ?? "The tool's result",
      },
      successful: { type: 'boolean', description: 'Whether the call succeeded' },
      error: { type: 'string', nullable: true, description: 'Why the call failed, when it did' },
    },
    required: ['data', 'successful'],
  };
}

function implOf(c: CuratedTool): CuratedImpl {
  return c.kind === 'mapping'
    ? { kind: 'mapping', defaults: c.defaults, prepare: c.prepare, shape: c.shape, normalize: c.normalize }
    : { kind: 'composite', run: c.run, normalize: c.normalize };
}

export function curatedToolDef(toolkit: string, c: CuratedTool): ToolDef {
  return {
    slug: c.slug,
    name: c.name,
    description: c.description,
    toolkit,
    tags: c.tags ?? [],
    scopes: c.scopes ?? [],
    important: c.important ?? false,
    noAuth: c.noAuth ?? false,
    deprecated: c.deprecated ?? false,
    inputParameters: c.input,
    outputParameters: outputOf(c),
    // composites have no single operation; the placeholder keeps the ToolDef shape (logs show POST)
    http: c.kind === 'mapping' ? c.http : { method: 'POST', path: '/', params: {} },
    curated: implOf(c),
  };
}

function aliasDef(target: ToolDef, slug: string): ToolDef {
  return {
    ...target,
    slug,
    important: false,
    deprecated: true,
    description: `Older name of ${target.slug}; prefer that slug. ${target.description}`,
    aliasOf: target.slug,
  };
}

export interface CuratedSet {
  /** curated tools in declaration order */
  tools: ToolDef[];
  /** alias entries (deprecated) */
  aliases: ToolDef[];
}

const built = new Map<string, CuratedSet | null>();

/** The curated tools and aliases of a toolkit, or undefined when it has none. */
export function curatedFor(toolkit: string): CuratedSet | undefined {
  let set = built.get(toolkit);
  if (set === undefined) {
    const decl = CURATED[toolkit] ?? STANDALONE_TOOLS[toolkit];
    if (!decl?.length) set = null;
    else {
      const tools = decl.map((c) => curatedToolDef(toolkit, c));
      const seen = new Set(tools.map((t) => t.slug));
      const aliases: ToolDef[] = [];
      decl.forEach((c, i) => {
        for (const a of c.aliases ?? []) {
          if (seen.has(a)) continue; // a curated tool of that name exists: it wins
          seen.add(a);
          aliases.push(aliasDef(tools[i]!, a));
        }
      });
      set = { tools, aliases };
    }
    built.set(toolkit, set);
  }
  return set ?? undefined;
}

/** Toolkits that have curated tools. */
export function curatedToolkits(): string[] {
  return [
    ...new Set([
      ...Object.keys(CURATED).filter((k) => CURATED[k]!.length),
      ...Object.keys(STANDALONE_TOOLS),
      ...Object.keys(ALIASES),
    ]),
  ];
}

/** Generated list with curated tools first, overriding same slugs, aliases last. */
export function mergeCurated(toolkit: string, generated: ToolDef[]): ToolDef[] {
  const set = curatedFor(toolkit);
  const table = ALIASES[toolkit];
  if (!set && !table) return generated;
  const over = new Set([...(set?.tools ?? []), ...(set?.aliases ?? [])].map((t) => t.slug));
  const merged = [...(set?.tools ?? []), ...generated.filter((t) => !over.has(t.slug)), ...(set?.aliases ?? [])];
  if (table) {
    const bySlug = new Map(merged.map((t) => [t.slug, t]));
    for (const [old, target] of Object.entries(table)) {
      const t = bySlug.get(target);
      // an alias never hides a tool that really has that name
      if (t && !bySlug.has(old)) merged.push(aliasDef(t, old));
    }
  }
  return merged;
}
