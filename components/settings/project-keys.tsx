'use client';
import { useState } from 'react';
import { useV3, useV3Mutation } from '@/lib/dashboard/client/hooks';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, DescriptionList, EmptyState } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { ConfirmDialog } from '@/components/ui/dialog';
import { OnceSecret } from '@/components/ui/copy-button';
import { TableSkeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Time } from '@/components/ui/json-view';

interface Key {
  id: string;
  name: string;
  hint: string;
  created_at: string;
  last_used_at: string | null;
}
interface Current {
  id: string;
  name: string;
  org_id: string;
  api_keys: Key[];
}

export function ProjectKeys() {
  const q = useV3<Current>('/org/project/current');
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<Key | null>(null);
  const create = useV3Mutation<string, { id: string; name: string; key: string }>({
    // Keys are managed with the organization key: a project key may not mint or revoke keys.
    request: (n) => ({ path: `/org/owner/project/${q.data?.id}/api_keys`, method: 'POST', body: { name: n } }),
    invalidate: ['/org/project/current'],
    success: (r) => `Created key “${r.name}”`,
    onSuccess: (r) => {
      setCreated({ name: r.name, key: r.key });
      setName('');
    },
  });
  const revoke = useV3Mutation<string>({
    request: (id) => ({ path: `/org/owner/project/${q.data?.id}/api_keys/${id}`, method: 'DELETE' }),
    invalidate: ['/org/project/current'],
    success: 'Key revoked',
    onSuccess: () => setRevoking(null),
  });

  if (q.isError)
    return (
      <ErrorPanel
        error={q.error}
        feature="project and key management (GET /org/project/current)"
        onRetry={() => q.refetch()}
      />
    );
  return (
    <div className="space-y-6">
      <Card aria-labelledby="project-h">
        <CardHeader id="project-h" title="Project" />
        {q.isPending ? (
          <TableSkeleton rows={3} cols={2} />
        ) : (
          <DescriptionList
            items={[
              ['Name', q.data.name],
              [
                'Project id',
                <code key="p" className="font-mono text-xs">
                  {q.data.id}
                </code>,
              ],
              [
                'Organization id',
                <code key="o" className="font-mono text-xs">
                  {q.data.org_id}
                </code>,
              ],
            ]}
          />
        )}
      </Card>
      <Card aria-labelledby="keys-h">
        <CardHeader id="keys-h" title="API keys" description="Keys are stored as hashes; a new key is shown once." />
        <form
          className="flex flex-wrap items-end gap-2 border-b border-zinc-200 p-4 dark:border-zinc-800"
          onSubmit={(e) => {
            e.preventDefault();
            if (!q.data) return;
            create.mutate(name.trim() || 'default');
          }}
        >
          <Field label="New key name" htmlFor="key-name" className="min-w-48 flex-1">
            <Input
              id="key-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. production backend"
              maxLength={100}
            />
          </Field>
          {/* Until the project is known there is no path to create the key under. */}
          <Button type="submit" variant="primary" loading={create.isPending} disabled={!q.data}>
            Create key
          </Button>
        </form>
        {created && (
          <div className="border-b border-zinc-200 p-4 dark:border-zinc-800">
            <OnceSecret
              value={created.key}
              note={`Key “${created.name}” — shown only now. Copy it and store it somewhere safe.`}
            />
          </div>
        )}
        {q.isPending ? (
          <TableSkeleton rows={3} cols={4} />
        ) : q.data.api_keys.length === 0 ? (
          <EmptyState title="No keys" />
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-sm" data-testid="keys-table">
              <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
                <tr className="border-b border-zinc-200 dark:border-zinc-800">
                  <th className="px-4 py-2 font-medium">Name</th>
                  <th className="px-2 py-2 font-medium">Key</th>
                  <th className="hidden px-2 py-2 font-medium sm:table-cell">Created</th>
                  <th className="hidden px-2 py-2 font-medium sm:table-cell">Last used</th>
                  <th className="px-4 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {q.data.api_keys.map((k) => (
                  <tr key={k.id} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/70">
                    <td className="px-4 py-2">
                      {k.name}
                      <div className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{k.id}</div>
                    </td>
                    <td className="px-2 py-2 font-mono text-xs">{k.hint}</td>
                    <td className="hidden px-2 py-2 text-xs sm:table-cell">
                      <Time iso={k.created_at} />
                    </td>
                    <td className="hidden px-2 py-2 text-xs sm:table-cell">
                      <Time iso={k.last_used_at} />
                    </td>
                    <td className="px-4 py-2 text-right">
                      <Button size="sm" variant="ghost" onClick={() => setRevoking(k)}>
                        Revoke
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <ConfirmDialog
        open={!!revoking}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoke.mutate(revoking!.id)}
        loading={revoke.isPending}
        danger
        confirmLabel="Revoke key"
        title="Revoke this key?"
      >
        Requests with “{revoking?.name}” ({revoking?.hint}) will fail within seconds. Revoking the key this dashboard
        connection uses breaks the connection.
      </ConfirmDialog>
    </div>
  );
}
