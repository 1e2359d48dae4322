import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/card';
import { AuthorizedClients } from '@/components/mcp-clients/authorized-clients';
import { ApprovalLink } from '@/components/mcp-clients/approval-link';

export const metadata: Metadata = { title: 'MCP clients' };

export default function McpClientsPage() {
  return (
    <>
      <PageHeader title="MCP clients" description="Clients that reach MCP URLs with OAuth instead of an API key." />
      <div className="space-y-6">
        <AuthorizedClients />
        <ApprovalLink />
      </div>
    </>
  );
}
