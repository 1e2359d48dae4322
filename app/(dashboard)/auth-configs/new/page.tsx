import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/card';
import { CreateAuthConfig } from '@/components/auth-configs/create-auth-config';

export const metadata: Metadata = { title: 'New auth config' };

export default async function NewAuthConfigPage({ searchParams }: { searchParams: Promise<{ toolkit?: string }> }) {
  const { toolkit } = await searchParams;
  return (
    <>
      <PageHeader title="New auth config" description="Pick a toolkit, then how its users authenticate." />
      <CreateAuthConfig initialToolkit={toolkit} />
    </>
  );
}
