'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, type ApiErr } from '@/lib/dashboard/client/api';
import { useV3, useV3Mutation } from '@/lib/dashboard/client/hooks';
import type { Account } from '@/lib/dashboard/types';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, DescriptionList, PageHeader } from '@/components/ui/card';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Switch } from '@/components/ui/switch';
import { LoadingGroup, Skeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { JsonView, Time } from '@/components/ui/json-view';
import { Field, Input } from '@/components/ui/field';
import { CopyButton } from '@/components/ui/copy-button';
import { useToast } from '@/components/ui/toast';
import { useToggleAccount } from './use-toggle-account';
import { Timeline } from './timeline';
import { ACCOUNT_READ_QUERY, userHref } from './search-params';

const SCHEME_WORDS: Record<string, string> = {
  OAUTH2: 'OAuth 2.0',
  OAUTH1: 'OAuth 1.0a',
  API_KEY: 'API key',
  BEARER_TOKEN: 'bearer token',
  BASIC: 'user name and password',
  NO_AUTH: 'no credentials',
};
const schemeWords = (s: string) => SCHEME_WORDS[s] ?? s;

export function AccountDetail({ id }: { id: string }) {
  const q = useV3<Account>(`/connected_accounts/${id}`, ACCOUNT_READ_QUERY);
  const toggle = useToggleAccount();
  const router = useRouter();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reconnect, setReconnect] = useState(false);
  const del = useV3Mutation<void>({
    request: () => ({ path: `/connected_accounts/${id}`, method: 'DELETE' }),
    invalidate: ['/connected_accounts'],
    success: `Deleted ${id}`,
    onSuccess: () => router.push('/accounts'),
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

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
        <Link href="/accounts" className="hover:underline">
          Connected accounts
        </Link>{' '}
        /
      </nav>
      <PageHeader
        title={<span className="font-mono">{a.id}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={a.status} reason={a.status_reason} /> {a.toolkit.slug} · {a.auth_config.auth_scheme}
            {a.status_reason ? ` · ${a.status_reason}` : ''}
          </span>
        }
        actions={
          <>
            <span className="flex items-center gap-2 text-sm">
              <Switch
                checked={!a.is_disabled}
                label={a.is_disabled ? 'Enable account' : 'Disable account'}
                onChange={(enabled) => toggle.mutate({ id: a.id, enabled })}
              />
              {a.is_disabled ? 'Disabled' : 'Enabled'}
            </span>
            <Button onClick={() => setReconnect(true)}>Refresh / reconnect</Button>
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6 min-w-0">
          <Card aria-labelledby="fields-h">
            <CardHeader id="fields-h" title="Details" />
            <DescriptionList
              items={[
                [
                  'Owner (user id)',
                  a.user_id ? (
                    <span key="u" className="flex flex-wrap items-center gap-2">
                      <Link
                        className="font-mono text-xs text-blue-700 hover:underline dark:text-blue-400"
                        href={userHref(a.user_id)}
                        data-testid="account-owner"
                      >
                        {a.user_id}
                      </Link>
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">
                        (all of this user&apos;s accounts)
                      </span>
                    </span>
                  ) : (
                    <span key="u" className="text-zinc-600 dark:text-zinc-400">
                      Not shown by the API this dashboard is connected to
                    </span>
                  ),
                ],
                [
                  'Toolkit',
                  <Link
                    key="tk"
                    className="text-blue-700 hover:underline dark:text-blue-400"
                    href={`/toolkits/${a.toolkit.slug}`}
                  >
                    {a.toolkit.slug}
                  </Link>,
                ],
                [
                  'Auth config',
                  <span key="ac" className="flex flex-wrap items-center gap-2">
                    <Link
                      className="font-mono text-xs text-blue-700 hover:underline dark:text-blue-400"
                      href={`/auth-configs/${a.auth_config.id}`}
                    >
                      {a.auth_config.id}
                    </Link>
                    <span className="text-xs text-zinc-600 dark:text-zinc-400">
                      {schemeWords(a.auth_config.auth_scheme)} ·{' '}
                      {(a.auth_config.is_service_managed ?? a.auth_config.is_composio_managed)
                        ? "this server's own app"
                        : 'your own app or credentials'}
                    </span>
                    {a.auth_config.is_disabled && <Badge tone="amber">auth config disabled</Badge>}
                  </span>,
                ],
                ['Alias', a.alias ?? '—'],
                ['Status', <StatusBadge key="s" status={a.status} reason={a.status_reason} />],
                ['Why the status changed', a.status_reason ?? '—'],
                ['Runs tools', a.is_disabled ? 'No: disabled' : 'Yes'],
                ['Connected', <Time key="c" iso={a.created_at} />],
                ['Last changed', <Time key="u2" iso={a.updated_at} />],
              ]}
            />
            <details className="border-t border-zinc-200 dark:border-zinc-800" data-testid="api-fields">
              <summary className="cursor-pointer px-4 py-2 text-sm font-medium">API fields</summary>
              <DescriptionList
                items={[
                  [
                    'id',
                    <code key="id" className="font-mono text-xs">
                      {a.id}
                    </code>,
                  ],
                  ['alias', a.alias ?? '—'],
                  ['word_id', a.word_id ?? '—'],
                  ['toolkit.slug', a.toolkit.slug],
                  ['auth_config.id', a.auth_config.id],
                  ['auth_config.auth_scheme', a.auth_config.auth_scheme],
                  [
                    'auth_config.is_service_managed',
                    String(a.auth_config.is_service_managed ?? a.auth_config.is_composio_managed),
                  ],
                  ['auth_config.is_disabled', String(a.auth_config.is_disabled)],
                  ['auth_config.deprecated.uuid', a.auth_config.deprecated?.uuid ?? '—'],
                  ['user_id', a.user_id || '""'],
                  ['status', a.status],
                  ['status_reason', a.status_reason ?? 'null'],
                  ['is_disabled', String(a.is_disabled)],
                  ['created_at', a.created_at],
                  ['updated_at', a.updated_at],
                  ['state.authScheme', a.state.authScheme],
                  ['test_request_endpoint', a.test_request_endpoint ?? '—'],
                  ['deprecated.labels', a.deprecated?.labels.length ? a.deprecated.labels.join(', ') : '—'],
                  ['deprecated.uuid', a.deprecated?.uuid ?? '—'],
                ].map(([k, v]) => [
                  <code key="k" className="font-mono text-xs">
                    {k}
                  </code>,
                  v,
                ])}
              />
              <p className="px-4 pb-3 text-xs text-zinc-600 dark:text-zinc-400">
                <code>user_id</code> is empty in the hosted API&apos;s answer; this dashboard asks for the owner with
                Junction&apos;s <code>show_user_id=true</code>.
              </p>
            </details>
          </Card>
          <StateCard account={a} />
          <Card aria-labelledby="params-h">
            <CardHeader id="params-h" title="params" description="Initialization data of the connection." />
            <div className="p-4">
              <JsonView value={a.params} label="params" />
            </div>
          </Card>
          <Card aria-labelledby="data-h">
            <CardHeader id="data-h" title="data (deprecated)" description="Mirrors state.val; secrets masked." />
            <div className="p-4">
              <JsonView value={a.data} label="data" />
            </div>
          </Card>
        </div>
        <Timeline id={a.id} />
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => del.mutate()}
        loading={del.isPending}
        danger
        confirmLabel="Delete account"
        title="Delete this connected account?"
      >
        <p>
          <span className="font-mono">{a.id}</span> ({a.toolkit.slug}) will be deleted. Tools can no longer run with it,
          and its triggers stop. This cannot be undone from the dashboard.
        </p>
      </ConfirmDialog>
      <ReconnectDialog open={reconnect} onClose={() => setReconnect(false)} account={a} />
    </>
  );
}

function StateCard({ account }: { account: Account }) {
  const toast = useToast();
  const [revealed, setRevealed] = useState<Record<string, unknown> | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Card aria-labelledby="state-h">
      <CardHeader
        id="state-h"
        title="state.val"
        description={
          revealed
            ? 'Secrets revealed. This view was recorded in the audit log.'
            : 'Secrets are masked. Revealing them is recorded in the audit log.'
        }
        actions={
          revealed ? (
            <Button size="sm" onClick={() => setRevealed(null)}>
              Hide secrets
            </Button>
          ) : (
            <Button
              size="sm"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  const r = await api<{ val: Record<string, unknown> }>(`/reveal/${account.id}`, {
                    method: 'POST',
                    base: '/api/dash',
                  });
                  setRevealed(r.val);
                } catch (e) {
                  toast.error((e as ApiErr).message, (e as ApiErr).suggestedFix);
                } finally {
                  setBusy(false);
                }
              }}
            >
              Reveal secrets
            </Button>
          )
        }
      />
      <div className="p-4">
        <JsonView value={revealed ?? account.state.val} label="state.val" />
      </div>
    </Card>
  );
}

