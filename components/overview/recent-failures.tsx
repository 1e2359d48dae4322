'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { api, type ApiErr } from '@/lib/dashboard/client/api';
import { useV3 } from '@/lib/dashboard/client/hooks';
import { paths, TRIGGER_ERROR_OUTCOMES } from '@/lib/dashboard/client/paths';
import type { List, TriggerInstance } from '@/lib/dashboard/types';
import { Card, CardHeader, EmptyState } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Time } from '@/components/ui/json-view';

interface Delivery {
  id: string;
  event_type: string;
  status: string;
  attempt_count: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}
interface TriggerLog {
  id: string;
  trigger_id: string;
  outcome: string;
  message: string | null;
  http_status: number | null;
  created_at: string;
}

export function RecentFailures() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <FailedDeliveries />
      <TriggerErrors />
    </div>
  );
}

function FailedDeliveries() {
  const subs = useV3<List<{ id: string }>>(paths.webhookSubscriptions, { limit: 1 });
  const subId = subs.data?.items[0]?.id;
  const deliveries = useV3<List<Delivery>>(subId ? paths.webhookDeliveries(subId) : null, {
    status: 'failed',
    limit: 5,
  });
  return (
    <Card aria-labelledby="failed-deliveries-h">
      <CardHeader
        id="failed-deliveries-h"
        title="Recent failed deliveries"
        actions={
          <Link href="/webhooks" className="text-xs text-blue-700 hover:underline dark:text-blue-400">
            Webhooks
          </Link>
        }
      />
      <div className="p-4">
        {subs.isPending || (subId && deliveries.isPending) ? (
          <Skeleton className="h-16" loading />
        ) : subs.isError ? (
          <ErrorPanel error={subs.error} feature="webhook subscriptions" />
        ) : !subId ? (
          <EmptyState title="No webhook subscription">Create one on the Webhooks page to receive events.</EmptyState>
        ) : deliveries.isError ? (
          <ErrorPanel error={deliveries.error} feature="the webhook delivery log" />
        ) : deliveries.data!.items.length === 0 ? (
          <EmptyState title="No failed deliveries" />
        ) : (
          <ul className="space-y-2 text-sm">
            {deliveries.data!.items.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0">
                  <span className="font-mono text-xs">{d.id}</span>{' '}
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">{d.event_type}</span>
                  <span className="block truncate text-xs text-red-700 dark:text-red-400">
                    {d.last_error ?? (d.last_status_code ? `HTTP ${d.last_status_code}` : '')}
                  </span>
                </span>
                <span className="text-xs text-zinc-600 dark:text-zinc-400">
                  {d.attempt_count} attempts · <Time iso={d.updated_at} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function TriggerErrors() {
  const triggers = useV3<List<TriggerInstance>>('/trigger_instances/active', { limit: 20, show_disabled: true });
  const ids = (triggers.data?.items ?? []).map((t) => t.id);
  const logs = useQuery<TriggerLog[], ApiErr>({
    queryKey: ['v3', '/trigger_instances/logs:recent-errors', { ids: ids.join(',') }],
    enabled: ids.length > 0,
    queryFn: async () => {
      const lists = await Promise.all(
        ids.map((id) =>
          api<List<TriggerLog>>(paths.triggerLogs(id), { query: { outcomes: TRIGGER_ERROR_OUTCOMES, limit: 5 } }),
        ),
      );
      return lists
        .flatMap((l) => l.items)
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .slice(0, 8);
    },
  });
  return (
    <Card aria-labelledby="trigger-errors-h">
      <CardHeader
        id="trigger-errors-h"
        title="Recent trigger errors"
        actions={
          <Link href="/triggers" className="text-xs text-blue-700 hover:underline dark:text-blue-400">
            Triggers
          </Link>
        }
      />
      <div className="p-4">
        {triggers.isPending || (ids.length > 0 && logs.isPending) ? (
          <Skeleton className="h-16" loading />
        ) : triggers.isError ? (
          <ErrorPanel error={triggers.error} feature="triggers" />
        ) : ids.length === 0 ? (
          <EmptyState title="No triggers yet">Create one from a trigger type on the Triggers page.</EmptyState>
        ) : logs.isError ? (
          <ErrorPanel error={logs.error} feature="trigger logs" />
        ) : logs.data!.length === 0 ? (
          <EmptyState title="No trigger errors" />
        ) : (
          <ul className="space-y-2 text-sm">
            {logs.data!.map((l) => (
              <li key={l.id}>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone="red">{l.outcome}</Badge>
                  <span className="font-mono text-xs">{l.trigger_id}</span>
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">
                    <Time iso={l.created_at} />
                  </span>
                </div>
                {l.message && <p className="mt-0.5 truncate text-xs text-zinc-600 dark:text-zinc-400">{l.message}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
