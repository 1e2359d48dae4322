import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { adminCount } from '@/lib/dashboard/admins';
import { SetupForm } from '@/components/auth/setup-form';

export const metadata: Metadata = { title: 'Set up' };

export default async function SetupPage() {
  await connection(); // per request: never prerender the admin check at build time
  if ((await adminCount()) > 0) redirect('/sign-in');
  return <SetupForm />;
}
