'use client';
import { useState } from 'react';
import { useV3, useV3Mutation } from '@/lib/dashboard/client/hooks';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, EmptyState } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { TableSkeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Time } from '@/components/ui/json-view';

export interface McpClientView {
  client_id: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  kind: string;
}
interface AuthorizedClient {
  id: string;
  client: McpClientView;
  user_id: string;
  resource: string;
  scope: string;
  created_at: string;
  last_used_at: string | null;
}

export const clientLabel = (c: McpClientView) => c.client_name || c.client_id;

/** The project's OAuth-authorized MCP clients (GET /mcp_oauth/authorized_clients), with revocation. */
export function AuthorizedClients() {
  const q = useV3<{ items: AuthorizedClient[] }>('/mcp_oauth/authorized_clients');
  const [revoking, setRevoking] = useState<AuthorizedClient | null>(null);
  const revoke = useV3Mutation<string>({
    request: (id) => ({ path: `/mcp_oauth/authorized_clients/${encodeURIComponent(id)}`, method: 'DELETE' }),
    invalidate: ['/mcp_oauth/authorized_clients'],
    success: 'Access revoked',
    onSuccess: () => setRevoking(null),
  });
  if (q.isError)
    return (
      <ErrorPanel
        error={q.error}
        feature="authorized MCP clients (GET /mcp_oauth/authorized_clients)"
        onRetry={() => q.refetch()}
      />
    );
  return (
    <Card aria-labelledby="authorized-h">
      <CardHeader
        id="authorized-h"
        title="Authorized clients"
        description="MCP clients an admin approved through OAuth. Each one may use one MCP URL for one user."
      />
      {q.isPending ? (
        <TableSkeleton rows={3} cols={4} />
      ) : q.data.items.length === 0 ? (
        <EmptyState title="No authorized clients">
          An MCP client given an MCP URL without a key asks for approval here.
        </EmptyState>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm" data-testid="authorized-clients">
            <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th className="px-4 py-2 font-medium">Client</th>
                <th className="px-2 py-2 font-medium">User</th>
                <th className="px-2 py-2 font-medium">MCP URL</th>
                <th className="hidden px-2 py-2 font-medium sm:table-cell">Approved</th>
                <th className="px-2 py-2 font-medium">Last used</th>
                <th className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data.items.map((g) => (
                <tr key={g.id} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/70">
                  <td className="px-4 py-2">
                    {clientLabel(g.client)}
                    <div className="max-w-64 truncate font-mono text-xs text-zinc-600 dark:text-zinc-400">
                      {g.client.client_id}
                    </div>
                  </td>
                  <td className="px-2 py-2 font-mono text-xs">{g.user_id}</td>
                  <td className="max-w-80 truncate px-2 py-2 font-mono text-xs" title={g.resource}>
                    {g.resource}
                  </td>
                  <td className="hidden px-2 py-2 text-xs sm:table-cell">
                    <Time iso={g.created_at} />
                  </td>
                  <td className="px-2 py-2 text-xs">
                    <Time iso={g.last_used_at} />
                  </td>
                  <td className="px-4 py-2 text-right">
                    <Button size="sm" variant="ghost" onClick={() => setRevoking(g)}>
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={!!revoking}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoke.mutate(revoking!.id)}
        loading={revoke.isPending}
        danger
        confirmLabel="Revoke access"
        title="Revoke this client's access?"
      >
        “{revoking ? clientLabel(revoking.client) : ''}” loses access to {revoking?.resource} at once; its access and
        refresh tokens stop working.
      </ConfirmDialog>
    </Card>
  );
}
