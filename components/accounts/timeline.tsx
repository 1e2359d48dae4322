'use client';
import { useV3 } from '@/lib/dashboard/client/hooks';
import { Card, CardHeader, EmptyState } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Time } from '@/components/ui/json-view';

interface Entry {
  from_status: string | null;
  to_status: string;
  reason: string | null;
  actor: string;
  created_at: string;
}

export function Timeline({ id }: { id: string }) {
  const q = useV3<{ items: Entry[] }>(`/connected_accounts/${id}/timeline`);
  return (
    <Card aria-labelledby="timeline-h" className="h-fit">
      <CardHeader id="timeline-h" title="Status timeline" />
      <div className="p-4">
        {q.isPending ? (
          <Skeleton className="h-24" loading />
        ) : q.isError ? (
          <ErrorPanel error={q.error} feature="account timelines" />
        ) : q.data.items.length === 0 ? (
          <EmptyState title="No status changes recorded" />
        ) : (
          <ol className="space-y-4 border-l border-zinc-200 pl-4 dark:border-zinc-700" data-testid="timeline">
            {[...q.data.items].reverse().map((e, i) => (
              <li key={i} className="relative text-sm">
                <span className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-zinc-400" aria-hidden />
                <div className="flex flex-wrap items-center gap-1">
                  {e.from_status && (
                    <>
                      <StatusBadge status={e.from_status} /> →
                    </>
                  )}{' '}
                  <StatusBadge status={e.to_status} />
                </div>
                {e.reason && <p className="mt-1 text-xs">{e.reason}</p>}
                <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
                  by {e.actor} · <Time iso={e.created_at} />
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
