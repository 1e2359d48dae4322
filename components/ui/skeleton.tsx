import { cn } from './cn';

/**
 * A grey placeholder. One that stands in for data still loading is `loading`: announced as a
 * status (the navigation bench waits for these to go). Those inside a `LoadingGroup` stay hidden
 * from assistive tech; the group is announced once.
 */
export function Skeleton({ className, loading }: { className?: string; loading?: boolean }) {
  const look = cn('animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800', className);
  return loading ? <div className={look} role="status" aria-label="Loading" /> : <div className={look} aria-hidden />;
}

/** A region of placeholders standing in for data still loading, announced once as a status. */
export function LoadingGroup({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <div className={className} role="status" aria-label="Loading">
      {children}
    </div>
  );
}

export function TableSkeleton({ rows = 8, cols = 5 }: { rows?: number; cols?: number }) {
  return (
    <LoadingGroup className="space-y-2 p-4">
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="flex gap-4">
          {Array.from({ length: cols }, (_, c) => (
            <Skeleton key={c} className={cn('h-5', c === 0 ? 'w-1/4' : 'flex-1')} />
          ))}
        </div>
      ))}
    </LoadingGroup>
  );
}