function ReconnectDialog({ open, onClose, account }: { open: boolean; onClose: () => void; account: Account }) {
  const [link, setLink] = useState<{ url: string; note: string } | null>(null);
  const [userId, setUserId] = useState('');
  const refresh = useV3Mutation<void, { redirect_url: string | null; status: string }>({
    request: () => ({ path: `/connected_accounts/${account.id}/refresh`, method: 'POST', body: {} }),
    invalidate: ['/connected_accounts'],
    onSuccess: (r) =>
      setLink(
        r.redirect_url
          ? { url: r.redirect_url, note: `The account is now ${r.status}. Send this link to the user to re-authorize.` }
          : {
              url: '',
              note: `Refreshed; the account is ${r.status}. This auth scheme has no hosted re-authorization — create a Connect Link below for the user to re-enter credentials.`,
            },
      ),
  });
  const createLink = useV3Mutation<void, { redirect_url: string; expires_at: string }>({
    request: () => ({
      path: '/connected_accounts/link',
      method: 'POST',
      body: { auth_config_id: account.auth_config.id, user_id: userId.trim() },
    }),
    invalidate: ['/connected_accounts'],
    success: 'Connect Link created',
    onSuccess: (r) =>
      setLink({
        url: r.redirect_url,
        note: `Send this Connect Link to ${userId}. It expires ${new Date(r.expires_at).toUTCString()}.`,
      }),
  });
  return (
    <Dialog
      open={open}
      onClose={() => {
        setLink(null);
        onClose();
      }}
      title="Refresh or reconnect"
      wide
      footer={
        <Button
          onClick={() => {
            setLink(null);
            onClose();
          }}
        >
          Close
        </Button>
      }
    >
      <div className="space-y-5">
        <section className="space-y-2">
          <h3 className="font-medium">Re-initiate this account</h3>
          <p className="text-zinc-600 dark:text-zinc-400">
            Calls POST /connected_accounts/{'{id}'}/refresh. For OAuth the account moves to INITIATED and you get a link
            to send the user.
          </p>
          <Button onClick={() => refresh.mutate()} loading={refresh.isPending}>
            Refresh {account.id}
          </Button>
          <ErrorPanel error={refresh.error} feature="account refresh" />
        </section>
        <section className="space-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <h3 className="font-medium">Create a Connect Link</h3>
          <p className="text-zinc-600 dark:text-zinc-400">
            A hosted page where the user connects {account.toolkit.slug} again with auth config {account.auth_config.id}
            .
          </p>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              createLink.mutate();
            }}
          >
            <Field label="User id" htmlFor="link-user" className="min-w-48 flex-1">
              <Input
                id="link-user"
                required
                value={userId}
                onChange={(e) => setUserId(e.target.value)}
                placeholder="The end user's id in your app"
              />
            </Field>
            <Button type="submit" variant="primary" loading={createLink.isPending}>
              Create link
            </Button>
          </form>
          <ErrorPanel error={createLink.error} feature="Connect Links" />
        </section>
        {link && (
          <div
            className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
            data-testid="reconnect-result"
          >
            <p>{link.note}</p>
            {link.url && (
              <div className="flex items-center gap-2">
                <code className="min-w-0 flex-1 truncate rounded bg-zinc-50 px-2 py-1 font-mono text-xs dark:bg-zinc-950">
                  {link.url}
                </code>
                <CopyButton value={link.url} />
              </div>
            )}
          </div>
        )}
      </div>
    </Dialog>
  );
}
