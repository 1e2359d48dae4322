'use client';
import { plural } from '@/lib/dashboard/client/plural';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useV3 } from '@/lib/dashboard/client/hooks';
import { useDebouncedEffect } from '@/lib/dashboard/client/debounced';
import type { List, ToolkitItem } from '@/lib/dashboard/types';
import { Card, EmptyState } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { LoadingGroup, Skeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { IntentLink } from '@/components/ui/intent-link';
import { cn, focusRing } from '@/components/ui/cn';
import { Logo } from './logo';
import { catalogQuery } from './search-params';

export function ToolkitCatalog() {
  const sp = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const category = sp.get('category') ?? '';
  const [search, setSearch] = useState(sp.get('q') ?? '');
  useDebouncedEffect(
    () => {
      const next = new URLSearchParams(sp.toString());
      if (search.trim()) next.set('q', search.trim());
      else next.delete('q');
      if (next.toString() !== sp.toString()) router.replace(`${pathname}?${next}`, { scroll: false });
    },
    [search, sp, router, pathname],
    250,
  );
  const cats = useV3<List<{ id: string; name: string }>>('/toolkits/categories');
  const q = useV3<List<ToolkitItem>>('/toolkits', catalogQuery({ q: sp.get('q'), category }), {
    placeholderData: (p) => p,
  });
  const setCategory = (c: string) => {
    const next = new URLSearchParams(sp.toString());
    if (c) next.set('category', c);
    else next.delete('category');
    router.replace(`${pathname}?${next}`, { scroll: false });
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[12rem_1fr]">
      <nav aria-label="Categories" className="min-w-0 lg:sticky lg:top-6 lg:h-fit">
        <p className="mb-2 text-xs font-medium text-zinc-600 dark:text-zinc-400">Categories</p>
        <ul className="flex gap-1 overflow-x-auto lg:flex-col">
          {[{ id: '', name: 'All' }, ...(cats.data?.items ?? [])].map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => setCategory(c.id)}
                aria-pressed={category === c.id}
                className={cn(
                  // one scrolling row on phones; on wide screens long names wrap between words instead of being cut
                  'w-full rounded-md px-2 py-1 text-left text-sm whitespace-nowrap lg:whitespace-normal',
                  focusRing,
                  category === c.id
                    ? 'bg-zinc-200 font-medium dark:bg-zinc-800'
                    : 'hover:bg-zinc-100 dark:hover:bg-zinc-900',
                )}
              >
                {c.name}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 space-y-4">
        <div role="search">
          <label htmlFor="tk-search" className="sr-only">
            Search toolkits
          </label>
          <Input
            id="tk-search"
            data-search
            type="search"
            placeholder="Search toolkits  ( / )"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        {q.isError ? (
          <ErrorPanel error={q.error} onRetry={() => q.refetch()} />
        ) : q.isPending ? (
          <LoadingGroup className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 9 }, (_, i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </LoadingGroup>
        ) : q.data.items.length === 0 ? (
          <Card>
            <EmptyState title="No toolkits match">Try another search or category.</EmptyState>
          </Card>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="toolkit-grid">
            {q.data.items.map((t) => (
              // Cards below the fold skip layout and paint until scrolled to: the grid holds up to 200.
              <li key={t.slug} className="[contain-intrinsic-size:auto_8rem] [content-visibility:auto]">
                <IntentLink
                  href={`/toolkits/${t.slug}`}
                  className={cn(
                    'flex h-full flex-col rounded-lg border border-zinc-200 bg-white p-4 hover:border-zinc-400 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-600',
                    focusRing,
                  )}
                >
                  <span className="flex items-center gap-3">
                    <Logo src={t.meta.logo} name={t.name} />
                    <span className="font-medium">{t.name}</span>
                  </span>
                  <span className="mt-2 line-clamp-2 text-xs text-zinc-600 dark:text-zinc-400">
                    {t.meta.description}
                  </span>
                  <span className="mt-auto pt-3 text-xs text-zinc-600 dark:text-zinc-400">
                    {plural(t.meta.tools_count, 'tool')} · {plural(t.meta.triggers_count, 'trigger')}
                    {t.meta.categories[0] ? ` · ${t.meta.categories[0].name}` : ''}
                  </span>
                </IntentLink>
              </li>
            ))}
          </ul>
        )}
        {q.data && <p className="text-xs text-zinc-600 dark:text-zinc-400">{q.data.total_items} toolkits</p>}
      </div>
    </div>
  );
}
