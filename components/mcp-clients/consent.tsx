'use client';
import { useState } from 'react';
import { api } from '@/lib/dashboard/client/api';
import { useV3 } from '@/lib/dashboard/client/hooks';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, DescriptionList } from '@/components/ui/card';
import { TableSkeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Badge } from '@/components/ui/badge';
import { clientLabel, type McpClientView } from './authorized-clients';

interface RequestView {
  id: string;
  client: McpClientView;
  redirect_uri: string;
  resource: string;
  resource_kind: string;
  user_id: string;
  scope: string;
  expires_at: string;
}

/**
 * The consent step of MCP authorization: the admin sees who asks (the client and where the answer
 * goes), for which MCP URL and which user, and approves or denies. The decision is made with the
 * active connection's project key, so only a URL of that project can be approved.
 */
export function McpConsent({ requestId }: { requestId: string }) {
  const q = useV3<RequestView>(requestId ? `/mcp_oauth/requests/${encodeURIComponent(requestId)}` : null, undefined, {
    retry: false,
  });
  const [busy, setBusy] = useState<'approve' | 'deny' | null>(null);
  const [error, setError] = useState<Error | null>(null);

  const decide = async (choice: 'approve' | 'deny') => {
    setBusy(choice);
    setError(null);
    try {
      const r = await api<{ redirect_to: string }>(`/mcp_oauth/requests/${encodeURIComponent(requestId)}/${choice}`, {
        method: 'POST',
      });
      window.location.assign(r.redirect_to);
    } catch (err) {
      setError(err as Error);
      setBusy(null);
    }
  };

  if (!requestId)
    return (
      <ErrorPanel error={new Error("This page needs ?request=<id>: open it through an MCP client's sign-in link.")} />
    );
  if (q.isError)
    return (
      <ErrorPanel
        error={q.error}
        feature="MCP client authorization (the request may have expired, or its MCP URL belongs to another project than the active API connection)"
      />
    );
  if (q.isPending)
    return (
      <Card>
        <TableSkeleton rows={4} cols={2} />
      </Card>
    );
  const r = q.data;
  const redirectHost = (() => {
    try {
      return new URL(r.redirect_uri).host || r.redirect_uri;
    } catch {
      return r.redirect_uri;
    }
  })();
  return (
    <Card aria-labelledby="consent-h" className="max-w-2xl">
      <CardHeader
        id="consent-h"
        title={`Allow “${clientLabel(r.client)}” to use this MCP server?`}
        description="It will list and call the tools of this MCP URL with the user's connected accounts until you revoke it."
      />
      <DescriptionList
        items={[
          [
            'Client',
            <span key="c">
              {clientLabel(r.client)}{' '}
              <Badge tone="zinc">{r.client.kind === 'metadata_document' ? 'metadata document' : 'registered'}</Badge>
              <div className="break-all font-mono text-xs text-zinc-600 dark:text-zinc-400">{r.client.client_id}</div>
            </span>,
          ],
          [
            'Sends the answer to',
            <span key="r" className="break-all font-mono text-xs">
              {redirectHost}
            </span>,
          ],
          [
            'MCP URL',
            <span key="u" className="break-all font-mono text-xs">
              {r.resource}
            </span>,
          ],
          [
            'Acts for user',
            <span key="i" className="font-mono text-xs">
              {r.user_id}
            </span>,
          ],
        ]}
      />
      {error && (
        <div className="px-4 pb-2">
          <ErrorPanel error={error} />
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-200 p-4 dark:border-zinc-800">
        <Button onClick={() => decide('deny')} loading={busy === 'deny'} disabled={!!busy}>
          Deny
        </Button>
        <Button variant="primary" onClick={() => decide('approve')} loading={busy === 'approve'} disabled={!!busy}>
          Approve
        </Button>
      </div>
    </Card>
  );
}
