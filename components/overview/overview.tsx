'use client';
import { IntentLink } from '@/components/ui/intent-link';
import { useV3 } from '@/lib/dashboard/client/hooks';
import type { Account, List } from '@/lib/dashboard/types';
import { Card, CardHeader, EmptyState } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Time } from '@/components/ui/json-view';
import { cn, focusRing } from '@/components/ui/cn';
import { RecentFailures } from './recent-failures';
import { ATTENTION_QUERY, STATUSES, STATUS_QUERIES } from './queries';

interface Health {
  ok: boolean;
  status: string;
  database?: string;
  version?: string;
  ms: number;
}

export function Overview({ health }: { health: Health }) {
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card className="p-4" aria-label="Service health">
          <p className="text-xs text-zinc-600 dark:text-zinc-400">Service health</p>
          <p className="mt-2 flex items-center gap-2 text-lg font-semibold" data-testid="health">
            <span className={cn('size-2.5 rounded-full', health.ok ? 'bg-emerald-500' : 'bg-red-500')} aria-hidden />
            {health.status}
          </p>
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            {[health.database, health.version && `v${health.version}`, `${health.ms} ms`].filter(Boolean).join(' · ')}
          </p>
        </Card>
        {STATUSES.slice(0, 3).map((s, i) => (
          <StatusCount key={s} status={s} query={STATUS_QUERIES[i]!} />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {STATUSES.slice(3).map((s, i) => (
          <StatusCount key={s} status={s} query={STATUS_QUERIES[i + 3]!} />
        ))}
      </div>
      <NeedsAttention />
      <RecentFailures />
    </div>
  );
}

function StatusCount({ status, query }: { status: string; query: Record<string, string | number> }) {
  const q = useV3<List<Account>>('/connected_accounts', query);
  return (
    <IntentLink
      href={`/accounts?status=${status}`}
      className={cn(
        'block rounded-lg border border-zinc-200 bg-white p-4 hover:border-zinc-400 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-600',
        focusRing,
      )}
    >
      <StatusBadge status={status} />
      <p className="mt-2 text-2xl font-semibold tabular-nums" data-testid={`count-${status}`}>
        {q.isPending ? (
          <Skeleton className="h-8 w-16" loading />
        ) : q.isError ? (
          '—'
        ) : (
          q.data.total_items.toLocaleString('en-US')
        )}
      </p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">connected accounts</p>
    </IntentLink>
  );
}

function NeedsAttention() {
  const q = useV3<List<Account>>('/connected_accounts', ATTENTION_QUERY);
  return (
    <Card aria-labelledby="attention-h">
      <CardHeader
        id="attention-h"
        title="Accounts needing attention"
        description="Expired or failed connections, with the reason the service recorded."
        actions={
          q.data && q.data.total_items > 0 ? (
            <IntentLink
              href="/accounts?status=EXPIRED,FAILED"
              className="text-xs text-blue-700 hover:underline dark:text-blue-400"
            >
              View all {q.data.total_items}
            </IntentLink>
          ) : null
        }
      />
      {q.isPending ? (
        <div className="p-4">
          <Skeleton className="h-20" loading />
        </div>
      ) : q.isError ? (
        <div className="p-4">
          <ErrorPanel error={q.error} />
        </div>
      ) : q.data.items.length === 0 ? (
        <EmptyState title="All connections are healthy">
          Nothing is expired or failed. Expired accounts show up here with a button to send the user a reconnect link.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="attention-list">
          {q.data.items.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 text-sm">
              <div className="min-w-0">
                <IntentLink
                  href={`/accounts/${a.id}`}
                  className="font-mono text-xs text-blue-700 hover:underline dark:text-blue-400"
                >
                  {a.id}
                </IntentLink>
                <span className="ml-2">{a.toolkit.slug}</span>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">{a.status_reason ?? 'No reason recorded'}</p>
              </div>
              <div className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                <StatusBadge status={a.status} />
                <Time iso={a.updated_at} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
