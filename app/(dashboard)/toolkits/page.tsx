import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/card';
import { ToolkitCatalog } from '@/components/toolkits/toolkit-catalog';

export const metadata: Metadata = { title: 'Toolkits & tools' };

export default function ToolkitsPage() {
  return (
    <>
      <PageHeader
        title="Toolkits & tools"
        description="The catalog this server offers: toolkits, their tools and trigger types."
      />
      <ToolkitCatalog />
    </>
  );
}
