import type { Metadata } from 'next';
import { HydrationBoundary } from '@tanstack/react-query';
import { prefetchV3 } from '@/lib/dashboard/prefetch';
import { PageHeader } from '@/components/ui/card';
import { ToolkitCatalog } from '@/components/toolkits/toolkit-catalog';
import { catalogQuery, pickCatalogParams } from '@/components/toolkits/search-params';

export const metadata: Metadata = { title: 'Toolkits & tools' };

export default async function ToolkitsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const state = await prefetchV3([
    ['/toolkits/categories'],
    ['/toolkits', catalogQuery(pickCatalogParams(await searchParams))],
  ]);
  return (
    <>
      <PageHeader
        title="Toolkits & tools"
        description="The catalog this server offers: toolkits, their tools and trigger types."
      />
      <HydrationBoundary state={state}>
        <ToolkitCatalog />
      </HydrationBoundary>
    </>
  );
}
