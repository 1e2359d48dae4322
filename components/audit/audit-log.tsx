'use client';
import { useState } from 'react';
import { useV3 } from '@/lib/dashboard/client/hooks';
import { Button } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/field';
import { Badge } from '@/components/ui/badge';
import { TableSkeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Time } from '@/components/ui/json-view';

interface Entry {
  id: string;
  action: string;
  actor: string;
  actor_type: string;
  target: string | null;
  outcome: 'success' | 'failure';
  ip: string | null;
  project_id: string | null;
  detail: Record<string, string | number | boolean | null>;
  created_at: string;
}
interface Page {
  items: Entry[];
  next_cursor: string | null;
}

const ACTIONS = [
  'dashboard.sign_in',
  'dashboard.setup',
  'connected_account.reveal_secrets',
  'api_key.create',
  'api_key.revoke',
  'member.create',
  'webhook_subscription.rotate_secret',
  'auth_config.create',
  'auth_config.update',
  'auth_config.delete',
  'connected_account.create',
  'connected_account.update',
  'connected_account.delete',
  'connection.add',
  'connection.remove',
];

/** The organization's audit log (GET /org/audit_log with the connection's org key), newest first. */
export function AuditLog() {
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  // cursors of the pages before the current one, for "Newer"
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  const q = useV3<Page>('/org/audit_log', { action, actor, cursor, limit: 50 }, { placeholderData: (prev) => prev });
  const reset = () => setCursors([]);

  return (
    <Card>
      <div className="flex flex-wrap items-end gap-3 border-b border-zinc-200 p-3 dark:border-zinc-800" role="search">
        <div>
          <label htmlFor="audit-action" className="mb-1 block text-xs text-zinc-600 dark:text-zinc-400">
            Action
          </label>
          <Select
            id="audit-action"
            className="w-64"
            value={action}
            onChange={(e) => {
              setAction(e.target.value);
              reset();
            }}
          >
            <option value="">All actions</option>
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="audit-actor" className="mb-1 block text-xs text-zinc-600 dark:text-zinc-400">
            Actor (email or key hint)
          </label>
          <Input
            id="audit-actor"
            className="w-64"
            defaultValue={actor}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                setActor(e.currentTarget.value.trim());
                reset();
              }
            }}
            onBlur={(e) => {
              if (e.currentTarget.value.trim() !== actor) {
                setActor(e.currentTarget.value.trim());
                reset();
              }
            }}
          />
        </div>
      </div>
      {q.isPending ? (
        <TableSkeleton rows={6} cols={6} />
      ) : q.isError ? (
        <div className="p-4">
          <ErrorPanel
            error={q.error}
            feature="the audit log (GET /org/audit_log, organization key)"
            onRetry={() => q.refetch()}
          />
        </div>
      ) : q.data.items.length === 0 ? (
        <EmptyState title="No audit entries">
          Sign-ins, key changes, secret reveals and configuration changes appear here.
        </EmptyState>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm" data-testid="audit-table">
            <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th className="px-4 py-2 font-medium">When</th>
                <th className="px-2 py-2 font-medium">Action</th>
                <th className="px-2 py-2 font-medium">Outcome</th>
                <th className="px-2 py-2 font-medium">Actor</th>
                <th className="hidden px-2 py-2 font-medium md:table-cell">Target</th>
                <th className="hidden px-2 py-2 font-medium lg:table-cell">Address</th>
              </tr>
            </thead>
            <tbody>
              {q.data.items.map((e) => (
                <tr key={e.id} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/70">
                  <td className="whitespace-nowrap px-4 py-2 text-xs">
                    <Time iso={e.created_at} />
                  </td>
                  <td className="px-2 py-2 font-mono text-xs">
                    {e.action}
                    {Object.keys(e.detail).length > 0 && (
                      <div className="text-zinc-600 dark:text-zinc-400">
                        {Object.entries(e.detail)
                          .map(([k, v]) => `${k}: ${v}`)
                          .join(' · ')}
                      </div>
                    )}
                  </td>
                  <td className="px-2 py-2">
                    <Badge tone={e.outcome === 'success' ? 'green' : 'red'}>{e.outcome}</Badge>
                  </td>
                  <td className="px-2 py-2 text-xs">
                    <span className="font-mono">{e.actor}</span>
                    <div className="text-zinc-600 dark:text-zinc-400">{e.actor_type}</div>
                  </td>
                  <td className="hidden px-2 py-2 font-mono text-xs md:table-cell">{e.target ?? '—'}</td>
                  <td className="hidden px-2 py-2 font-mono text-xs lg:table-cell">{e.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex justify-end gap-2 border-t border-zinc-200 p-3 dark:border-zinc-800">
        <Button
          size="sm"
          variant="ghost"
          disabled={cursors.length === 0}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          Newer
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={!q.data?.next_cursor}
          onClick={() => q.data?.next_cursor && setCursors((c) => [...c, q.data!.next_cursor!])}
        >
          Older
        </Button>
      </div>
    </Card>
  );
}
