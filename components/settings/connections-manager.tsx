'use client';
import { useActionState, useEffect, useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import type { ConnectionInfo } from '@/lib/dashboard/connections';
import {
  addConnectionAction,
  removeConnectionAction,
  switchConnectionAction,
  testConnectionAction,
  type TestResult,
} from '@/lib/dashboard/actions/connections';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, EmptyState } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Field, Input } from '@/components/ui/field';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Time } from '@/components/ui/json-view';
import { useToast } from '@/components/ui/toast';

export function ConnectionsManager({ connections, activeId }: { connections: ConnectionInfo[]; activeId?: string }) {
  const [tests, setTests] = useState<Record<string, TestResult | 'pending'>>({});
  const [removing, setRemoving] = useState<ConnectionInfo | null>(null);
  const [pending, start] = useTransition();
  const toast = useToast();
  const router = useRouter();

  return (
    <div className="space-y-6">
      <Card aria-labelledby="conns-h">
        <CardHeader id="conns-h" title="Connections" />
        {connections.length === 0 ? (
          <EmptyState title="No connections">Add the base URL and a project API key of a v3 server below.</EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {connections.map((c) => {
              const t = tests[c.id];
              return (
                <li
                  key={c.id}
                  className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm"
                  data-testid="connection-row"
                >
                  <div className="min-w-0">
                    <p className="font-medium">
                      {c.name} {c.id === activeId && <Badge tone="green">In use</Badge>}{' '}
                      {c.isDefault && <Badge>Built-in</Badge>}
                    </p>
                    <p className="text-xs text-zinc-600 dark:text-zinc-400">
                      {c.baseUrl} · key {c.keyHint}
                      {c.orgKeyHint ? ` · org key ${c.orgKeyHint}` : ''} · added <Time iso={c.createdAt} />
                    </p>
                    {t && t !== 'pending' && (
                      <p
                        role="status"
                        className={`mt-1 text-xs ${t.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}
                        data-testid="connection-test"
                      >
                        {t.message}
                        {t.suggestedFix ? ` — ${t.suggestedFix}` : ''}
                      </p>
                    )}
                  </div>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      loading={t === 'pending'}
                      onClick={async () => {
                        setTests((s) => ({ ...s, [c.id]: 'pending' }));
                        const r = await testConnectionAction(c.id);
                        setTests((s) => ({ ...s, [c.id]: r }));
                      }}
                    >
                      Test
                    </Button>
                    {c.id !== activeId && (
                      <Button
                        size="sm"
                        disabled={pending}
                        onClick={() =>
                          start(async () => {
                            await switchConnectionAction(c.id);
                            window.location.assign('/');
                          })
                        }
                      >
                        Use
                      </Button>
                    )}
                    <Button size="sm" variant="ghost" onClick={() => setRemoving(c)}>
                      Remove
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      <AddConnection />
      <ConfirmDialog
        open={!!removing}
        onClose={() => setRemoving(null)}
        danger
        confirmLabel="Remove"
        title="Remove this connection?"
        onConfirm={() =>
          start(async () => {
            const r = await removeConnectionAction(removing!.id);
            setRemoving(null);
            (r.ok ? toast.success : toast.error)(r.message);
            router.refresh();
          })
        }
      >
        The dashboard forgets “{removing?.name}” and its stored key. The server and its data are not affected.
      </ConfirmDialog>
    </div>
  );
}

function AddConnection() {
  const [state, action, pending] = useActionState(addConnectionAction, {});
  const [, startTransition] = useTransition();
  const form = useRef<HTMLFormElement>(null);
  const toast = useToast();
  useEffect(() => {
    if (state.ok) {
      toast.success(state.message ?? 'Connection added');
      form.current?.reset();
    }
  }, [state, toast]);
  const f = state.fields ?? {};
  return (
    <Card aria-labelledby="add-conn-h">
      <CardHeader
        id="add-conn-h"
        title="Add a connection"
        description="The connection is tested (GET /api/v3/org/project/current) before it is saved."
      />
      {/* Submitted by hand, not through `action`: React resets an action form after every submit, and a
          failed test must leave what the operator typed in place. */}
      <form
        ref={form}
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          startTransition(() => action(data));
        }}
        className="grid gap-4 p-4 sm:grid-cols-3"
      >
        <Field label="Name" htmlFor="conn-name" error={f.name}>
          <Input id="conn-name" name="name" required placeholder="Staging" />
        </Field>
        <Field label="Base URL" htmlFor="conn-url" error={f.baseUrl}>
          <Input id="conn-url" name="baseUrl" type="url" required placeholder="https://junction.example.com" />
        </Field>
        <Field label="Project API key" htmlFor="conn-key" error={f.apiKey}>
          <Input id="conn-key" name="apiKey" type="password" required autoComplete="off" />
        </Field>
        <Field
          label="Organization key (optional: key management, audit log)"
          htmlFor="conn-org-key"
          error={f.orgApiKey}
        >
          <Input id="conn-org-key" name="orgApiKey" type="password" autoComplete="off" />
        </Field>
        <div className="flex items-center gap-3 sm:col-span-3">
          <Button type="submit" variant="primary" loading={pending}>
            Test and add
          </Button>
          <p aria-live="polite" className="text-sm text-red-700 dark:text-red-400">
            {state.error}
          </p>
        </div>
      </form>
    </Card>
  );
}
