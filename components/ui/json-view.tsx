export function JsonView({ value, className, label }: { value: unknown; className?: string; label?: string }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className={`max-h-[28rem] overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs leading-relaxed text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200 ${className ?? ''}`}
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

export function Time({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span className="text-zinc-500 dark:text-zinc-400">—</span>;
  const d = new Date(iso);
  return (
    <time dateTime={iso} title={iso}>
      {d.toISOString().replace('T', ' ').slice(0, 19)} UTC
    </time>
  );
}
