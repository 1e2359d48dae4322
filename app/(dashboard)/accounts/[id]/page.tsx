import type { Metadata } from 'next';
import { HydrationBoundary } from '@tanstack/react-query';
import { prefetchV3 } from '@/lib/dashboard/prefetch';
import { AccountDetail } from '@/components/accounts/account-detail';
import { ACCOUNT_READ_QUERY } from '@/components/accounts/search-params';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: (await params).id };
}

export default async function AccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const state = await prefetchV3([
    [`/connected_accounts/${id}`, ACCOUNT_READ_QUERY],
    [`/connected_accounts/${id}/timeline`],
  ]);
  return (
    <HydrationBoundary state={state}>
      <AccountDetail id={id} />
    </HydrationBoundary>
  );
}
