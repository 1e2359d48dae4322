import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/card';
import { McpToolkitsPage } from '@/components/mcp-toolkits/mcp-toolkits-page';

export const metadata: Metadata = { title: 'MCP toolkits' };

export default function McpToolkits() {
  return (
    <>
      <PageHeader
        title="MCP toolkits"
        description="Remote MCP servers registered as toolkits of this project: their tools list, run and log like any other."
      />
      <McpToolkitsPage />
    </>
  );
}
