'use client';
import { plainText } from '@/lib/dashboard/client/markdown';
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
import { LoadingGroup, Skeleton, TableSkeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Logo } from './logo';
import { IntentLink } from '@/components/ui/intent-link';

export function ToolkitDetail({ slug }: { slug: string }) {
  const tk = useV3<Toolkit>(`/toolkits/${slug}`);
  if (tk.isPending)
    return (
      <LoadingGroup className="space-y-4">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-48" />
      </LoadingGroup>
    );
  if (tk.isError)
    return (
      <>
        <PageHeader title={slug} />
        <ErrorPanel error={tk.error} onRetry={() => tk.refetch()} />
      </>
    );
  const t = tk.data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
        <Link href="/toolkits" className="hover:underline">
          Toolkits
        </Link>{' '}
        /
      </nav>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <Logo src={t.meta.logo} name={t.name} size={32} />
            {t.name}
          </span>
        }
        description={t.meta.description}
        actions={
          <>
            <ButtonLink href={`/auth-configs/new?toolkit=${t.slug}`} variant="primary">
              Create auth config
            </ButtonLink>
            <ButtonLink href={`/accounts?toolkit=${t.slug}`}>Accounts</ButtonLink>
          </>
        }
      />
      <div className="space-y-6">
        <Card aria-labelledby="schemes-h">
          <CardHeader
            id="schemes-h"
            title="Auth schemes"
            description={
              t.composio_managed_auth_schemes.length
                ? `Service-managed: ${t.composio_managed_auth_schemes.join(', ')}`
                : 'No service-managed app; bring your own credentials.'
            }
          />
          {t.auth_config_details.length === 0 ? (
            <EmptyState title="No authentication needed" />
          ) : (
            <div className="grid gap-4 p-4 md:grid-cols-2">
              {t.auth_config_details.map((d) => (
                <div key={d.mode} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
                  <p className="text-sm font-medium">
                    {d.name} <Badge>{d.mode}</Badge>
                  </p>
                  <FieldList
                    title="Auth config fields"
                    fields={[...d.fields.auth_config_creation.required, ...d.fields.auth_config_creation.optional]}
                  />
                  <FieldList
                    title="Asked when a user connects"
                    fields={[
                      ...d.fields.connected_account_initiation.required,
                      ...d.fields.connected_account_initiation.optional,
                    ]}
                  />
                </div>
              ))}
            </div>
          )}
        </Card>
        <ToolSections slug={slug} total={t.meta.tools_count} />
        <TriggerTypeList slug={slug} />
      </div>
    </>
  );
}

