import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/card';
import { WebhooksPage } from '@/components/webhooks/webhooks-page';

export const metadata: Metadata = { title: 'Webhooks' };

export default function Webhooks() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Where this project's events are delivered, the signing secret, and every delivery attempt."
      />
      <WebhooksPage />
    </>
  );
}
