import type { ReactNode } from 'react';
import type { JsonSchema } from '@/lib/dashboard/types';

function typeOf(s: JsonSchema): string {
  if (s.enum) return `enum: ${s.enum.map((v) => JSON.stringify(v)).join(' | ')}`;
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.map(typeOf).join(' | ');
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  if (t === 'array' && s.items) return `array of ${typeOf(s.items)}`;
  return s.format ? `${t} (${s.format})` : t;
}

/**
 * A JSON Schema as a readable table of properties. Nested objects are rows of the same table,
 * indented under their parent (`↳`), so every depth shares the Name / Type / Description columns.
 */
export function SchemaView({ schema, label }: { schema: JsonSchema | undefined; label: string }) {
  const rows = schemaRows(schema, 0, '');
  if (rows.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No {label.toLowerCase()}.</p>;
  return (
    <table className="w-full text-sm" aria-label={label}>
      <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
        <tr className="border-b border-zinc-200 dark:border-zinc-800">
          <th className="py-2 pr-3 font-medium">Name</th>
          <th className="py-2 pr-3 font-medium">Type</th>
          <th className="py-2 font-medium">Description</th>
        </tr>
      </thead>
      <tbody>{rows}</tbody>
    </table>
  );
}

/** Depth cap: recursive schemas (a tree node that holds nodes) would otherwise never end. */
const MAX_DEPTH = 6;

function schemaRows(schema: JsonSchema | undefined, depth: number, path: string): ReactNode[] {
  const required = new Set(schema?.required ?? []);
  const out: ReactNode[] = [];
  for (const [name, p] of Object.entries(schema?.properties ?? {})) {
    const key = path ? `${path}.${name}` : name;
    const child = p.type === 'object' ? p : p.type === 'array' && p.items?.type === 'object' ? p.items : undefined;
    out.push(
      <tr key={key} className="border-b border-zinc-100 align-top last:border-0 dark:border-zinc-800/70">
        <td className="py-2 pr-3 font-mono text-xs [overflow-wrap:anywhere]" style={{ paddingLeft: `${depth}rem` }}>
          {depth > 0 && (
            <span aria-hidden="true" className="text-zinc-500 dark:text-zinc-400">
              ↳{' '}
            </span>
          )}
          {name}
          {required.has(name) && (
            <span className="ml-1 text-red-700 dark:text-red-400" title="required">
              *
            </span>
          )}
        </td>
        <td className="py-2 pr-3 font-mono text-xs text-zinc-700 [overflow-wrap:anywhere] dark:text-zinc-300">
          {typeOf(p)}
        </td>
        <td className="py-2 text-xs text-zinc-700 dark:text-zinc-300">
          {p.description ?? p.title ?? ''}
          {p.default !== undefined && (
            <span className="ml-1 text-zinc-500 dark:text-zinc-400">
              Default: <code>{JSON.stringify(p.default)}</code>
            </span>
          )}
          {p.examples?.length ? (
            <span className="ml-1 text-zinc-500 dark:text-zinc-400">
              e.g. <code>{JSON.stringify(p.examples[0])}</code>
            </span>
          ) : null}
        </td>
      </tr>,
    );
    if (child && depth < MAX_DEPTH) out.push(...schemaRows(child, depth + 1, key));
  }
  return out;
}
