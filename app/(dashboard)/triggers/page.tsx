import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/card';
import { TriggersPage } from '@/components/triggers/triggers-page';

export const metadata: Metadata = { title: 'Triggers' };

export default function Triggers() {
  return (
    <>
      <PageHeader
        title="Triggers"
        description="Event sources on connected accounts: active instances, their log, and the types you can create."
      />
      <TriggersPage />
    </>
  );
}