function FieldList({
  title,
  fields,
}: {
  title: string;
  fields: Array<{ name: string; displayName: string; required: boolean }>;
}) {
  if (!fields.length) return null;
  return (
    <div className="mt-2">
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{title}</p>
      <ul className="mt-1 flex flex-wrap gap-1">
        {fields.map((f) => (
          <li key={f.name}>
            <Badge tone={f.required ? 'blue' : 'zinc'} title={f.required ? 'required' : 'optional'}>
              {f.displayName}
            </Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Curated tools (the hosted vocabulary: mappings and composites) come first; the generated API
 * operations sit under a collapsed "All API operations" section with their own search and paging,
 * so a toolkit with a thousand operations costs one small request until it is opened. Older names
 * (aliases) are deprecated and left out of both lists (the API hides them unless include_deprecated).
 * A toolkit without curated tools shows its operations as the tool list, as before.
 */
function ToolSections({ slug, total }: { slug: string; total: number }) {
  const curated = useV3<List<Tool>>('/tools', {
    toolkit_slug: slug,
    toolkit_versions: 'latest',
    curated: true,
    limit: 1,
  });
  if (curated.isPending)
    return (
      <Card>
        <TableSkeleton rows={5} cols={2} />
      </Card>
    );
  if (curated.isError || (curated.data.total_items ?? curated.data.items.length) === 0) {
    return (
      <ToolList
        slug={slug}
        title={(n) => `Tools (${n ?? total})`}
        headingId="tools-h"
        searchId="tool-search"
        searchLabel="Search tools"
        testId="tool-list"
        primary
      />
    );
  }
  return (
    <>
      <ToolList
        slug={slug}
        curated
        title={(n) => `Tools (${n ?? curated.data.total_items})`}
        description="Agent-grade tools in the hosted service's vocabulary: the ones to call first."
        headingId="tools-h"
        searchId="tool-search"
        searchLabel="Search tools"
        testId="tool-list"
        primary
      />
      <OperationsSection slug={slug} />
    </>
  );
}

function OperationsSection({ slug }: { slug: string }) {
  const [open, setOpen] = useState(false);
  const count = useV3<List<Tool>>('/tools', {
    toolkit_slug: slug,
    toolkit_versions: 'latest',
    curated: false,
    limit: 1,
  });
  const n = count.data?.total_items;
  return (
    <Card aria-labelledby="ops-h">
      <div className="flex items-center justify-between gap-2 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <h2 id="ops-h" className="text-sm font-semibold">
          <button
            type="button"
            aria-expanded={open}
            aria-controls="ops-panel"
            onClick={() => setOpen(!open)}
            className="flex items-center gap-2 rounded hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>All API operations{n !== undefined ? ` (${n})` : ''}
          </button>
        </h2>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Every raw operation of the provider's API, generated from its specification.
        </p>
      </div>
      <div id="ops-panel" hidden={!open}>
        {open && (
          <ToolList
            slug={slug}
            curated={false}
            searchId="op-search"
            searchLabel="Search API operations"
            testId="operation-list"
          />
        )}
      </div>
    </Card>
  );
}

function ToolList({
  slug,
  curated,
  title,
  description,
  headingId,
  searchId,
  searchLabel,
  testId,
  primary,
}: {
  slug: string;
  curated?: boolean;
  title?: (n: number | undefined) => string;
  description?: string;
  headingId?: string;
  searchId: string;
  searchLabel: string;
  testId: string;
  primary?: boolean;
}) {
  const [search, setSearch] = useState('');
  // newest versions, so a custom MCP toolkit's dated tools are listed too
  const query = {
    toolkit_slug: slug,
    toolkit_versions: 'latest',
    curated,
    query: search.trim() || undefined,
    limit: 50,
  };
  const q = useInfiniteQuery<List<Tool>, ApiErr>({
    queryKey: [...v3Key('/tools', query), 'infinite'],
    queryFn: ({ pageParam }) =>
      api<List<Tool>>('/tools', { query: { ...query, cursor: pageParam as string | undefined } }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (p) => p,
  });
  const tools = q.data?.pages.flatMap((p) => p.items) ?? [];
  const body = (
    <>
      <div
        className="border-b border-zinc-200 p-3 dark:border-zinc-800"
        role="search"
        aria-label={curated === false ? 'Operation filter' : 'Tool filter'}
      >
        <label htmlFor={searchId} className="sr-only">
          {searchLabel}
        </label>
        <Input
          id={searchId}
          data-search={primary ? true : undefined}
          type="search"
          placeholder={`${searchLabel} by name, slug or description${primary ? '  ( / )' : ''}`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {q.isPending ? (
        <TableSkeleton rows={5} cols={2} />
      ) : q.isError ? (
        <div className="p-4">
          <ErrorPanel error={q.error} feature="tools" />
        </div>
      ) : tools.length === 0 ? (
        <EmptyState title="No tools match" />
      ) : (
        <>
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid={testId}>
            {tools.map((t) => (
              <li key={t.slug} className="px-4 py-2.5">
                <IntentLink
                  href={`/tools/${t.slug}`}
                  className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
                >
                  {t.name}
                </IntentLink>
                <span className="ml-2 font-mono text-xs text-zinc-500 [overflow-wrap:anywhere] dark:text-zinc-400">
                  {t.slug}
                </span>
                {t.is_deprecated && (
                  <Badge tone="amber" className="ml-2">
                    deprecated
                  </Badge>
                )}
                <p className="line-clamp-1 text-xs text-zinc-600 dark:text-zinc-400">{plainText(t.description)}</p>
              </li>
            ))}
          </ul>
          {q.hasNextPage && (
            <div className="border-t border-zinc-200 p-3 text-center dark:border-zinc-800">
              <Button size="sm" onClick={() => q.fetchNextPage()} loading={q.isFetchingNextPage}>
                Load more
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
  if (!title) return body;
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader id={headingId!} title={title(q.data?.pages[0]?.total_items)} description={description} />
      {body}
    </Card>
  );
}

function TriggerTypeList({ slug }: { slug: string }) {
  const q = useV3<List<TriggerType>>('/triggers_types', { toolkit_slugs: slug, limit: 100 });
  return (
    <Card aria-labelledby="ttypes-h">
      <CardHeader id="ttypes-h" title="Trigger types" />
      {q.isPending ? (
        <TableSkeleton rows={3} cols={2} />
      ) : q.isError ? (
        <div className="p-4">
          <ErrorPanel error={q.error} feature="trigger types" />
        </div>
      ) : q.data.items.length === 0 ? (
        <EmptyState title="No trigger types for this toolkit" />
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {q.data.items.map((t) => (
            <li key={t.slug} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5">
              <div className="min-w-0">
                <IntentLink
                  href={`/triggers?type=${t.slug}`}
                  className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
                >
                  {t.name}
                </IntentLink>
                <span className="ml-2 font-mono text-xs text-zinc-500 [overflow-wrap:anywhere] dark:text-zinc-400">
                  {t.slug}
                </span>
                <p className="line-clamp-1 text-xs text-zinc-600 dark:text-zinc-400">{plainText(t.description)}</p>
              </div>
              <Badge tone={t.type === 'webhook' ? 'blue' : 'zinc'}>{t.type}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
