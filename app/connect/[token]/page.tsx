import type { Metadata } from 'next';
import { getRuntime } from '@/lib/runtime';
import { notFound } from 'next/navigation';
import { getLinkView, type LinkField } from '@/lib/services/connect-link/links';
import { fillText } from '@/lib/contract/branding';
import { Card } from './card';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Connect an account',
  robots: { index: false, follow: false },
  // the link token is in the address: do not leak it to the provider or anyone else
  referrer: 'no-referrer',
};

const input =
  'block w-full rounded-(--c-radius) border border-(--c-border) bg-(--c-card) px-3 py-2.5 text-base text-(--c-fg) shadow-sm ' +
  'focus:border-(--c-primary) focus:outline-none focus-visible:ring-2 focus-visible:ring-(--c-primary) focus-visible:ring-offset-1 focus-visible:ring-offset-(--c-card)';
const button =
  'inline-flex w-full items-center justify-center rounded-(--c-radius) bg-(--c-primary) px-4 py-3 text-base font-semibold text-(--c-on-primary) ' +
  'hover:brightness-95 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--c-primary)';

function Logo({ src, name }: { src?: string; name: string }) {
  if (!src) {
    return (
      <span
        aria-hidden="true"
        className="flex h-12 w-12 items-center justify-center rounded-(--c-radius) border border-(--c-border) text-lg font-semibold text-(--c-fg)"
      >
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={src} alt="" width={48} height={48} className="h-12 w-12 rounded-(--c-radius) object-contain" />;
}

function Field({ f }: { f: LinkField }) {
  const id = `field-${f.name}`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {f.label}
        {f.required ? (
          <span>
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
        <p id={`${id}-help`} className="text-sm">
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
  const b = view.project.branding;
  const say = (t: string) => fillText(t, { app: view.project.name, toolkit: view.toolkit.name });
  return (
    <Card branding={b}>
      <div className="flex items-center gap-3">
        <Logo src={view.project.logo} name={view.project.name} />
        <span aria-hidden="true" className="text-(--c-accent)">
          →
        </span>
        <Logo src={view.toolkit.logo || undefined} name={view.toolkit.name} />
      </div>
      <h1 className="mt-5 text-xl font-semibold tracking-tight">{say(b.texts.title)}</h1>
      <p className="mt-1">{say(b.texts.subtitle)}</p>
      {error ? (
        <div
          role="alert"
          className="mt-4 rounded-(--c-radius) border border-(--c-alert-border) bg-(--c-alert-bg) px-3 py-2 text-sm text-(--c-alert-fg)"
        >
          {error}
        </div>
      ) : null}
      <form method="post" action={action} className="mt-6 space-y-5">
        {fields.map((f) => (
          <Field key={f.name} f={f} />
        ))}
        <button type="submit" className={button}>
          {say(view.redirect ? b.texts.oauth_button : b.texts.form_button)}
        </button>
        {view.redirect ? (
          <p className="text-sm">You will sign in at {view.toolkit.name} and come back here.</p>
        ) : (
          <p className="text-sm">
            Your credentials are sent to {view.project.name}&apos;s server and stored encrypted.
          </p>
        )}
        {b.texts.footer ? <p className="text-sm text-(--c-accent)">{say(b.texts.footer)}</p> : null}
      </form>
    </Card>
  );
}
