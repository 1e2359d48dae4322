'use client';
import { useState } from 'react';
import { useV3, useV3Mutation } from '@/lib/dashboard/client/hooks';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { Field, Input, Select } from '@/components/ui/field';
import { Time } from '@/components/ui/json-view';

interface ConsentLink {
  id: string;
  consent_url: string;
  resource: string;
  user_id: string;
  expires_at: string;
}

interface ListedLink {
  id: string;
  resource: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  status: 'active' | 'expired' | 'revoked';
  opened_at: string | null;
  last_used_at: string | null;
}

const LINKS_PATH = '/mcp_oauth/consent_links';

const VALID_FOR: [seconds: number, label: string][] = [
  [3600, '1 hour'],
  [86_400, '1 day'],
  [7 * 86_400, '7 days'],
];

/**
 * An approval link (POST /mcp_oauth/consent_links) lets the end user behind one MCP URL approve
 * their own MCP client, instead of a dashboard admin. The link is not a secret key, but whoever
 * holds it can approve clients for that URL until it expires or is revoked, so it is sent to
 * that user only. The project's active links are listed under the form, each with Revoke.
 */
export function ApprovalLink() {
  const [resource, setResource] = useState('');
  const [validFor, setValidFor] = useState(3600);
  const [made, setMade] = useState<ConsentLink | null>(null);
  const create = useV3Mutation<{ resource: string; expires_in_seconds: number }, ConsentLink>({
    request: (body) => ({ path: LINKS_PATH, method: 'POST', body }),
    invalidate: [LINKS_PATH],
    success: 'Approval link created',
    onSuccess: (r) => setMade(r),
  });
  return (
    <Card aria-labelledby="approval-link-h">
      <CardHeader
        id="approval-link-h"
        title="Approval link for an end user"
        description="Send it to the user behind an MCP URL: their MCP client's sign-in then asks them, not an admin."
      />
      <form
        className="flex flex-wrap items-end gap-2 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          setMade(null);
          create.mutate({ resource: resource.trim(), expires_in_seconds: validFor });
        }}
      >
        <Field label="MCP URL" htmlFor="approval-resource" className="min-w-64 flex-1">
          <Input
            id="approval-resource"
            value={resource}
            onChange={(e) => setResource(e.target.value)}
            placeholder="https://…/mcp/…"
            required
          />
        </Field>
        <Field label="Valid for" htmlFor="approval-valid-for">
          <Select id="approval-valid-for" value={validFor} onChange={(e) => setValidFor(Number(e.target.value))}>
            {VALID_FOR.map(([s, label]) => (
              <option key={s} value={s}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="primary" loading={create.isPending}>
          Create link
        </Button>
      </form>
      {made && (
        <div className="space-y-2 border-t border-zinc-200 p-4 text-sm dark:border-zinc-800">
          <p>
            For user <code className="font-mono text-xs">{made.user_id}</code>, until <Time iso={made.expires_at} />.
          </p>
          <div className="flex items-center gap-2">
            <code data-testid="approval-link" className="min-w-0 flex-1 truncate font-mono text-xs">
              {made.consent_url}
            </code>
            <CopyButton value={made.consent_url} />
          </div>
        </div>
      )}
      <ActiveLinks onRevoked={(id) => setMade((m) => (m?.id === id ? null : m))} />
    </Card>
  );
}

/** The project's links that still work (GET /mcp_oauth/consent_links?statuses=active), with revocation. */
function ActiveLinks({ onRevoked }: { onRevoked: (id: string) => void }) {
  const q = useV3<{ items: ListedLink[]; total_items: number }>(LINKS_PATH, { statuses: 'active', limit: 50 });
  const [revoking, setRevoking] = useState<ListedLink | null>(null);
  const revoke = useV3Mutation<string>({
    request: (id) => ({ path: `${LINKS_PATH}/${encodeURIComponent(id)}`, method: 'DELETE' }),
    invalidate: [LINKS_PATH],
    success: 'Approval link revoked',
    onSuccess: (_, id) => {
      setRevoking(null);
      onRevoked(id);
    },
  });
  return (
    <section aria-labelledby="approval-links-h" className="border-t border-zinc-200 dark:border-zinc-800">
      <h3 id="approval-links-h" className="px-4 pt-3 text-xs font-semibold">
        Active links
      </h3>
      {q.isError ? (
        <ErrorPanel
          error={q.error}
          feature="approval links (GET /mcp_oauth/consent_links)"
          onRetry={() => q.refetch()}
        />
      ) : q.isPending ? (
        <TableSkeleton rows={2} cols={3} />
      ) : q.data.items.length === 0 ? (
        <p className="px-4 pt-1 pb-3 text-sm text-zinc-600 dark:text-zinc-400">No approval link is active.</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm" data-testid="approval-links" aria-labelledby="approval-links-h">
            <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th className="px-4 py-2 font-medium">User</th>
                <th className="px-2 py-2 font-medium">MCP URL</th>
                <th className="px-2 py-2 font-medium">Expires</th>
                <th className="hidden px-2 py-2 font-medium sm:table-cell">Opened</th>
                <th className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data.items.map((l) => (
                <tr key={l.id} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/70">
                  <td className="px-4 py-2 font-mono text-xs">{l.user_id}</td>
                  <td className="max-w-80 truncate px-2 py-2 font-mono text-xs" title={l.resource}>
                    {l.resource}
                  </td>
                  <td className="px-2 py-2 text-xs">
                    <Time iso={l.expires_at} />
                  </td>
                  <td className="hidden px-2 py-2 text-xs sm:table-cell">
                    <Time iso={l.opened_at} />
                  </td>
                  <td className="px-4 py-2 text-right">
                    <Button size="sm" variant="ghost" onClick={() => setRevoking(l)}>
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {q.data.total_items > q.data.items.length && (
            <p className="px-4 py-2 text-xs text-zinc-600 dark:text-zinc-400">
              Showing the newest {q.data.items.length} of {q.data.total_items}; the API lists them all.
            </p>
          )}
        </div>
      )}
      <ConfirmDialog
        open={!!revoking}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoke.mutate(revoking!.id)}
        loading={revoke.isPending}
        danger
        confirmLabel="Revoke link"
        title="Revoke this approval link?"
      >
        The link for {revoking?.user_id} on {revoking?.resource} stops working at once, also in a browser that already
        opened it. Clients already approved through it keep their access: revoke those under Authorized clients.
      </ConfirmDialog>
    </section>
  );
}
