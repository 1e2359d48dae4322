import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { adminCount } from '@/lib/dashboard/admins';
import { auth, oidcConfigured, oidcName } from '@/lib/dashboard/auth';
import { SignInForm } from '@/components/auth/sign-in-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; error?: string }>;
}) {
  await connection(); // per request: never prerender the admin check at build time
  if ((await adminCount()) === 0) redirect('/setup');
  if ((await auth())?.user) redirect('/');
  const sp = await searchParams;
  return (
    <SignInForm
      callbackUrl={sp.callbackUrl ?? '/'}
      oidc={oidcConfigured() ? oidcName() : undefined}
      initialError={sp.error ? 'Sign-in failed. Try again.' : undefined}
    />
  );
}
