import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/card';
import { ProjectKeys } from '@/components/settings/project-keys';

export const metadata: Metadata = { title: 'Project & API keys' };

export default function KeysPage() {
  return (
    <>
      <PageHeader
        title="Project & API keys"
        description="The project behind the active connection, and its API keys."
      />
      <ProjectKeys />
    </>
  );
}
