'use client';
import { useState } from 'react';
import { useV3, useV3Mutation } from '@/lib/dashboard/client/hooks';
import { paths } from '@/lib/dashboard/client/paths';
import type { List } from '@/lib/dashboard/types';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, DescriptionList, EmptyState } from '@/components/ui/card';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Field, Input, Select } from '@/components/ui/field';
import { Skeleton, TableSkeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { OnceSecret } from '@/components/ui/copy-button';
import { JsonView, Time } from '@/components/ui/json-view';

interface Subscription {
  id: string;
  webhook_url: string;
  version: 'V1' | 'V2' | 'V3';
  enabled_events: string[];
  created_at: string;
  updated_at: string;
  status?: 'enabled' | 'disabled';
  disabled_reason?: string | null;
  secret_rotated_at?: string | null;
  previous_secret_expires_at?: string | null;
}
interface EventType {
  event_type: string;
  description: string;
  supported_versions: string[];
}
interface Attempt {
  attempt: number;
  trigger: string;
  created_at: string;
  status_code: number | null;
  duration_ms: number;
  success: boolean;
  error: string | null;
  response_excerpt: string | null;
}
interface Delivery {
  id: string;
  event_type: string;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  delivered_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  payload: unknown;
  attempts: Attempt[];
}

export function WebhooksPage() {
  const subs = useV3<List<Subscription>>(paths.webhookSubscriptions, { limit: 1 });
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  if (subs.isPending) return <Skeleton className="h-48" loading />;
  if (subs.isError)
    return <ErrorPanel error={subs.error} feature="webhook subscriptions" onRetry={() => subs.refetch()} />;
  const sub = subs.data.items[0];
  return (
    <div className="space-y-6">
      {secret && (
        <Card className="p-4">
          <OnceSecret
            value={secret.value}
            note={
              secret.rotated
                ? 'New signing secret — shown only now. During the overlap window (24 hours by default) deliveries carry signatures from both the new and the previous secret, so receivers can switch without dropping events; after it, only the new secret signs.'
                : 'Signing secret — shown only now. Receivers verify the webhook-signature header with it.'
            }
          />
        </Card>
      )}
      {sub ? (
        <SubscriptionCard sub={sub} onSecret={setSecret} />
      ) : (
        <CreateSubscription onCreated={(s) => setSecret({ value: s, rotated: false })} />
      )}
      {sub && <Deliveries subId={sub.id} />}
    </div>
  );
}

function EventPicker({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const types = useV3<{ items: EventType[] }>(paths.webhookEventTypes);
  const items = types.data?.items ?? [
    { event_type: 'composio.trigger.message', description: 'A trigger fired', supported_versions: ['V1', 'V2', 'V3'] },
  ];
  return (
    <fieldset className="space-y-1.5">
      <legend className="mb-1 text-sm font-medium">Events</legend>
      {items.map((t) => (
        <label key={t.event_type} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1"
            checked={value.includes(t.event_type)}
            onChange={(e) =>
              onChange(e.target.checked ? [...value, t.event_type] : value.filter((x) => x !== t.event_type))
            }
          />
          <span className="min-w-0">
            <code className="font-mono text-xs [overflow-wrap:anywhere]">{t.event_type}</code>
            <span className="block text-xs text-zinc-600 dark:text-zinc-400">
              {t.description} ({t.supported_versions.join(', ')})
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function SubscriptionForm({
  initial,
  submitLabel,
  loading,
  onSubmit,
}: {
  initial: Pick<Subscription, 'webhook_url' | 'version' | 'enabled_events'>;
  submitLabel: string;
  loading: boolean;
  onSubmit: (v: Pick<Subscription, 'webhook_url' | 'version' | 'enabled_events'>) => void;
}) {
  const [url, setUrl] = useState(initial.webhook_url);
  const [version, setVersion] = useState(initial.version);
  const [events, setEvents] = useState(initial.enabled_events);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ webhook_url: url.trim(), version, enabled_events: events });
      }}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field label="Endpoint URL" htmlFor="wh-url">
          <Input
            id="wh-url"
            type="url"
            required
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://example.com/webhooks/junction"
          />
        </Field>
        <Field label="Payload version" htmlFor="wh-version">
          <Select
            id="wh-version"
            value={version}
            onChange={(e) => setVersion(e.target.value as Subscription['version'])}
          >
            {['V3', 'V2', 'V1'].map((v) => (
              <option key={v}>{v}</option>
            ))}
          </Select>
        </Field>
      </div>
      <EventPicker value={events} onChange={setEvents} />
      <Button type="submit" variant="primary" loading={loading} disabled={events.length === 0}>
        {submitLabel}
      </Button>
    </form>
  );
}

function CreateSubscription({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useV3Mutation<
    Pick<Subscription, 'webhook_url' | 'version' | 'enabled_events'>,
    Subscription & { secret: string }
  >({
    request: (body) => ({ path: paths.webhookSubscriptions, method: 'POST', body }),
    invalidate: [paths.webhookSubscriptions],
    success: 'Webhook subscription created',
    onSuccess: (r) => onCreated(r.secret),
    silent: true,
  });
  return (
    <Card aria-labelledby="wh-create-h">
      <CardHeader
        id="wh-create-h"
        title="No webhook subscription yet"
        description="Each project has one. Events are POSTed to it, signed with a secret you get once."
      />
      <div className="space-y-4 p-4">
        <SubscriptionForm
          initial={{ webhook_url: '', version: 'V3', enabled_events: ['composio.trigger.message'] }}
          submitLabel="Create subscription"
          loading={create.isPending}
          onSubmit={(v) => create.mutate(v)}
        />
        <ErrorPanel error={create.error} />
      </div>
    </Card>
  );
}

function SubscriptionCard({
  sub,
  onSecret,
}: {
  sub: Subscription;
  onSecret: (s: { value: string; rotated: boolean }) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  const [test, setTest] = useState<unknown>(null);
  const update = useV3Mutation<Partial<Subscription> & { enabled?: boolean }>({
    request: (body) => ({ path: paths.webhookSubscription(sub.id), method: 'PATCH', body }),
    invalidate: [paths.webhookSubscriptions],
    success: 'Subscription saved',
    onSuccess: () => setEditing(false),
  });
  const rotate = useV3Mutation<void, { secret: string }>({
    request: () => ({ path: paths.webhookRotate(sub.id), method: 'POST' }),
    invalidate: [paths.webhookSubscriptions],
    success: 'Secret rotated',
    onSuccess: (r) => {
      setConfirm(null);
      onSecret({ value: r.secret, rotated: true });
    },
  });
  const del = useV3Mutation<void>({
    request: () => ({ path: paths.webhookSubscription(sub.id), method: 'DELETE' }),
    invalidate: [paths.webhookSubscriptions],
    success: 'Subscription deleted',
    onSuccess: () => setConfirm(null),
  });
  const sendTest = useV3Mutation<
    void,
    { items: Array<{ message_id: string; status: string; attempt: Attempt | null }> }
  >({
    request: () => ({ path: paths.webhookTest(sub.id), method: 'POST', body: {} }),
    invalidate: [paths.webhookSubscriptions],
    success: (r) =>
      r.items[0]?.attempt?.success ? `Test event delivered (HTTP ${r.items[0].attempt.status_code})` : undefined,
    onSuccess: (r) => setTest(r),
  });
  const overlap = sub.previous_secret_expires_at && new Date(sub.previous_secret_expires_at).getTime() > Date.now();
  return (
    <Card aria-labelledby="wh-sub-h">
      <CardHeader
        id="wh-sub-h"
        title="Subscription"
        description={<span className="font-mono">{sub.id}</span>}
        actions={
          <>
            <Button size="sm" onClick={() => sendTest.mutate()} loading={sendTest.isPending}>
              Send test event
            </Button>
            <Button size="sm" onClick={() => setEditing(!editing)}>
              {editing ? 'Cancel' : 'Edit'}
            </Button>
            <Button size="sm" onClick={() => setConfirm('rotate')}>
              Rotate secret
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirm('delete')}>
              Delete
            </Button>
          </>
        }
      />
      {editing ? (
        <div className="p-4">
          <SubscriptionForm
            initial={sub}
            submitLabel="Save"
            loading={update.isPending}
            onSubmit={(v) => update.mutate(v)}
          />
        </div>
      ) : (
        <DescriptionList
          items={[
            [
              'Endpoint',
              <code key="u" className="font-mono text-xs break-all">
                {sub.webhook_url}
              </code>,
            ],
            [
              'Status',
              sub.status ? (
                <span key="s" className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={sub.status === 'enabled' ? 'ENABLED' : 'DISABLED'} />
                  {sub.disabled_reason}
                  {sub.status === 'disabled' && (
                    <Button size="sm" onClick={() => update.mutate({ enabled: true })}>
                      Re-enable
                    </Button>
                  )}
                </span>
              ) : (
                '—'
              ),
            ],
            ['Version', sub.version],
            [
              'Events',
              <span key="e" className="flex flex-wrap gap-1">
                {sub.enabled_events.map((e) => (
                  <Badge key={e} className="max-w-full whitespace-normal! [overflow-wrap:anywhere]">
                    {e}
                  </Badge>
                ))}
              </span>,
            ],
            [
              'Secret',
              <span key="sec" className="text-xs">
                Shown only when created or rotated.
                {sub.secret_rotated_at ? (
                  <>
                    {' '}
                    Last rotated <Time iso={sub.secret_rotated_at} />.
                  </>
                ) : null}
                {overlap ? (
                  <>
                    {' '}
                    The previous secret also signs until <Time iso={sub.previous_secret_expires_at} />.
                  </>
                ) : null}
              </span>,
            ],
            ['Created', <Time key="c" iso={sub.created_at} />],
          ]}
        />
      )}
      {(sendTest.error || test !== null) && (
        <div className="space-y-2 border-t border-zinc-200 p-4 dark:border-zinc-800" data-testid="webhook-test-result">
          <ErrorPanel error={sendTest.error} feature="test events" />
          {test !== null && (
            <>
              <p className="text-sm font-medium">Test result</p>
              <JsonView value={test} label="Test result" />
            </>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirm === 'rotate'}
        onClose={() => setConfirm(null)}
        onConfirm={() => rotate.mutate()}
        loading={rotate.isPending}
        confirmLabel="Rotate secret"
        title="Rotate the signing secret?"
      >
        A new secret is generated and shown once. For an overlap window (24 hours by default on Junction) every delivery
        is signed with both the new and the previous secret, so you can update your receiver without losing events.
        After the window only the new secret signs.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'delete'}
        onClose={() => setConfirm(null)}
        onConfirm={() => del.mutate()}
        loading={del.isPending}
        danger
        confirmLabel="Delete subscription"
        title="Delete the webhook subscription?"
      >
        Deliveries stop immediately. Pending retries are cancelled.
      </ConfirmDialog>
    </Card>
  );
}

function Deliveries({ subId }: { subId: string }) {
  const [status, setStatus] = useState('');
  const [cursor, setCursor] = useState<string | undefined>();
  const [open, setOpen] = useState<Delivery | null>(null);
  const q = useV3<List<Delivery>>(
    paths.webhookDeliveries(subId),
    { status: status || undefined, limit: 25, cursor },
    { placeholderData: (p) => p, refetchInterval: 15_000 },
  );
  const replay = useV3Mutation<string, Delivery>({
    request: (id) => ({ path: paths.webhookReplay(subId, id), method: 'POST' }),
    invalidate: [paths.webhookDeliveries(subId)],
    success: (d) => `Replayed ${d.id}: ${d.status}${d.last_status_code ? ` (HTTP ${d.last_status_code})` : ''}`,
  });
  return (
    <Card aria-labelledby="wh-del-h">
      <CardHeader
        id="wh-del-h"
        title="Deliveries"
        description="Every event sent to the endpoint, with its attempts. Refreshes every 15 s."
        actions={
          <>
            <label htmlFor="del-status" className="sr-only">
              Delivery status
            </label>
            <Select
              id="del-status"
              className="h-8 w-36 text-xs"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value);
                setCursor(undefined);
              }}
            >
              <option value="">All statuses</option>
              {['pending', 'delivering', 'delivered', 'failed', 'cancelled'].map((s) => (
                <option key={s}>{s}</option>
              ))}
            </Select>
          </>
        }
      />
      {q.isPending ? (
        <TableSkeleton />
      ) : q.isError ? (
        <div className="p-4">
          <ErrorPanel error={q.error} feature="the webhook delivery log" />
        </div>
      ) : q.data.items.length === 0 ? (
        <EmptyState title="No deliveries yet">Send a test event, or wait for a trigger to fire.</EmptyState>
      ) : (
        <div className="relative overflow-x-auto">
          {/* relative: the visually hidden header label is positioned absolutely; without a positioned scroll box it
              escapes the box at the wide table's right edge and makes the whole page scroll sideways on a phone */}
          <table className="w-full text-sm" data-testid="deliveries-table">
            <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th className="px-4 py-2 font-medium">Message</th>
                <th className="px-2 py-2 font-medium">Status</th>
                <th className="px-2 py-2 font-medium">Attempts</th>
                <th className="px-2 py-2 font-medium">Response</th>
                <th className="hidden px-2 py-2 font-medium sm:table-cell">Duration</th>
                <th className="hidden px-2 py-2 font-medium md:table-cell">Created</th>
                <th className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data.items.map((d) => {
                const last = d.attempts.at(-1);
                return (
                  <tr key={d.id} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/70">
                    <td className="px-4 py-2">
                      <button
                        type="button"
                        className="font-mono text-xs text-blue-700 hover:underline dark:text-blue-400"
                        onClick={() => setOpen(d)}
                      >
                        {d.id}
                      </button>
                      <div className="text-xs text-zinc-600 dark:text-zinc-400">{d.event_type}</div>
                    </td>
                    <td className="px-2 py-2">
                      <StatusBadge status={d.status} />
                    </td>
                    <td className="px-2 py-2 tabular-nums">{d.attempt_count}</td>
                    <td className="px-2 py-2 text-xs">
                      {d.last_status_code ?? '—'}
                      {d.last_error && (
                        <div className="max-w-48 truncate text-red-700 dark:text-red-400" title={d.last_error}>
                          {d.last_error}
                        </div>
                      )}
                    </td>
                    <td className="hidden px-2 py-2 text-xs tabular-nums sm:table-cell">
                      {last ? `${last.duration_ms} ms` : '—'}
                    </td>
                    <td className="hidden px-2 py-2 text-xs md:table-cell">
                      <Time iso={d.created_at} />
                    </td>
                    <td className="px-4 py-2 text-right">
                      <Button
                        size="sm"
                        variant="ghost"
                        loading={replay.isPending && replay.variables === d.id}
                        onClick={() => replay.mutate(d.id)}
                      >
                        Replay
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex justify-end gap-2 border-t border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <Button size="sm" disabled={!cursor} onClick={() => setCursor(undefined)}>
          First page
        </Button>
        <Button size="sm" disabled={!q.data?.next_cursor} onClick={() => setCursor(q.data!.next_cursor!)}>
          Next
        </Button>
      </div>
      <Dialog
        open={!!open}
        onClose={() => setOpen(null)}
        title={`Delivery ${open?.id ?? ''}`}
        wide
        footer={<Button onClick={() => setOpen(null)}>Close</Button>}
      >
        {open && (
          <div className="space-y-3">
            <ol className="space-y-1 text-xs">
              {open.attempts.map((a) => (
                <li key={a.attempt} className="flex flex-wrap gap-2">
                  <Badge tone={a.success ? 'green' : 'red'}>
                    #{a.attempt} {a.trigger}
                  </Badge>
                  <span>
                    {a.status_code ?? 'no response'} · {a.duration_ms} ms · <Time iso={a.created_at} />
                  </span>
                  {a.error && <span className="w-full text-red-700 dark:text-red-400">{a.error}</span>}
                </li>
              ))}
            </ol>
            <p className="text-xs font-medium">Payload</p>
            <JsonView value={open.payload} label="Payload" />
          </div>
        )}
      </Dialog>
    </Card>
  );
}
