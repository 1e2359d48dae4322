'use client';
import { IntentLink } from '@/components/ui/intent-link';
import { useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useV3, useV3Mutation } from '@/lib/dashboard/client/hooks';
import type { AuthConfig, List } from '@/lib/dashboard/types';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Switch } from '@/components/ui/switch';
import { TableSkeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Time } from '@/components/ui/json-view';
import { Logo } from '@/components/toolkits/logo';
import { plural } from '@/lib/dashboard/client/plural';

export function AuthConfigList() {
  const [search, setSearch] = useState('');
  const highlight = useSearchParams().get('highlight');
  const q = useV3<List<AuthConfig>>(
    '/auth_configs',
    { show_disabled: true, limit: 200, search: search.trim() || undefined },
    { placeholderData: (p) => p },
  );
  const [deleting, setDeleting] = useState<AuthConfig | null>(null);
  const setStatus = useV3Mutation<{ id: string; status: 'ENABLED' | 'DISABLED' }>({
    request: ({ id, status }) => ({ path: `/auth_configs/${id}/${status}`, method: 'PATCH' }),
    invalidate: ['/auth_configs', '/connected_accounts'],
    success: (_, v) => `${v.id} ${v.status === 'ENABLED' ? 'enabled' : 'disabled'}`,
  });
  const del = useV3Mutation<string>({
    request: (id) => ({ path: `/auth_configs/${id}`, method: 'DELETE' }),
    invalidate: ['/auth_configs'],
    success: 'Auth config deleted',
    onSuccess: () => setDeleting(null),
  });
  const items = q.data?.items ?? [];
  return (
    <Card>
      <div className="border-b border-zinc-200 p-3 dark:border-zinc-800" role="search">
        <label htmlFor="ac-search" className="sr-only">
          Search auth configs
        </label>
        <Input
          id="ac-search"
          data-search
          type="search"
          placeholder="Search by name or toolkit  ( / )"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="max-w-sm"
        />
      </div>
      {q.isPending ? (
        <TableSkeleton />
      ) : q.isError ? (
        <div className="p-4">
          <ErrorPanel error={q.error} onRetry={() => q.refetch()} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          title={search ? 'No auth configs match' : 'No auth configs yet'}
          action={
            <ButtonLink href="/auth-configs/new" variant="primary">
              New auth config
            </ButtonLink>
          }
        >
          An auth config says how users of a toolkit sign in. Create one, then connect accounts with it.
        </EmptyState>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm" data-testid="auth-configs-table">
            <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th className="px-4 py-2 font-medium">Name</th>
                <th className="px-2 py-2 font-medium">Toolkit</th>
                <th className="hidden px-2 py-2 font-medium sm:table-cell">Scheme</th>
                <th className="hidden px-2 py-2 font-medium sm:table-cell">Accounts</th>
                <th className="px-2 py-2 font-medium">Status</th>
                <th className="hidden px-2 py-2 font-medium lg:table-cell">Created</th>
                <th className="hidden px-4 py-2 sm:table-cell">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr
                  key={a.id}
                  className={`border-b border-zinc-100 last:border-0 dark:border-zinc-800/70 ${highlight === a.id ? 'bg-amber-50 dark:bg-amber-950/40' : ''}`}
                >
                  <td className="max-w-48 px-4 py-2 [overflow-wrap:anywhere]">
                    <IntentLink
                      href={`/auth-configs/${a.id}`}
                      className="font-medium text-blue-700 hover:underline dark:text-blue-400"
                    >
                      {a.name}
                    </IntentLink>
                    <div className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{a.id}</div>
                    <div className="text-xs text-zinc-600 sm:hidden dark:text-zinc-400">{a.auth_scheme ?? '—'}</div>
                  </td>
                  <td className="px-2 py-2">
                    <IntentLink
                      href={`/toolkits/${a.toolkit.slug}`}
                      className="flex items-center gap-2 hover:underline"
                    >
                      <Logo src={a.toolkit.logo} name={a.toolkit.slug} size={20} />
                      {a.toolkit.slug}
                    </IntentLink>
                  </td>
                  <td className="hidden px-2 py-2 text-xs sm:table-cell">
                    {a.auth_scheme ?? '—'}{' '}
                    <Badge tone={a.is_composio_managed ? 'blue' : 'zinc'}>
                      {a.is_composio_managed ? 'service-managed' : 'custom'}
                    </Badge>
                  </td>
                  <td className="hidden px-2 py-2 sm:table-cell">
                    <IntentLink
                      className="text-blue-700 hover:underline dark:text-blue-400"
                      href={`/accounts?auth_config=${a.id}`}
                    >
                      {a.no_of_connections}
                    </IntentLink>
                  </td>
                  <td className="px-2 py-2">
                    <span className="flex items-center gap-2">
                      <Switch
                        checked={a.status === 'ENABLED'}
                        label={`${a.status === 'ENABLED' ? 'Disable' : 'Enable'} ${a.name}`}
                        onChange={(on) => setStatus.mutate({ id: a.id, status: on ? 'ENABLED' : 'DISABLED' })}
                      />
                      <StatusBadge status={a.status} />
                    </span>
                  </td>
                  <td className="hidden px-2 py-2 text-xs lg:table-cell">
                    <Time iso={a.created_at} />
                  </td>
                  <td className="hidden px-4 py-2 text-right sm:table-cell">
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(a)}>
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        onConfirm={() => del.mutate(deleting!.id)}
        loading={del.isPending}
        danger
        confirmLabel="Delete auth config"
        title="Delete this auth config?"
      >
        “{deleting?.name}” ({deleting?.toolkit.slug}) is deleted together with the{' '}
        {plural(deleting?.no_of_connections ?? 0, 'connected account')} made from it: tools stop running for those users
        and their triggers stop. This cannot be undone from the dashboard.
      </ConfirmDialog>
    </Card>
  );
}
