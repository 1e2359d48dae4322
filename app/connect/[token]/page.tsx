import type { Metadata } from 'next';
import { getRuntime } from '@/lib/runtime';
import { notFound } from 'next/navigation';
import { getLinkView, type LinkField } from '@/lib/services/connect-link/links';
import { Card } from './card';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Connect an account',
  robots: { index: false, follow: false },
  // the link token is in the address: do not leak it to the provider or anyone else
  referrer: 'no-referrer',
};

const input =
  'block w-full rounded-md border border-zinc-300 bg-white px-3 py-2.5 text-base text-zinc-900 shadow-sm ' +
  'focus:border-indigo-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-1 ' +
  'dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';
const button =
  'inline-flex w-full items-center justify-center rounded-md bg-indigo-700 px-4 py-3 text-base font-semibold text-white ' +
  'hover:bg-indigo-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700';

function Logo({ src, name }: { src?: string; name: string }) {
  if (!src) {
    return (
      <span
        aria-hidden="true"
        className="flex h-12 w-12 items-center justify-center rounded-lg bg-zinc-100 text-lg font-semibold text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200"
      >
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={src} alt="" width={48} height={48} className="h-12 w-12 rounded-lg object-contain" />;
}

function Field({ f }: { f: LinkField }) {
  const id = `field-${f.name}`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {f.label}
        {f.required ? (
          <span className="text-red-700 dark:text-red-400">
            {' '}
            *<span className="sr-only">(required)</span>
          </span>
        ) : null}
      </label>
      {f.type === 'multiline' ? (
        // a pasted key file: never prefilled, not spell-checked, kept out of autofill
        <textarea
          id={id}
          name={f.name}
          rows={6}
          required={f.required}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={f.description ? `${id}-help` : undefined}
          className={`${input} font-mono text-xs`}
        />
      ) : (
        <input
          id={id}
          name={f.name}
          type={f.secret ? 'password' : f.type === 'number' ? 'number' : 'text'}
          defaultValue={f.secret ? undefined : f.value}
          required={f.required}
          autoComplete={f.secret ? 'off' : undefined}
          aria-describedby={f.description ? `${id}-help` : undefined}
          className={input}
        />
      )}
      {f.description ? (
        <p id={`${id}-help`} className="text-sm text-zinc-600 dark:text-zinc-400">
          {f.description}
        </p>
      ) : null}
    </div>
  );
}

export default async function ConnectPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ error?: string }>;
}) {
  const { token } = await params;
  const { error } = await searchParams;
  const rt = await getRuntime();
  const view = await getLinkView(rt, token);

  // A link that cannot be used answers 404 with its own explanation (./not-found.tsx), never a 200.
  if (view.state !== 'open') notFound();

  const action = `/api/v3/connect_links/${encodeURIComponent(token)}`;
  const fields = view.fields;
  return (
    <Card>
      <div className="flex items-center gap-3">
        <Logo src={view.project.logo} name={view.project.name} />
        <span aria-hidden="true" className="text-zinc-400">
          →
        </span>
        <Logo src={view.toolkit.logo || undefined} name={view.toolkit.name} />
      </div>
      <h1 className="mt-5 text-xl font-semibold tracking-tight">Connect {view.toolkit.name}</h1>
      <p className="mt-1 text-zinc-700 dark:text-zinc-300">
        <strong className="font-medium">{view.project.name}</strong> is asking to connect your {view.toolkit.name}{' '}
        account.
      </p>
      {error ? (
        <div
          role="alert"
          className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </div>
      ) : null}
      <form method="post" action={action} className="mt-6 space-y-5">
        {fields.map((f) => (
          <Field key={f.name} f={f} />
        ))}
        <button type="submit" className={button}>
          {view.redirect ? `Continue to ${view.toolkit.name}` : 'Connect'}
        </button>
        {view.redirect ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            You will sign in at {view.toolkit.name} and come back here.
          </p>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Your credentials are sent to {view.project.name}&apos;s server and stored encrypted.
          </p>
        )}
      </form>
    </Card>
  );
}
