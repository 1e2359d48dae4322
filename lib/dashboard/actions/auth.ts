'use server';
import { AuthError, CredentialsSignin } from 'next-auth';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { zodFieldMessages } from '../../contract/errors';
import { signIn, signOut } from '../auth';
import { adminCount, createFirstAdmin } from '../admins';
import { headers } from 'next/headers';
import { isLocked, MAX_FAILURES } from '../throttle';
import { requestAddress } from '../client-address';
import { auditSetup, setupAttemptRefused } from '../setup-guard';

export interface FormState {
  error?: string;
  fields?: Record<string, string>;
}

function safeCallback(v: FormDataEntryValue | null): string {
  let s = typeof v === 'string' ? v : '';
  // An absolute callback (built from the host the proxy saw) is reduced to its path: never another origin.
  if (/^https?:\/\//.test(s)) {
    try {
      const u = new URL(s);
      s = u.pathname + u.search;
    } catch {
      s = '';
    }
  }
  return s.startsWith('/') && !s.startsWith('//') && !s.startsWith('/api/') ? s : '/';
}

const LOCKED = `Too many failed sign-ins from this address (${MAX_FAILURES} at most). Try again in 15 minutes, or from an address you have signed in from before.`;

// Sign in with email and password; attempts are counted per address and email (lib/dashboard/throttle.ts).
export async function signInAction(_: FormState, form: FormData): Promise<FormState> {
  // Checked here too: next-auth reports every failure from authorize() as the same error.
  const email = typeof form.get('email') === 'string' ? String(form.get('email')) : '';
  if (email && (await isLocked(email, requestAddress(await headers())))) return { error: LOCKED };
  try {
    await signIn('credentials', {
      email: form.get('email'),
      password: form.get('password'),
      redirectTo: safeCallback(form.get('callbackUrl')),
    });
  } catch (err) {
    if (err instanceof CredentialsSignin && err.code === 'rate_limited') return { error: LOCKED };
    if (err instanceof CredentialsSignin && err.code === 'busy')
      return { error: 'Too many sign-ins are being checked right now. Try again in a moment.' };
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

const SetupInput = z
  .object({
    token: z.string().trim().min(1, "Enter the setup token from the server's first-start output").max(200),
    email: z.email('Enter a valid email address'),
    password: z.string().min(12, 'Use at least 12 characters').max(1024),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: 'The passwords do not match', path: ['confirm'] });

// First-run setup: with the one-time setup token, creates the first admin (only while none exists) and signs them in.
export async function setupAction(_: FormState, form: FormData): Promise<FormState> {
  if ((await adminCount()) > 0) redirect('/sign-in');
  const parsed = SetupInput.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return { error: 'Check the highlighted fields.', fields: zodFieldMessages(parsed.error) };
  }
  const refused = await setupAttemptRefused();
  if (refused) return { error: refused };
  const made = await createFirstAdmin(parsed.data.email, parsed.data.password, parsed.data.token);
  if (made === 'closed') redirect('/sign-in');
  await auditSetup(parsed.data.email, made !== 'bad_token', made === 'bad_token' ? 'bad setup token' : undefined);
  if (made === 'bad_token') {
    return {
      error:
        'That setup token is not valid. Use the one printed when the server first started, or make a new one with `npm run cli -- setup-token`.',
      fields: { token: 'Not a valid setup token' },
    };
  }
  try {
    await signIn('credentials', { email: parsed.data.email, password: parsed.data.password, redirectTo: '/' });
  } catch (err) {
    if (err instanceof AuthError) redirect('/sign-in');
    throw err;
  }
  return {};
}
