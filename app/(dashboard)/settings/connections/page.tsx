import type { Metadata } from 'next';
import { getActiveConnection, listConnections } from '@/lib/dashboard/connections';
import { PageHeader } from '@/components/ui/card';
import { ConnectionsManager } from '@/components/settings/connections-manager';

export const metadata: Metadata = { title: 'API connections' };

export default async function ConnectionsPage() {
  const [connections, active] = await Promise.all([listConnections(), getActiveConnection()]);
  return (
    <>
      <PageHeader
        title="API connections"
        description="The v3 servers this dashboard drives. Keys are encrypted at rest and never sent to the browser."
      />
      <ConnectionsManager connections={connections} activeId={active?.id} />
    </>
  );
}
