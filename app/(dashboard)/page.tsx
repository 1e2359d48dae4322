import type { Metadata } from 'next';
import { HydrationBoundary } from '@tanstack/react-query';
import { headers } from 'next/headers';
import { getActiveConnection } from '@/lib/dashboard/connections';
import { browsedOrigin, publicOrigin } from '@/lib/dashboard/browsed-origin';
import { AddressNotice } from '@/components/overview/address-notice';
import { prefetchV3 } from '@/lib/dashboard/prefetch';
import { PageHeader } from '@/components/ui/card';
import { Overview } from '@/components/overview/overview';
import { ATTENTION_QUERY, STATUS_QUERIES } from '@/components/overview/queries';

export const metadata: Metadata = { title: 'Overview' };

async function serviceHealth(baseUrl: string) {
  const t0 = performance.now();
  try {
    const res = await fetch(`${baseUrl}/api/health`, { cache: 'no-store', signal: AbortSignal.timeout(5000) });
    const body = (await res.json().catch(() => ({}))) as { status?: string; database?: string; version?: string };
    return {
      ok: res.ok,
      status: body.status ?? `HTTP ${res.status}`,
      database: body.database,
      version: body.version,
      ms: Math.round(performance.now() - t0),
    };
  } catch {
    return { ok: false, status: 'unreachable', ms: Math.round(performance.now() - t0) };
  }
}

export default async function OverviewPage() {
  const conn = await getActiveConnection();
  const browsed = browsedOrigin(await headers());
  const publicUrl = publicOrigin();
  const [health, state] = await Promise.all([
    serviceHealth(conn!.baseUrl),
    prefetchV3([
      ...STATUS_QUERIES.map((q) => ['/connected_accounts', q] as [string, typeof q]),
      ['/connected_accounts', ATTENTION_QUERY],
    ]),
  ]);
  return (
    <>
      <PageHeader
        title="Overview"
        description={`You are browsing ${browsed ?? publicUrl} · API connection “${conn!.name}” at ${conn!.baseUrl}`}
      />
      <AddressNotice browsed={browsed} publicUrl={publicUrl} />
      <HydrationBoundary state={state}>
        <Overview health={health} />
      </HydrationBoundary>
    </>
  );
}
