'use server';
import { AuthError, CredentialsSignin } from 'next-auth';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { signIn, signOut } from '../auth';
import { adminCount, createFirstAdmin } from '../admins';
import { lockedUntil, MAX_FAILURES, throttleKey } from '../throttle';

export interface FormState { error?: string; fields?: Record<string, string> }

function safeCallback(v: FormDataEntryValue | null): string {
  let s = typeof v === 'string' ? v : '';
  // An absolute callback (built from the host the proxy saw) is reduced to its path: never another origin.
  if (/^https?:\/\//.test(s)) {
    try { const u = new URL(s); s = u.pathname + u.search; } catch { s = ''; }
  }
  return s.startsWith('/') && !s.startsWith('//') && !s.startsWith('/api/') ? s : '/';
}

// Sign in with email and password; failures are counted per email (and address) and rate limited.
export async function signInAction(_: FormState, form: FormData): Promise<FormState> {
  // Checked here too: next-auth reports every failure from authorize() as the same error.
  const email = typeof form.get('email') === 'string' ? String(form.get('email')) : '';
  if (email && (await lockedUntil(throttleKey(email)))) {
    return { error: `Too many failed sign-ins. This account is locked for 15 minutes after ${MAX_FAILURES} failures.` };
  }
  try {
    await signIn('credentials', { email: form.get('email'), password: form.get('password'), redirectTo: safeCallback(form.get('callbackUrl')) });
  } catch (err) {
    if (err instanceof CredentialsSignin && err.code === 'rate_limited') {
      return { error: `Too many failed sign-ins. This account is locked for 15 minutes after ${MAX_FAILURES} failures.` };
    }
    if (err instanceof AuthError) return { error: 'Email or password is incorrect.' };
    throw err; // the redirect after success
  }
  return {};
}

export async function oidcSignInAction(form: FormData) {
  await signIn('oidc', { redirectTo: safeCallback(form.get('callbackUrl')) });
}

export async function signOutAction() {
  await signOut({ redirectTo: '/sign-in' });
}

const SetupInput = z.object({
  email: z.email('Enter a valid email address'),
  password: z.string().min(12, 'Use at least 12 characters').max(1024),
  confirm: z.string(),
}).refine((v) => v.password === v.confirm, { message: 'The passwords do not match', path: ['confirm'] });

// First-run setup: creates the first admin (only while none exists) and signs them in.
export async function setupAction(_: FormState, form: FormData): Promise<FormState> {
  if ((await adminCount()) > 0) redirect('/sign-in');
  const parsed = SetupInput.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const i of parsed.error.issues) fields[String(i.path[0])] ??= i.message;
    return { error: 'Check the highlighted fields.', fields };
  }
  if (!(await createFirstAdmin(parsed.data.email, parsed.data.password))) redirect('/sign-in');
  try {
    await signIn('credentials', { email: parsed.data.email, password: parsed.data.password, redirectTo: '/' });
  } catch (err) {
    if (err instanceof AuthError) redirect('/sign-in');
    throw err;
  }
  return {};
}
