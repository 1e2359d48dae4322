import type { Metadata } from 'next';
import { HydrationBoundary } from '@tanstack/react-query';
import { prefetchV3 } from '@/lib/dashboard/prefetch';
import { PageHeader } from '@/components/ui/card';
import { AccountsList } from '@/components/accounts/accounts-list';
import { accountsQuery, pickFilters } from '@/components/accounts/search-params';

export const metadata: Metadata = { title: 'Connected accounts' };

export default async function AccountsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filters = pickFilters(await searchParams);
  const state = await prefetchV3([['/connected_accounts', accountsQuery(filters)]]);
  return (
    <>
      <PageHeader
        title="Connected accounts"
        description="Every end user's connections, their status and why it changed."
      />
      <HydrationBoundary state={state}>
        <AccountsList />
      </HydrationBoundary>
    </>
  );
}
