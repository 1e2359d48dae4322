import { cn } from './cn';

/**
 * A grey placeholder. One that stands in for data still loading takes a `label` and is announced
 * as a status; the decorative ones inside a larger loading region stay hidden from assistive tech.
 */
export function Skeleton({ className, label }: { className?: string; label?: string }) {
  const look = cn('animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800', className);
  return label ? <div className={look} role="status" aria-label={label} /> : <div className={look} aria-hidden />;
}

export function TableSkeleton({ rows = 8, cols = 5 }: { rows?: number; cols?: number }) {
  return (
    <div className="space-y-2 p-4" role="status" aria-label="Loading">
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="flex gap-4">
          {Array.from({ length: cols }, (_, c) => (
            <Skeleton key={c} className={cn('h-5', c === 0 ? 'w-1/4' : 'flex-1')} />
          ))}
        </div>
      ))}
    </div>
  );
}
