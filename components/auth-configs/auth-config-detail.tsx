'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useV3, useV3Mutation } from '@/lib/dashboard/client/hooks';
import { plural } from '@/lib/dashboard/client/plural';
import type { Account, AuthConfig, List } from '@/lib/dashboard/types';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, DescriptionList, EmptyState, PageHeader } from '@/components/ui/card';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Switch } from '@/components/ui/switch';
import { Field, Input } from '@/components/ui/field';
import { LoadingGroup, Skeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Time } from '@/components/ui/json-view';
import { managedWords, schemeWords } from './scheme-words';

type Detail = AuthConfig & { credentials: Record<string, unknown> };

const SECRET = /(secret|password|token|api_?key|private|credential)/i;
const scopeList = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' && v.trim() ? v.split(/[\s,]+/).filter(Boolean) : [];

/** One auth config: what it is, the accounts made from it, and the changes the API allows (PATCH, status, DELETE). */
export function AuthConfigDetail({ id }: { id: string }) {
  const q = useV3<Detail>(`/auth_configs/${id}`);
  const accounts = useV3<List<Account>>('/connected_accounts', { auth_config_ids: id, limit: 10, show_user_id: true });
  const router = useRouter();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const setStatus = useV3Mutation<'ENABLED' | 'DISABLED'>({
    request: (status) => ({ path: `/auth_configs/${id}/${status}`, method: 'PATCH' }),
    invalidate: ['/auth_configs', '/connected_accounts'],
    success: (_, v) => `Auth config ${v === 'ENABLED' ? 'enabled' : 'disabled'}`,
  });
  const del = useV3Mutation<void>({
    request: () => ({ path: `/auth_configs/${id}`, method: 'DELETE' }),
    invalidate: ['/auth_configs', '/connected_accounts'],
    success: 'Auth config deleted',
    onSuccess: () => router.push('/auth-configs'),
  });

  if (q.isPending)
    return (
      <LoadingGroup className="space-y-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-64 w-full" />
      </LoadingGroup>
    );
  if (q.isError)
    return (
      <>
        <PageHeader title={id} />
        <ErrorPanel error={q.error} onRetry={() => q.refetch()} />
      </>
    );
  const a = q.data;
  const scheme = a.auth_scheme ?? '';
  const managed = a.is_composio_managed;
  const { scopes, user_scopes, ...fields } = a.credentials ?? {};
  const n = a.no_of_connections;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
        <Link href="/auth-configs" className="hover:underline">
          Auth configs
        </Link>{' '}
        /
      </nav>
      <PageHeader
        title={a.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={a.status} /> <span className="font-mono text-xs">{a.id}</span>
          </span>
        }
        actions={
          <>
            <span className="flex items-center gap-2 text-sm">
              <Switch
                checked={a.status === 'ENABLED'}
                label={a.status === 'ENABLED' ? 'Disable auth config' : 'Enable auth config'}
                onChange={(on) => setStatus.mutate(on ? 'ENABLED' : 'DISABLED')}
              />
              {a.status === 'ENABLED' ? 'Enabled' : 'Disabled'}
            </span>
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="acd-h">
          <CardHeader id="acd-h" title="How users connect" />
          <DescriptionList
            items={[
              [
                'Toolkit',
                <Link
                  key="t"
                  href={`/toolkits/${a.toolkit.slug}`}
                  className="flex items-center gap-2 text-blue-700 hover:underline dark:text-blue-400"
                >
                  {a.toolkit.slug}
                </Link>,
              ],
              [
                'Scheme',
                <span key="s">
                  {schemeWords(scheme)} <code className="font-mono text-xs">{scheme}</code>
                </span>,
              ],
              [
                'Managed by',
                <span key="m" data-testid="ac-managed">
                  {managed ? 'This server: ' : 'You: '}
                  {managed ? managedWords(scheme, a.toolkit.slug) : 'the credentials below belong to your own app'}
                </span>,
              ],
              [
                'Scopes',
                scopeList(scopes).length ? (
                  <span key="sc" className="flex flex-wrap gap-1">
                    {scopeList(scopes).map((s) => (
                      <Badge key={s}>{s}</Badge>
                    ))}
                  </span>
                ) : (
                  'the toolkit’s defaults'
                ),
              ],
              ...(scopeList(user_scopes).length
                ? [['User scopes', scopeList(user_scopes).join(' ')] as [string, string]]
                : []),
              ['Created', <Time key="c" iso={a.created_at} />],
              ['Last changed', <Time key="u" iso={a.last_updated_at} />],
            ]}
          />
          <div className="border-t border-zinc-200 p-4 dark:border-zinc-800">
            <h3 className="mb-2 text-sm font-medium">Fields</h3>
            {Object.keys(fields).length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">No fields stored on this config.</p>
            ) : (
              <dl
                className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]"
                data-testid="ac-fields"
              >
                {Object.entries(fields).map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="min-w-0 font-mono text-xs text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">
                      {k}
                    </dt>
                    <dd className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">
                      {SECRET.test(k) && typeof v === 'string' ? `${v.slice(0, 4)}••••` : JSON.stringify(v)}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        </Card>
        <EditCard config={a} />
      </div>
      <Card aria-labelledby="aca-h" className="mt-6">
        <CardHeader
          id="aca-h"
          title={`Accounts made from this config (${(accounts.data?.total_items ?? n).toLocaleString('en-US')})`}
          actions={
            <Link
              href={`/accounts?auth_config=${a.id}`}
              className="text-sm text-blue-700 hover:underline dark:text-blue-400"
            >
              All in the accounts list
            </Link>
          }
        />
        {accounts.isPending ? (
          <Skeleton className="h-16" loading />
        ) : accounts.isError ? (
          <div className="p-4">
            <ErrorPanel error={accounts.error} onRetry={() => accounts.refetch()} />
          </div>
        ) : accounts.data.items.length === 0 ? (
          <EmptyState title="No accounts yet">Accounts appear here once users connect with this config.</EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800/70" data-testid="ac-accounts">
            {accounts.data.items.map((x) => (
              <li key={x.id} className="flex flex-wrap items-center gap-3 px-4 py-2 text-sm">
                <Link
                  href={`/accounts/${x.id}`}
                  className="font-mono text-xs text-blue-700 hover:underline dark:text-blue-400"
                >
                  {x.id}
                </Link>
                <span className="text-xs text-zinc-600 dark:text-zinc-400">{x.user_id || '—'}</span>
                <StatusBadge status={x.status} reason={x.status_reason} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => del.mutate()}
        loading={del.isPending}
        danger
        confirmLabel="Delete auth config"
        title="Delete this auth config?"
      >
        <p data-testid="ac-delete-consequences">
          “{a.name}” and the {plural(n, 'connected account')} made from it are deleted. Tools stop running for those
          users, their triggers stop, and Connect Links for this config no longer work. Users must connect again with
          another config. This cannot be undone from the dashboard.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** Name and scopes for every config; for your own app also its credential fields (blank keeps the stored value). */
function EditCard({ config }: { config: Detail }) {
  const { scopes, user_scopes, ...fields } = config.credentials ?? {};
  const [name, setName] = useState(config.name);
  const [scopeText, setScopeText] = useState(scopeList(scopes).join(' '));
  const [values, setValues] = useState<Record<string, string>>({});
  const save = useV3Mutation<void>({
    request: () => {
      const nextScopes = scopeText.split(/[\s,]+/).filter(Boolean);
      const changed = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
      const scopesChanged = nextScopes.join(' ') !== scopeList(scopes).join(' ');
      const body =
        config.type === 'custom'
          ? {
              type: 'custom',
              name: name.trim(),
              ...(Object.keys(changed).length || scopesChanged
                ? { credentials: { ...changed, ...(scopesChanged ? { scopes: nextScopes } : {}) } }
                : {}),
            }
          : { type: 'default', name: name.trim(), ...(scopesChanged ? { scopes: nextScopes } : {}) };
      return { path: `/auth_configs/${config.id}`, method: 'PATCH', body };
    },
    invalidate: ['/auth_configs'],
    success: 'Auth config saved',
    onSuccess: () => setValues({}),
  });
  const oauth = config.auth_scheme === 'OAUTH2' || config.auth_scheme === 'OAUTH1';
  void user_scopes;
  return (
    <Card aria-labelledby="ace-h">
      <CardHeader
        id="ace-h"
        title="Edit"
        description="Changes apply to new connections and to the next token refresh of existing ones."
      />
      <form
        className="space-y-4 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Field label="Name" htmlFor="ace-name">
          <Input id="ace-name" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        {oauth && (
          <Field label="Scopes (space separated)" htmlFor="ace-scopes">
            <Input id="ace-scopes" value={scopeText} onChange={(e) => setScopeText(e.target.value)} />
          </Field>
        )}
        {config.type === 'custom' &&
          Object.keys(fields).map((k) => (
            <Field key={k} label={`${k} (blank keeps the stored value)`} htmlFor={`ace-f-${k}`}>
              <Input
                id={`ace-f-${k}`}
                type={SECRET.test(k) ? 'password' : 'text'}
                autoComplete="off"
                value={values[k] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
              />
            </Field>
          ))}
        <ErrorPanel error={save.error} />
        <Button type="submit" variant="primary" loading={save.isPending}>
          Save changes
        </Button>
      </form>
    </Card>
  );
}
