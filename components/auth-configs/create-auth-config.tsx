'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useV3, useV3Mutation } from '@/lib/dashboard/client/hooks';
import type { List, Toolkit, ToolkitItem, AuthField } from '@/lib/dashboard/types';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Logo } from '@/components/toolkits/logo';
import { cn, focusRing } from '@/components/ui/cn';
import { managedWords, schemeWords } from './scheme-words';

export function CreateAuthConfig({ initialToolkit }: { initialToolkit?: string }) {
  const [slug, setSlug] = useState(initialToolkit ?? '');
  return (
    <div className="space-y-6">
      {!slug ? <ToolkitPicker onPick={setSlug} /> : <ConfigForm slug={slug} onChangeToolkit={() => setSlug('')} />}
    </div>
  );
}

function ToolkitPicker({ onPick }: { onPick: (slug: string) => void }) {
  const [search, setSearch] = useState('');
  const q = useV3<List<ToolkitItem>>(
    '/toolkits',
    { search: search.trim() || undefined, limit: 30 },
    { placeholderData: (p) => p },
  );
  return (
    <Card aria-labelledby="pick-h">
      <CardHeader id="pick-h" title="1. Toolkit" />
      <div className="space-y-3 p-4">
        <label htmlFor="tk-search" className="sr-only">
          Search toolkits
        </label>
        <Input
          id="tk-search"
          data-search
          autoFocus
          type="search"
          placeholder="Search toolkits"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {q.isError ? (
          <ErrorPanel error={q.error} />
        ) : q.isPending ? (
          <Skeleton className="h-32" loading />
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {q.data.items.map((t) => (
              <li key={t.slug}>
                <button
                  type="button"
                  onClick={() => onPick(t.slug)}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-md border border-zinc-200 p-2 text-left text-sm hover:border-zinc-400 dark:border-zinc-800 dark:hover:border-zinc-600',
                    focusRing,
                  )}
                >
                  <Logo src={t.meta.logo} name={t.name} />{' '}
                  <span>
                    <span className="font-medium">{t.name}</span>
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                      {(t.auth_schemes ?? []).join(', ') || (t.no_auth ? 'no auth' : '')}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function ConfigForm({ slug, onChangeToolkit }: { slug: string; onChangeToolkit: () => void }) {
  const router = useRouter();
  const tk = useV3<Toolkit>(`/toolkits/${slug}`);
  const [mode, setMode] = useState<'managed' | 'custom' | null>(null);
  const [scheme, setScheme] = useState('');
  const [name, setName] = useState('');
  const [creds, setCreds] = useState<Record<string, string>>({});
  const create = useV3Mutation<void, { auth_config: { id: string } }>({
    request: () => ({
      path: '/auth_configs',
      method: 'POST',
      body: {
        toolkit: { slug },
        auth_config:
          effectiveMode === 'managed'
            ? { type: 'use_composio_managed_auth', ...(name ? { name } : {}) }
            : {
                type: 'use_custom_auth',
                authScheme: effectiveScheme,
                ...(name ? { name } : {}),
                credentials: Object.fromEntries(Object.entries(creds).filter(([, v]) => v !== '')),
              },
      },
    }),
    invalidate: ['/auth_configs'],
    success: (r) => `Created auth config ${r.auth_config.id}`,
    onSuccess: (r) => router.push(`/auth-configs?highlight=${r.auth_config.id}`),
  });

  if (tk.isPending) return <Skeleton className="h-64" loading />;
  if (tk.isError) return <ErrorPanel error={tk.error} onRetry={() => tk.refetch()} />;
  const t = tk.data;
  const managed = t.composio_managed_auth_schemes ?? [];
  const details = t.auth_config_details ?? [];
  const effectiveMode = mode ?? (managed.length ? 'managed' : 'custom');
  const effectiveScheme = scheme || (effectiveMode === 'managed' ? managed[0] : details[0]?.mode) || '';
  const detail = details.find((d) => d.mode === effectiveScheme);
  const fields: AuthField[] = detail
    ? [...detail.fields.auth_config_creation.required, ...detail.fields.auth_config_creation.optional]
    : [];

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate();
      }}
      className="space-y-6"
    >
      <Card aria-labelledby="tk-h">
        <CardHeader
          id="tk-h"
          title="1. Toolkit"
          actions={
            <Button size="sm" variant="ghost" onClick={onChangeToolkit}>
              Change
            </Button>
          }
        />
        <div className="flex items-center gap-3 p-4">
          <Logo src={t.meta.logo} name={t.name} size={36} />
          <div>
            <p className="font-medium">{t.name}</p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{t.meta.description}</p>
          </div>
        </div>
      </Card>
      <Card aria-labelledby="mode-h">
        <CardHeader id="mode-h" title="2. Credentials" />
        <fieldset className="space-y-2 p-4">
          <legend className="sr-only">Who provides the app credentials</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="mode"
              className="mt-1"
              checked={effectiveMode === 'managed'}
              disabled={!managed.length}
              onChange={() => {
                setMode('managed');
                setScheme('');
              }}
            />
            <span>
              <span className="font-medium">Service-managed</span>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                {managed.length
                  ? `${managed.map((m) => `${schemeWords(m)}: ${managedWords(m, t.slug)}`).join('; ')}.`
                  : 'This server has no OAuth app set up for this toolkit, and it has no other scheme to manage.'}
              </span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="mode"
              className="mt-1"
              checked={effectiveMode === 'custom'}
              disabled={!details.length}
              onChange={() => {
                setMode('custom');
                setScheme('');
              }}
            />
            <span>
              <span className="font-medium">Custom credentials</span>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                Your own OAuth app or API settings.
              </span>
            </span>
          </label>
        </fieldset>
        <div className="grid gap-4 border-t border-zinc-200 p-4 sm:grid-cols-2 dark:border-zinc-800">
          <Field label="Name (optional)" htmlFor="ac-name">
            <Input
              id="ac-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder={`${t.name} auth`}
              maxLength={200}
            />
          </Field>
          {effectiveMode === 'custom' && (
            <Field label="Auth scheme" htmlFor="ac-scheme">
              <Select
                id="ac-scheme"
                value={effectiveScheme}
                onChange={(e) => {
                  setScheme(e.target.value);
                  setCreds({});
                }}
              >
                {details.map((d) => (
                  <option key={d.mode} value={d.mode}>
                    {d.name} ({d.mode})
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {effectiveMode === 'custom' &&
            fields.map((f) => (
              <Field
                key={f.name}
                label={
                  <>
                    {f.displayName}
                    {f.required && <span className="text-red-700 dark:text-red-400"> *</span>}
                  </>
                }
                htmlFor={`cred-${f.name}`}
                hint={f.description}
              >
                <Input
                  id={`cred-${f.name}`}
                  required={f.required}
                  type={/secret|password/i.test(f.name) ? 'password' : 'text'}
                  autoComplete="off"
                  value={creds[f.name] ?? ''}
                  placeholder={f.default ?? undefined}
                  onChange={(e) => setCreds((c) => ({ ...c, [f.name]: e.target.value }))}
                />
              </Field>
            ))}
          {effectiveMode === 'custom' && detail && fields.length === 0 && (
            <p className="text-sm text-zinc-600 dark:text-zinc-400 sm:col-span-2">
              This scheme needs no app-level fields; users enter their credentials when they connect.
            </p>
          )}
        </div>
      </Card>
      <ErrorPanel error={create.error} />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" loading={create.isPending}>
          Create auth config
        </Button>
      </div>
    </form>
  );
}
