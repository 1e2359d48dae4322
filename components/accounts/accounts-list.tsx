'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/dashboard/client/api';
import { useV3 } from '@/lib/dashboard/client/hooks';
import { useDebouncedEffect } from '@/lib/dashboard/client/debounced';
import type { Account, AuthConfig, List } from '@/lib/dashboard/types';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/field';
import { StatusBadge } from '@/components/ui/badge';
import { Switch } from '@/components/ui/switch';
import { TableSkeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Time } from '@/components/ui/json-view';
import { useToast } from '@/components/ui/toast';
import { IntentLink } from '@/components/ui/intent-link';
import { cn, focusRing } from '@/components/ui/cn';
import { accountsQuery, pickFilters, userHref, type AccountFilters } from './search-params';
import { useToggleAccount } from './use-toggle-account';

const STATUSES = ['ACTIVE', 'INITIATED', 'INITIALIZING', 'EXPIRED', 'FAILED', 'INACTIVE'];

export function AccountsList() {
  const sp = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const filters = pickFilters(new URLSearchParams(sp.toString()));
  const query = accountsQuery(filters);
  const list = useV3<List<Account>>('/connected_accounts', query, { placeholderData: (prev) => prev });
  const authConfigs = useV3<List<AuthConfig>>('/auth_configs', { limit: 200, show_disabled: true });
  const toggle = useToggleAccount();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [cursors, setCursors] = useState<string[]>([]);
  const [search, setSearch] = useState(filters.q ?? '');
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkBusy, setBulkBusy] = useState(false);
  const qc = useQueryClient();
  const toast = useToast();

  const setFilters = (patch: AccountFilters, keepCursor = false) => {
    const next = new URLSearchParams(sp.toString());
    for (const [k, v] of Object.entries(patch)) v ? next.set(k, v) : next.delete(k);
    if (!keepCursor) {
      next.delete('cursor');
      setCursors([]);
    }
    setSelected(new Set());
    router.replace(`${pathname}${next.size ? `?${next}` : ''}`, { scroll: false });
  };

  useDebouncedEffect(
    () => {
      if ((filters.q ?? '') !== search) setFilters({ q: search });
    },
    [search],
    300,
  );

  const items = list.data?.items ?? [];
  const allSelected = items.length > 0 && items.every((a) => selected.has(a.id));
  const filtered = Object.keys(filters).some((k) => k !== 'cursor');
  const acName = useMemo(() => new Map((authConfigs.data?.items ?? []).map((a) => [a.id, a.name])), [authConfigs.data]);

  async function bulkDisable() {
    setBulkBusy(true);
    const ids = [...selected];
    const results = await Promise.allSettled(
      ids.map((id) => api(`/connected_accounts/${id}/status`, { method: 'PATCH', body: { enabled: false } })),
    );
    const failed = results.filter((r) => r.status === 'rejected').length;
    setBulkBusy(false);
    setBulkOpen(false);
    setSelected(new Set());
    if (failed)
      toast.error(
        `Disabled ${ids.length - failed} of ${ids.length} accounts`,
        `${failed} failed: ${(results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason?.message ?? ''}`,
      );
    else toast.success(`Disabled ${ids.length} account${ids.length === 1 ? '' : 's'}`);
    void qc.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'v3' && String(q.queryKey[1]).startsWith('/connected_accounts'),
    });
  }

  return (
    <Card>
      <div className="flex flex-wrap items-end gap-3 border-b border-zinc-200 p-3 dark:border-zinc-800" role="search">
        <div className="min-w-48 flex-1">
          <label htmlFor="acc-search" className="sr-only">
            Search accounts
          </label>
          <Input
            id="acc-search"
            data-search
            type="search"
            placeholder="Search id, alias or word id  ( / )"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="acc-user" className="sr-only">
            User id
          </label>
          <Input
            id="acc-user"
            className="w-40"
            placeholder="User id"
            defaultValue={filters.user_id ?? ''}
            key={filters.user_id ?? ''}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setFilters({ user_id: e.currentTarget.value.trim() });
            }}
            onBlur={(e) => {
              if (e.currentTarget.value.trim() !== (filters.user_id ?? ''))
                setFilters({ user_id: e.currentTarget.value.trim() });
            }}
          />
        </div>
        <div>
          <label htmlFor="acc-toolkit" className="sr-only">
            Toolkit
          </label>
          <Input
            id="acc-toolkit"
            className="w-36"
            placeholder="Toolkit slug"
            defaultValue={filters.toolkit ?? ''}
            key={filters.toolkit ?? ''}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setFilters({ toolkit: e.currentTarget.value.trim().toLowerCase() });
            }}
            onBlur={(e) => {
              if (e.currentTarget.value.trim().toLowerCase() !== (filters.toolkit ?? ''))
                setFilters({ toolkit: e.currentTarget.value.trim().toLowerCase() });
            }}
          />
        </div>
        <div>
          <label htmlFor="acc-ac" className="sr-only">
            Auth config
          </label>
          <Select
            id="acc-ac"
            className="w-44"
            value={filters.auth_config ?? ''}
            onChange={(e) => setFilters({ auth_config: e.target.value })}
          >
            <option value="">All auth configs</option>
            {(authConfigs.data?.items ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} ({a.toolkit.slug})
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="acc-status" className="sr-only">
            Status
          </label>
          <Select
            id="acc-status"
            className="w-36"
            value={filters.status ?? ''}
            onChange={(e) => setFilters({ status: e.target.value })}
          >
            <option value="">All statuses</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
        {filtered && (
          <Button
            variant="ghost"
            onClick={() => {
              setSearch('');
              router.replace(pathname);
              setCursors([]);
            }}
          >
            Clear filters
          </Button>
        )}
      </div>

      {selected.size > 0 && (
        <div className="flex items-center justify-between gap-3 border-b border-zinc-200 bg-zinc-50 px-4 py-2 text-sm dark:border-zinc-800 dark:bg-zinc-900/60">
          <span>{selected.size} selected</span>
          <div className="flex gap-2">
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              Clear
            </Button>
            <Button size="sm" variant="danger" onClick={() => setBulkOpen(true)}>
              Disable selected
            </Button>
          </div>
        </div>
      )}

      {list.isPending ? (
        <TableSkeleton />
      ) : list.isError ? (
        <div className="p-4">
          <ErrorPanel error={list.error} onRetry={() => list.refetch()} />
        </div>
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState
            title="No accounts match these filters"
            action={
              <Button
                onClick={() => {
                  setSearch('');
                  router.replace(pathname);
                }}
              >
                Clear filters
              </Button>
            }
          >
            Try another status or search.
          </EmptyState>
        ) : (
          <EmptyState
            title="No connected accounts yet"
            action={
              <ButtonLink href="/auth-configs" variant="primary">
                Set up an auth config
              </ButtonLink>
            }
          >
            Accounts appear when end users connect a toolkit. Create an auth config, then send users a Connect Link or
            create accounts through the API.
          </EmptyState>
        )
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm" data-testid="accounts-table">
            <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th className="w-10 px-4 py-2">
                  <input
                    type="checkbox"
                    aria-label="Select all on this page"
                    checked={allSelected}
                    onChange={(e) => setSelected(e.target.checked ? new Set(items.map((a) => a.id)) : new Set())}
                    className={focusRing}
                  />
                </th>
                <th className="px-2 py-2 font-medium">Account</th>
                <th className="px-2 py-2 font-medium">User</th>
                <th className="px-2 py-2 font-medium">Toolkit</th>
                <th className="hidden px-2 py-2 font-medium md:table-cell">Auth config</th>
                <th className="px-2 py-2 font-medium">Status</th>
                <th className="px-2 py-2 font-medium">Enabled</th>
                <th className="hidden px-2 py-2 font-medium lg:table-cell">Updated</th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr
                  key={a.id}
                  className="border-b border-zinc-100 last:border-0 hover:bg-zinc-50 dark:border-zinc-800/70 dark:hover:bg-zinc-800/40"
                >
                  <td className="px-4 py-2">
                    <input
                      type="checkbox"
                      aria-label={`Select ${a.id}`}
                      checked={selected.has(a.id)}
                      className={focusRing}
                      onChange={(e) =>
                        setSelected((s) => {
                          const n = new Set(s);
                          if (e.target.checked) n.add(a.id);
                          else n.delete(a.id);
                          return n;
                        })
                      }
                    />
                  </td>
                  <td className="px-2 py-2">
                    <IntentLink
                      href={`/accounts/${a.id}`}
                      className={cn(
                        'font-mono text-xs font-medium text-blue-700 hover:underline dark:text-blue-400',
                        focusRing,
                      )}
                    >
                      {a.id}
                    </IntentLink>
                    {(a.alias || a.word_id) && (
                      <div className="text-xs text-zinc-600 dark:text-zinc-400">{a.alias ?? a.word_id}</div>
                    )}
                  </td>
                  <td className="max-w-40 px-2 py-2 text-xs [overflow-wrap:anywhere]">
                    {a.user_id ? (
                      <IntentLink
                        href={userHref(a.user_id)}
                        className={cn('font-mono text-blue-700 hover:underline dark:text-blue-400', focusRing)}
                        title={`Only ${a.user_id}'s accounts`}
                      >
                        {a.user_id}
                      </IntentLink>
                    ) : (
                      <span className="text-zinc-500 dark:text-zinc-400">—</span>
                    )}
                  </td>
                  <td className="px-2 py-2">{a.toolkit.slug}</td>
                  <td className="hidden px-2 py-2 text-xs md:table-cell">
                    {acName.get(a.auth_config.id) ?? a.auth_config.id}
                    <div className="text-zinc-500 dark:text-zinc-400">{a.auth_config.auth_scheme}</div>
                  </td>
                  <td className="px-2 py-2">
                    <StatusBadge status={a.status} reason={a.status_reason} />
                    {a.status_reason && (
                      <div
                        className="mt-0.5 max-w-56 truncate text-xs text-zinc-600 dark:text-zinc-400"
                        title={a.status_reason}
                      >
                        {a.status_reason}
                      </div>
                    )}
                  </td>
                  <td className="px-2 py-2">
                    <Switch
                      checked={!a.is_disabled}
                      label={`${a.is_disabled ? 'Enable' : 'Disable'} ${a.id}`}
                      onChange={(enabled) => toggle.mutate({ id: a.id, enabled })}
                    />
                  </td>
                  <td className="hidden px-2 py-2 text-xs text-zinc-600 lg:table-cell dark:text-zinc-400">
                    <Time iso={a.updated_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-zinc-200 px-4 py-2 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        <span data-testid="accounts-total">
          {list.data
            ? `${list.data.total_items.toLocaleString('en-US')} account${list.data.total_items === 1 ? '' : 's'}`
            : ''}
          {list.isFetching && !list.isPending ? ' · updating…' : ''}
        </span>
        <div className="flex gap-2">
          <Button
            size="sm"
            disabled={!filters.cursor}
            onClick={() => {
              const prev = cursors.slice(0, -1);
              const target = cursors.at(-1);
              setCursors(prev);
              setFilters({ cursor: target && target !== '' ? target : undefined }, true);
            }}
          >
            {filters.cursor && cursors.length === 0 ? 'First page' : 'Previous'}
          </Button>
          <Button
            size="sm"
            disabled={!list.data?.next_cursor}
            onClick={() => {
              setCursors((c) => [...c, filters.cursor ?? '']);
              setFilters({ cursor: list.data!.next_cursor! }, true);
            }}
          >
            Next
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={bulkOpen}
        onClose={() => setBulkOpen(false)}
        onConfirm={bulkDisable}
        loading={bulkBusy}
        danger
        confirmLabel={`Disable ${selected.size}`}
        title="Disable the selected accounts?"
      >
        {selected.size} account{selected.size === 1 ? '' : 's'} will stop executing tools until enabled again. Their
        credentials are kept.
      </ConfirmDialog>
    </Card>
  );
}
