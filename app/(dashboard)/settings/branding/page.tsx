import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/card';
import { BrandingEditor } from '@/components/settings/branding-editor';

export const metadata: Metadata = { title: 'Connect branding' };

export default function BrandingPage() {
  return (
    <>
      <PageHeader
        title="Connect branding"
        description="How the Connect page looks to your end users: app title, logo, colours, theme and texts."
      />
      <BrandingEditor />
    </>
  );
}
