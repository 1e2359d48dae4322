import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/card';
import { McpConsent } from '@/components/mcp-clients/consent';

export const metadata: Metadata = { title: 'Authorize an MCP client' };

// /oauth/authorize sends the browser here with ?request=<id>; signing in first returns here.
export default async function AuthorizeMcpClientPage({
  searchParams,
}: {
  searchParams: Promise<{ request?: string }>;
}) {
  const { request } = await searchParams;
  return (
    <>
      <PageHeader
        title="Authorize an MCP client"
        description="An application asks to use one of this project's MCP URLs."
      />
      <McpConsent requestId={typeof request === 'string' ? request : ''} />
    </>
  );
}
