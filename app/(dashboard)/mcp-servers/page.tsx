import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/card';
import { McpServersPage } from '@/components/mcp-servers/mcp-servers-page';

export const metadata: Metadata = { title: 'MCP servers' };

export default function McpServers() {
  return (
    <>
      <PageHeader
        title="MCP servers"
        description="Named sets of toolkits, auth configs and tools, served over MCP at one URL per user."
      />
      <McpServersPage />
    </>
  );
}
