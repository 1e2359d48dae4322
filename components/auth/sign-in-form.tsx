'use client';
import { useKeptForm } from './use-kept-form';
import { oidcSignInAction, signInAction } from '@/lib/dashboard/actions/auth';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';

export function SignInForm({
  callbackUrl,
  oidc,
  initialError,
}: {
  callbackUrl: string;
  oidc?: string;
  initialError?: string;
}) {
  const { state, action, onSubmit, pending } = useKeptForm(signInAction, { error: initialError });
  return (
    <Card className="p-6">
      <h1 className="text-base font-semibold">Sign in</h1>
      <form action={action} onSubmit={onSubmit} className="mt-4 space-y-4">
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <Field label="Email" htmlFor="email">
          <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
        </Field>
        <Field label="Password" htmlFor="password">
          <Input id="password" name="password" type="password" autoComplete="current-password" required />
        </Field>
        <div aria-live="polite">
          {state.error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {state.error}
            </p>
          )}
        </div>
        <Button type="submit" variant="primary" className="w-full" loading={pending}>
          Sign in
        </Button>
      </form>
      {oidc && (
        <form action={oidcSignInAction} className="mt-3">
          <input type="hidden" name="callbackUrl" value={callbackUrl} />
          <Button type="submit" className="w-full">
            Continue with {oidc}
          </Button>
        </form>
      )}
    </Card>
  );
}
