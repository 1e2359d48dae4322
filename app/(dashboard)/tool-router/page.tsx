import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/card';
import { ToolRouterPage } from '@/components/tool-router/tool-router-page';

export const metadata: Metadata = { title: 'Tool router' };

export default function ToolRouter() {
  return (
    <>
      <PageHeader
        title="Tool router"
        description="Sessions that give an agent search, execution, connections and files for one user — over MCP or the API."
      />
      <ToolRouterPage />
    </>
  );
}
