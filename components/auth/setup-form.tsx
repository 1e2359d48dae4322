'use client';
import { useKeptForm } from './use-kept-form';
import { setupAction } from '@/lib/dashboard/actions/auth';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';

export function SetupForm() {
  const { state, action, onSubmit, pending } = useKeptForm(setupAction, {});
  const f = state.fields ?? {};
  return (
    <Card className="p-6">
      <h1 className="text-base font-semibold">Create the first admin</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        No admin exists yet. The account you create here signs in to this dashboard. You can also set
        JUNCTION_ADMIN_EMAIL and JUNCTION_ADMIN_PASSWORD before starting the server.
      </p>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        To create it, enter the <strong className="font-medium text-zinc-800 dark:text-zinc-200">setup token</strong>{' '}
        the server printed when it first started (in its output, next to the API keys), or the value of
        JUNCTION_SETUP_TOKEN. Lost it? Run <code className="font-mono text-xs">npm run cli -- setup-token</code> on the
        server&apos;s host for a new one.
      </p>
      <form action={action} onSubmit={onSubmit} className="mt-4 space-y-4">
        <Field
          label="Setup token"
          htmlFor="token"
          hint="It starts with jst_ unless JUNCTION_SETUP_TOKEN set another."
          error={f.token}
        >
          <Input
            id="token"
            name="token"
            type="password"
            autoComplete="off"
            spellCheck={false}
            required
            autoFocus
            aria-invalid={!!f.token}
          />
        </Field>
        <Field label="Email" htmlFor="email" error={f.email}>
          <Input id="email" name="email" type="email" autoComplete="username" required aria-invalid={!!f.email} />
        </Field>
        <Field label="Password" htmlFor="password" hint="At least 12 characters." error={f.password}>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            aria-invalid={!!f.password}
          />
        </Field>
        <Field label="Confirm password" htmlFor="confirm" error={f.confirm}>
          <Input
            id="confirm"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={!!f.confirm}
          />
        </Field>
        <div aria-live="polite">
          {state.error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {state.error}
            </p>
          )}
        </div>
        <Button type="submit" variant="primary" className="w-full" loading={pending}>
          Create admin and sign in
        </Button>
      </form>
    </Card>
  );
}
