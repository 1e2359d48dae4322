import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/card';
import { AuditLog } from '@/components/audit/audit-log';

export const metadata: Metadata = { title: 'Audit log' };

export default function AuditLogPage() {
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who signed in, revealed secrets, and changed keys, webhook secrets, auth configs and accounts: when, from where, and whether it worked."
      />
      <AuditLog />
    </>
  );
}
