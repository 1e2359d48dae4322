'use client';
import { plainText } from '@/lib/dashboard/client/markdown';
import { RichText } from '@/components/ui/rich-text';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useV3, useV3Mutation } from '@/lib/dashboard/client/hooks';
import { paths } from '@/lib/dashboard/client/paths';
import type { Account, List, TriggerInstance, TriggerType } from '@/lib/dashboard/types';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, EmptyState } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Field, Input, Select } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { Skeleton, TableSkeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { ConfirmDialog } from '@/components/ui/dialog';
import { JsonView, Time } from '@/components/ui/json-view';
import { SchemaView } from '@/components/schema/schema-view';
import { SchemaForm, type FormValues } from '@/components/schema/schema-form';
import { cn, focusRing } from '@/components/ui/cn';
import { IntentLink } from '@/components/ui/intent-link';

export function TriggersPage() {
  const sp = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const type = sp.get('type');
  const tab = type ? 'types' : (sp.get('tab') ?? 'active');
  const go = (params: Record<string, string | null>) => {
    const next = new URLSearchParams(sp.toString());
    for (const [k, v] of Object.entries(params)) v ? next.set(k, v) : next.delete(k);
    router.replace(`${pathname}?${next}`, { scroll: false });
  };
  return (
    <div className="space-y-4">
      <div role="tablist" aria-label="Triggers" className="flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {[
          ['active', 'Active triggers'],
          ['types', 'Trigger types'],
        ].map(([id, label]) => (
          <button
            key={id}
            role="tab"
            type="button"
            aria-selected={tab === id}
            onClick={() => go({ tab: id!, type: null })}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm',
              focusRing,
              tab === id
                ? 'border-zinc-900 font-medium dark:border-zinc-100'
                : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'active' ? (
          <ActiveTriggers />
        ) : type ? (
          <TypeDetail
            slug={type}
            onBack={() => go({ type: null })}
            onCreated={() => go({ type: null, tab: 'active' })}
          />
        ) : (
          <TypeBrowser onPick={(s) => go({ type: s })} />
        )}
      </div>
    </div>
  );
}

function ActiveTriggers() {
  const q = useV3<List<TriggerInstance>>('/trigger_instances/active', { show_disabled: true, limit: 200 });
  const [deleting, setDeleting] = useState<TriggerInstance | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const toggle = useV3Mutation<{ id: string; enable: boolean }>({
    request: ({ id, enable }) => ({
      path: `/trigger_instances/manage/${id}`,
      method: 'PATCH',
      body: { status: enable ? 'enable' : 'disable' },
    }),
    invalidate: ['/trigger_instances'],
    success: (_, v) => `Trigger ${v.id} ${v.enable ? 'enabled' : 'disabled'}`,
  });
  const del = useV3Mutation<string>({
    request: (id) => ({ path: `/trigger_instances/manage/${id}`, method: 'DELETE' }),
    invalidate: ['/trigger_instances'],
    success: 'Trigger deleted',
    onSuccess: () => setDeleting(null),
  });
  if (q.isError) return <ErrorPanel error={q.error} feature="triggers" onRetry={() => q.refetch()} />;
  return (
    <Card>
      {q.isPending ? (
        <TableSkeleton />
      ) : q.data.items.length === 0 ? (
        <EmptyState
          title="No triggers yet"
          action={
            <Link href="/triggers?tab=types" className="text-sm text-blue-700 underline dark:text-blue-400">
              Browse trigger types
            </Link>
          }
        >
          Create a trigger from a type to start receiving events for a connected account.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="trigger-list">
          {q.data.items.map((t) => (
            <li key={t.id} className="px-4 py-3">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0 text-sm">
                  <span className="font-medium">{t.trigger_name}</span>{' '}
                  <span className="font-mono text-xs text-zinc-500 [overflow-wrap:anywhere] dark:text-zinc-400">
                    {t.id}
                  </span>
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">
                    account{' '}
                    <IntentLink className="font-mono hover:underline" href={`/accounts/${t.connected_account_id}`}>
                      {t.connected_account_id}
                    </IntentLink>{' '}
                    · updated <Time iso={t.updated_at} />
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Switch
                    checked={!t.disabled_at}
                    label={`${t.disabled_at ? 'Enable' : 'Disable'} trigger ${t.id}`}
                    onChange={(on) => toggle.mutate({ id: t.id, enable: on })}
                  />
                  {t.disabled_at ? <Badge>disabled</Badge> : <Badge tone="green">enabled</Badge>}
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-expanded={open === t.id}
                    onClick={() => setOpen(open === t.id ? null : t.id)}
                  >
                    {open === t.id ? 'Hide log' : 'Log'}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(t)}>
                    Delete
                  </Button>
                </div>
              </div>
              {open === t.id && (
                <div className="mt-3 grid gap-3 lg:grid-cols-2">
                  <div>
                    <p className="mb-1 text-xs font-medium">trigger_config</p>
                    <JsonView value={t.trigger_config} label="Trigger config" />
                  </div>
                  <TriggerLog id={t.id} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        onConfirm={() => del.mutate(deleting!.id)}
        loading={del.isPending}
        danger
        confirmLabel="Delete trigger"
        title="Delete this trigger?"
      >
        {deleting?.trigger_name} ({deleting?.id}) stops firing and is removed permanently.
      </ConfirmDialog>
    </Card>
  );
}

interface LogLine {
  id: string;
  kind: string;
  outcome: string;
  events_emitted: number;
  http_status: number | null;
  message: string | null;
  created_at: string;
}

function TriggerLog({ id }: { id: string }) {
  const q = useV3<List<LogLine>>(paths.triggerLogs(id), { limit: 50 }, { refetchInterval: 10_000 });
  return (
    <div>
      <p className="mb-1 text-xs font-medium">
        Trigger log <span className="font-normal text-zinc-500 dark:text-zinc-400">(refreshes every 10 s)</span>
      </p>
      {q.isPending ? (
        <Skeleton className="h-24" loading />
      ) : q.isError ? (
        <ErrorPanel error={q.error} feature="trigger logs" />
      ) : q.data.items.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing logged yet.</p>
      ) : (
        <ul className="max-h-72 space-y-1.5 overflow-y-auto text-xs" data-testid="trigger-log">
          {q.data.items.map((l) => (
            <li key={l.id} className="flex flex-wrap gap-2">
              <Time iso={l.created_at} />
              <Badge
                tone={/error|rejected|rate/.test(l.outcome) ? 'red' : l.outcome === 'events_emitted' ? 'green' : 'zinc'}
              >
                {l.outcome}
              </Badge>
              <span>
                {l.kind}
                {l.events_emitted ? ` · ${l.events_emitted} events` : ''}
                {l.http_status ? ` · HTTP ${l.http_status}` : ''}
              </span>
              {l.message && <span className="w-full text-zinc-600 dark:text-zinc-400">{l.message}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TypeBrowser({ onPick }: { onPick: (slug: string) => void }) {
  const [toolkit, setToolkit] = useState('');
  const q = useV3<List<TriggerType>>(
    '/triggers_types',
    { toolkit_slugs: toolkit.trim().toLowerCase() || undefined, limit: 200 },
    { placeholderData: (p) => p },
  );
  return (
    <Card>
      <div className="border-b border-zinc-200 p-3 dark:border-zinc-800" role="search">
        <label htmlFor="tt-toolkit" className="sr-only">
          Filter by toolkit
        </label>
        <Input
          id="tt-toolkit"
          data-search
          className="max-w-xs"
          placeholder="Filter by toolkit slug  ( / )"
          value={toolkit}
          onChange={(e) => setToolkit(e.target.value)}
        />
      </div>
      {q.isPending ? (
        <TableSkeleton />
      ) : q.isError ? (
        <div className="p-4">
          <ErrorPanel error={q.error} feature="trigger types" />
        </div>
      ) : q.data.items.length === 0 ? (
        <EmptyState title="No trigger types" />
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="trigger-types">
          {q.data.items.map((t) => (
            <li key={t.slug}>
              <button
                type="button"
                onClick={() => onPick(t.slug)}
                className={cn(
                  'flex w-full flex-wrap items-center justify-between gap-2 px-4 py-2.5 text-left hover:bg-zinc-50 dark:hover:bg-zinc-800/40',
                  focusRing,
                )}
              >
                <span className="min-w-0">
                  <span className="text-sm font-medium">{t.name}</span>{' '}
                  <span className="font-mono text-xs text-zinc-500 [overflow-wrap:anywhere] dark:text-zinc-400">
                    {t.slug}
                  </span>
                  <span className="line-clamp-1 block text-xs text-zinc-600 dark:text-zinc-400">
                    {t.toolkit.slug} · {plainText(t.description)}
                  </span>
                </span>
                <Badge tone={t.type === 'webhook' ? 'blue' : 'zinc'}>{t.type}</Badge>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function TypeDetail({ slug, onBack, onCreated }: { slug: string; onBack: () => void; onCreated: () => void }) {
  const q = useV3<TriggerType>(`/triggers_types/${slug}`);
  const toolkit = q.data?.toolkit.slug;
  const accounts = useV3<List<Account>>(toolkit ? '/connected_accounts' : null, {
    toolkit_slugs: toolkit,
    statuses: 'ACTIVE',
    limit: 100,
  });
  const [account, setAccount] = useState('');
  const [config, setConfig] = useState<FormValues>({});
  const chosen = account || accounts.data?.items[0]?.id || '';
  const create = useV3Mutation<void, { trigger_id: string }>({
    request: () => ({
      path: `/trigger_instances/${slug}/upsert`,
      method: 'POST',
      body: { connected_account_id: chosen, trigger_config: config },
    }),
    invalidate: ['/trigger_instances'],
    success: (r) => `Trigger ${r.trigger_id} created`,
    onSuccess: onCreated,
    silent: true,
  });
  if (q.isPending) return <Skeleton className="h-64" loading />;
  if (q.isError) return <ErrorPanel error={q.error} feature="trigger types" />;
  const t = q.data;
  return (
    <div className="space-y-4">
      <Button size="sm" variant="ghost" onClick={onBack}>
        ← All trigger types
      </Button>
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <Card aria-labelledby="tt-h">
            <CardHeader
              id="tt-h"
              title={
                <>
                  {t.name} <Badge tone={t.type === 'webhook' ? 'blue' : 'zinc'}>{t.type}</Badge>
                </>
              }
              description={<span className="font-mono">{t.slug}</span>}
            />
            <div className="space-y-2 p-4 text-sm">
              <RichText text={t.description} />
              {t.instructions && (
                <p className="whitespace-pre-line text-xs text-zinc-600 dark:text-zinc-400">{t.instructions}</p>
              )}
            </div>
          </Card>
          <Card aria-labelledby="tt-config-h">
            <CardHeader id="tt-config-h" title="Config schema" />
            <div className="overflow-x-auto p-4">
              <SchemaView schema={t.config} label="Config" />
            </div>
          </Card>
          <Card aria-labelledby="tt-payload-h">
            <CardHeader id="tt-payload-h" title="Payload schema" />
            <div className="overflow-x-auto p-4">
              <SchemaView schema={t.payload} label="Payload" />
            </div>
          </Card>
        </div>
        <Card aria-labelledby="tt-create-h" className="h-fit">
          <CardHeader
            id="tt-create-h"
            title="Create a trigger"
            description="Upserts an instance of this type on a connected account."
          />
          <form
            className="space-y-4 p-4"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate();
            }}
          >
            {accounts.isError ? (
              <ErrorPanel error={accounts.error} />
            ) : accounts.data && accounts.data.items.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                No ACTIVE {t.toolkit.slug} account to attach it to. Connect one first.
              </p>
            ) : (
              <Field label="Connected account" htmlFor="tt-account">
                <Select
                  id="tt-account"
                  value={chosen}
                  onChange={(e) => setAccount(e.target.value)}
                  disabled={accounts.isPending}
                >
                  {(accounts.data?.items ?? []).map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.id}
                      {a.alias ? ` (${a.alias})` : ''}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            <SchemaForm schema={t.config} values={config} onChange={setConfig} />
            <ErrorPanel error={create.error} feature="trigger creation" />
            <Button type="submit" variant="primary" loading={create.isPending} disabled={!chosen}>
              Create trigger
            </Button>
          </form>
        </Card>
      </div>
    </div>
  );
}
