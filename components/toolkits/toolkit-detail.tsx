'use client';
import Link from 'next/link';
import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, v3Key, type ApiErr } from '@/lib/dashboard/client/api';
import { useV3 } from '@/lib/dashboard/client/hooks';
import type { List, Tool, Toolkit, TriggerType } from '@/lib/dashboard/types';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardHeader, EmptyState, PageHeader } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/field';
import { Skeleton, TableSkeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Logo } from './logo';

export function ToolkitDetail({ slug }: { slug: string }) {
  const tk = useV3<Toolkit>(`/toolkits/${slug}`);
  if (tk.isPending) return <div className="space-y-4"><Skeleton className="h-10 w-72" /><Skeleton className="h-48" /></div>;
  if (tk.isError) return <><PageHeader title={slug} /><ErrorPanel error={tk.error} onRetry={() => tk.refetch()} /></>;
  const t = tk.data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-xs text-zinc-600 dark:text-zinc-400"><Link href="/toolkits" className="hover:underline">Toolkits</Link> /</nav>
      <PageHeader
        title={<span className="flex items-center gap-3"><Logo src={t.meta.logo} name={t.name} size={32} />{t.name}</span>}
        description={t.meta.description}
        actions={<><ButtonLink href={`/auth-configs/new?toolkit=${t.slug}`} variant="primary">Create auth config</ButtonLink><ButtonLink href={`/accounts?toolkit=${t.slug}`}>Accounts</ButtonLink></>}
      />
      <div className="space-y-6">
        <Card aria-labelledby="schemes-h">
          <CardHeader id="schemes-h" title="Auth schemes" description={t.composio_managed_auth_schemes.length ? `Service-managed: ${t.composio_managed_auth_schemes.join(', ')}` : 'No service-managed app; bring your own credentials.'} />
          {t.auth_config_details.length === 0 ? <EmptyState title="No authentication needed" /> : (
            <div className="grid gap-4 p-4 md:grid-cols-2">
              {t.auth_config_details.map((d) => (
                <div key={d.mode} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
                  <p className="text-sm font-medium">{d.name} <Badge>{d.mode}</Badge></p>
                  <FieldList title="Auth config fields" fields={[...d.fields.auth_config_creation.required, ...d.fields.auth_config_creation.optional]} />
                  <FieldList title="Asked when a user connects" fields={[...d.fields.connected_account_initiation.required, ...d.fields.connected_account_initiation.optional]} />
                </div>
              ))}
            </div>
          )}
        </Card>
        <ToolList slug={slug} total={t.meta.tools_count} />
        <TriggerTypeList slug={slug} />
      </div>
    </>
  );
}

function FieldList({ title, fields }: { title: string; fields: Array<{ name: string; displayName: string; required: boolean }> }) {
  if (!fields.length) return null;
  return (
    <div className="mt-2">
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{title}</p>
      <ul className="mt-1 flex flex-wrap gap-1">{fields.map((f) => <li key={f.name}><Badge tone={f.required ? 'blue' : 'zinc'} title={f.required ? 'required' : 'optional'}>{f.displayName}</Badge></li>)}</ul>
    </div>
  );
}

function ToolList({ slug, total }: { slug: string; total: number }) {
  const [search, setSearch] = useState('');
  const query = { toolkit_slug: slug, query: search.trim() || undefined, limit: 50 };
  const q = useInfiniteQuery<List<Tool>, ApiErr>({
    queryKey: [...v3Key('/tools', query), 'infinite'],
    queryFn: ({ pageParam }) => api<List<Tool>>('/tools', { query: { ...query, cursor: pageParam as string | undefined } }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (p) => p,
  });
  const tools = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card aria-labelledby="tools-h">
      <CardHeader id="tools-h" title={`Tools (${q.data?.pages[0]?.total_items ?? total})`} />
      <div className="border-b border-zinc-200 p-3 dark:border-zinc-800" role="search">
        <label htmlFor="tool-search" className="sr-only">Search tools</label>
        <Input id="tool-search" data-search type="search" placeholder="Search tools by name, slug or description  ( / )" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {q.isPending ? <TableSkeleton rows={5} cols={2} /> : q.isError ? <div className="p-4"><ErrorPanel error={q.error} feature="tools" /></div> : tools.length === 0 ? <EmptyState title="No tools match" /> : (
        <>
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="tool-list">
            {tools.map((t) => (
              <li key={t.slug} className="px-4 py-2.5">
                <Link href={`/tools/${t.slug}`} className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">{t.name}</Link>
                <span className="ml-2 font-mono text-xs text-zinc-500 dark:text-zinc-400">{t.slug}</span>
                <p className="line-clamp-1 text-xs text-zinc-600 dark:text-zinc-400">{t.description}</p>
              </li>
            ))}
          </ul>
          {q.hasNextPage && <div className="border-t border-zinc-200 p-3 text-center dark:border-zinc-800"><Button size="sm" onClick={() => q.fetchNextPage()} loading={q.isFetchingNextPage}>Load more</Button></div>}
        </>
      )}
    </Card>
  );
}

function TriggerTypeList({ slug }: { slug: string }) {
  const q = useV3<List<TriggerType>>('/triggers_types', { toolkit_slugs: slug, limit: 100 });
  return (
    <Card aria-labelledby="ttypes-h">
      <CardHeader id="ttypes-h" title="Trigger types" />
      {q.isPending ? <TableSkeleton rows={3} cols={2} /> : q.isError ? <div className="p-4"><ErrorPanel error={q.error} feature="trigger types" /></div> : q.data.items.length === 0 ? <EmptyState title="No trigger types for this toolkit" /> : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {q.data.items.map((t) => (
            <li key={t.slug} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5">
              <div className="min-w-0">
                <Link href={`/triggers?type=${t.slug}`} className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">{t.name}</Link>
                <span className="ml-2 font-mono text-xs text-zinc-500 dark:text-zinc-400">{t.slug}</span>
                <p className="line-clamp-1 text-xs text-zinc-600 dark:text-zinc-400">{t.description}</p>
              </div>
              <Badge tone={t.type === 'webhook' ? 'blue' : 'zinc'}>{t.type}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
