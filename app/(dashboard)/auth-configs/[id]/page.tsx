import type { Metadata } from 'next';
import { HydrationBoundary } from '@tanstack/react-query';
import { prefetchV3 } from '@/lib/dashboard/prefetch';
import { AuthConfigDetail } from '@/components/auth-configs/auth-config-detail';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: (await params).id };
}

export default async function AuthConfigPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const state = await prefetchV3([[`/auth_configs/${id}`]]);
  return (
    <HydrationBoundary state={state}>
      <AuthConfigDetail id={id} />
    </HydrationBoundary>
  );
}
