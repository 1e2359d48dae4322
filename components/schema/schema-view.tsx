import type { JsonSchema } from '@/lib/dashboard/types';

function typeOf(s: JsonSchema): string {
  if (s.enum) return `enum: ${s.enum.map((v) => JSON.stringify(v)).join(' | ')}`;
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.map(typeOf).join(' | ');
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  if (t === 'array' && s.items) return `array of ${typeOf(s.items)}`;
  return s.format ? `${t} (${s.format})` : t;
}

/** A JSON Schema as a readable table of properties (nested objects indented). */
export function SchemaView({
  schema,
  label,
  depth = 0,
}: {
  schema: JsonSchema | undefined;
  label: string;
  depth?: number;
}) {
  const props = Object.entries(schema?.properties ?? {});
  if (props.length === 0)
    return depth === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">No {label.toLowerCase()}.</p> : null;
  const required = new Set(schema?.required ?? []);
  return (
    <table className="w-full text-sm" aria-label={label}>
      {depth === 0 && (
        <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th className="py-2 pr-3 font-medium">Name</th>
            <th className="py-2 pr-3 font-medium">Type</th>
            <th className="py-2 font-medium">Description</th>
          </tr>
        </thead>
      )}
      <tbody>
        {props.map(([name, p]) => {
          const child =
            p.type === 'object' ? p : p.type === 'array' && p.items?.type === 'object' ? p.items : undefined;
          return [
            <tr key={name} className="border-b border-zinc-100 align-top last:border-0 dark:border-zinc-800/70">
              <td className="py-2 pr-3 font-mono text-xs" style={{ paddingLeft: `${depth}rem` }}>
                {depth > 0 && '↳ '}
                {name}
                {required.has(name) && (
                  <span className="ml-1 text-red-700 dark:text-red-400" title="required">
                    *
                  </span>
                )}
              </td>
              <td className="py-2 pr-3 font-mono text-xs text-zinc-700 dark:text-zinc-300">{typeOf(p)}</td>
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
            child ? (
              <tr key={`${name}-child`}>
                <td colSpan={3}>
                  <SchemaView schema={child} label={`${label} ${name}`} depth={depth + 1} />
                </td>
              </tr>
            ) : null,
          ];
        })}
      </tbody>
    </table>
  );
}
