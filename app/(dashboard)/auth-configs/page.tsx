import type { Metadata } from 'next';
import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/card';
import { AuthConfigList } from '@/components/auth-configs/auth-config-list';

export const metadata: Metadata = { title: 'Auth configs' };

export default function AuthConfigsPage() {
  return (
    <>
      <PageHeader
        title="Auth configs"
        description="How end users authenticate with each toolkit: service-managed apps or your own credentials."
        actions={
          <ButtonLink href="/auth-configs/new" variant="primary">
            New auth config
          </ButtonLink>
        }
      />
      <AuthConfigList />
    </>
  );
}
