'use client';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useV3, useV3Mutation } from '@/lib/dashboard/client/hooks';
import type { AuthConfig, List } from '@/lib/dashboard/types';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, DescriptionList, EmptyState } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Field, Input, Textarea } from '@/components/ui/field';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Skeleton, TableSkeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { CopyButton } from '@/components/ui/copy-button';
import { Time } from '@/components/ui/json-view';

/** An MCP server as GET /mcp/{id} returns it. */
interface McpServer {
  id: string;
  name: string;
  toolkits: string[];
  auth_config_ids: string[];
  allowed_tools: string[];
  mcp_url: string;
  managed_auth_via_composio: boolean;
  server_instance_count: number;
  created_at: string;
  updated_at: string;
}
interface ServerList {
  items: McpServer[];
  current_page: number;
  total_pages: number;
}
interface Instance {
  id: string;
  instance_id: string;
  created_at: string;
  updated_at: string;
}

const splitList = (v: string) =>
  v
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export function McpServersPage() {
  const sp = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const selected = sp.get('server');
  const open = (id: string | null) => router.replace(id ? `${pathname}?server=${id}` : pathname, { scroll: false });
  return (
    <div className="space-y-6">
      <ServerList selected={selected} onOpen={open} />
      {selected ? (
        <ServerDetail key={selected} id={selected} onDeleted={() => open(null)} />
      ) : (
        <ServerForm onSaved={(s) => open(s.id)} />
      )}
    </div>
  );
}

function ServerList({ selected, onOpen }: { selected: string | null; onOpen: (id: string | null) => void }) {
  const q = useV3<ServerList>('/mcp/servers', { limit: 100 });
  if (q.isError)
    return <ErrorPanel error={q.error} feature="MCP servers (GET /mcp/servers)" onRetry={() => q.refetch()} />;
  return (
    <Card aria-labelledby="mcp-list-h">
      <CardHeader
        id="mcp-list-h"
        title="Servers"
        description="Each server is a named set of toolkits, auth configs and tools. Every user gets their own URL."
        actions={
          selected ? (
            <Button size="sm" onClick={() => onOpen(null)}>
              New server
            </Button>
          ) : undefined
        }
      />
      {q.isPending ? (
        <TableSkeleton rows={3} cols={4} />
      ) : q.data.items.length === 0 ? (
        <EmptyState title="No MCP servers yet">Create one below, then generate a URL for a user.</EmptyState>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm" data-testid="mcp-servers">
            <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th className="px-4 py-2 font-medium">Name</th>
                <th className="px-2 py-2 font-medium">Toolkits</th>
                <th className="px-2 py-2 font-medium">Tools</th>
                <th className="px-2 py-2 font-medium">Users</th>
                <th className="hidden px-2 py-2 font-medium sm:table-cell">Updated</th>
                <th className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data.items.map((s) => (
                <tr
                  key={s.id}
                  className="border-b border-zinc-100 last:border-0 dark:border-zinc-800"
                  aria-current={s.id === selected ? 'true' : undefined}
                >
                  <td className="px-4 py-2 font-medium">{s.name}</td>
                  <td className="px-2 py-2">
                    <span className="flex flex-wrap gap-1">
                      {s.toolkits.map((t) => (
                        <Badge key={t}>{t}</Badge>
                      ))}
                    </span>
                  </td>
                  <td className="px-2 py-2">{s.allowed_tools.length ? s.allowed_tools.length : 'all'}</td>
                  <td className="px-2 py-2">{s.server_instance_count}</td>
                  <td className="hidden px-2 py-2 sm:table-cell">
                    <Time iso={s.updated_at} />
                  </td>
                  <td className="px-4 py-2 text-right">
                    <Button size="sm" onClick={() => onOpen(s.id)} aria-label={`Open ${s.name}`}>
                      Open
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** Create (no `server`) or edit a server: name, toolkits, auth configs, allowed tools, connection tools. */
function ServerForm({ server, onSaved }: { server?: McpServer; onSaved: (s: McpServer) => void }) {
  const [name, setName] = useState(server?.name ?? '');
  const [toolkits, setToolkits] = useState(server?.toolkits.join(', ') ?? '');
  const [tools, setTools] = useState(server?.allowed_tools.join('\n') ?? '');
  const [authConfigIds, setAuthConfigIds] = useState<string[]>(server?.auth_config_ids ?? []);
  const [managed, setManaged] = useState(server?.managed_auth_via_composio ?? true);
  const acs = useV3<List<AuthConfig>>('/auth_configs', { limit: 200 });
  const prefix = server ? 'mcp-edit' : 'mcp-new';
  const save = useV3Mutation<void, McpServer>({
    request: () => {
      const body = {
        name: name.trim(),
        toolkits: splitList(toolkits).map((t) => t.toLowerCase()),
        auth_config_ids: authConfigIds,
        allowed_tools: splitList(tools).map((t) => t.toUpperCase()),
        managed_auth_via_composio: managed,
      };
      return server
        ? { path: `/mcp/${server.id}`, method: 'PATCH', body }
        : { path: '/mcp/servers/custom', method: 'POST', body };
    },
    invalidate: ['/mcp/'],
    success: (s) => (server ? `Saved ${s.name}` : `Created ${s.name}`),
    onSuccess: (s) => onSaved(s),
    silent: true,
  });
  const toggleAc = (id: string) =>
    setAuthConfigIds((cur) => (cur.includes(id) ? cur.filter((x) => x !== id) : [...cur, id]));
  return (
    <Card aria-labelledby={`${prefix}-h`}>
      <CardHeader id={`${prefix}-h`} title={server ? 'Edit server' : 'New server'} />
      <form
        className="grid gap-4 p-4 lg:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Field label="Name" htmlFor={`${prefix}-name`} hint="4–30 letters, digits, spaces or hyphens">
          <Input
            id={`${prefix}-name`}
            required
            minLength={4}
            maxLength={30}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Support agent"
          />
        </Field>
        <Field
          label="Toolkits (comma separated)"
          htmlFor={`${prefix}-toolkits`}
          hint="The auth configs' toolkits are added on their own"
        >
          <Input
            id={`${prefix}-toolkits`}
            value={toolkits}
            onChange={(e) => setToolkits(e.target.value)}
            placeholder="github, slack"
          />
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Auth configs</legend>
          {acs.isPending ? (
            <Skeleton className="h-16" loading />
          ) : acs.isError ? (
            <ErrorPanel error={acs.error} feature="auth configs" />
          ) : acs.data.items.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              No auth configs in this project.{' '}
              <Link className="underline" href="/auth-configs/new">
                Create one
              </Link>
              .
            </p>
          ) : (
            <ul className="max-h-48 space-y-1 overflow-y-auto text-sm" data-testid={`${prefix}-auth-configs`}>
              {acs.data.items.map((a) => (
                <li key={a.id}>
                  <label className="flex items-center gap-2">
                    <input type="checkbox" checked={authConfigIds.includes(a.id)} onChange={() => toggleAc(a.id)} />
                    <span>{a.name}</span>{' '}
                    <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">
                      {a.toolkit.slug} · {a.id}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <Field
          label="Allowed tools (one per line or comma separated; empty = every tool of the toolkits)"
          htmlFor={`${prefix}-tools`}
        >
          <Textarea
            id={`${prefix}-tools`}
            rows={4}
            value={tools}
            onChange={(e) => setTools(e.target.value)}
            placeholder="GITHUB_CREATE_AN_ISSUE"
          />
        </Field>
        <label className="flex items-center gap-2 text-sm lg:col-span-2">
          <input type="checkbox" checked={managed} onChange={(e) => setManaged(e.target.checked)} />
          Offer the connection tool (COMPOSIO_MANAGE_CONNECTIONS) so the agent can ask users to connect accounts
        </label>
        <div className="lg:col-span-2 space-y-3">
          <Button type="submit" variant="primary" loading={save.isPending}>
            {server ? 'Save changes' : 'Create server'}
          </Button>
          <ErrorPanel error={save.error} feature="MCP servers" />
        </div>
      </form>
    </Card>
  );
}

function ServerDetail({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const q = useV3<McpServer>(`/mcp/${id}`);
  const [confirm, setConfirm] = useState(false);
  const del = useV3Mutation<void>({
    request: () => ({ path: `/mcp/${id}`, method: 'DELETE' }),
    invalidate: ['/mcp/'],
    success: 'Server deleted',
    onSuccess: () => {
      setConfirm(false);
      onDeleted();
    },
  });
  if (q.isPending) return <Skeleton className="h-40" loading />;
  if (q.isError) return <ErrorPanel error={q.error} feature="MCP servers" onRetry={() => q.refetch()} />;
  const s = q.data;
  return (
    <div className="space-y-6" data-testid="mcp-server-detail">
      <Card aria-labelledby="mcp-detail-h">
        <CardHeader
          id="mcp-detail-h"
          title={s.name}
          description={<span className="font-mono text-xs">{s.id}</span>}
          actions={
            <Button size="sm" variant="danger" onClick={() => setConfirm(true)}>
              Delete
            </Button>
          }
        />
        <DescriptionList
          items={[
            ['Toolkits', s.toolkits.join(', ') || '—'],
            ['Auth configs', s.auth_config_ids.join(', ') || '—'],
            ['Allowed tools', s.allowed_tools.length ? s.allowed_tools.join(', ') : 'every tool of the toolkits'],
            [
              'Connection tool',
              s.managed_auth_via_composio ? 'offered' : 'not offered (accounts are connected by the developer)',
            ],
            ['Users', String(s.server_instance_count)],
          ]}
        />
      </Card>
      <GenerateUrl server={s} />
      <Instances id={s.id} />
      <Card aria-labelledby="mcp-oauth-h">
        <CardHeader
          id="mcp-oauth-h"
          title="Clients without an API key"
          description="MCP clients that connect through OAuth instead of x-api-key are approved and revoked under MCP clients."
        />
        <div className="p-4 text-sm">
          <Link className="underline" href="/mcp-clients">
            See authorized MCP clients
          </Link>
        </div>
      </Card>
      <ServerForm server={s} onSaved={() => q.refetch()} />
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        onConfirm={() => del.mutate()}
        title={`Delete ${s.name}?`}
        confirmLabel="Delete server"
        danger
        loading={del.isPending}
      >
        Every user URL of this server stops working. Connected accounts are kept.
      </ConfirmDialog>
    </div>
  );
}

function GenerateUrl({ server }: { server: McpServer }) {
  const [userId, setUserId] = useState('');
  const [url, setUrl] = useState<string | null>(null);
  const gen = useV3Mutation<void, { user_ids_url: string[] }>({
    request: () => ({
      path: '/mcp/servers/generate',
      method: 'POST',
      body: { mcp_server_id: server.id, user_ids: [userId.trim()] },
    }),
    invalidate: ['/mcp/'],
    success: 'URL generated',
    onSuccess: (r) => setUrl(r.user_ids_url[0] ?? null),
    silent: true,
  });
  return (
    <Card aria-labelledby="mcp-gen-h">
      <CardHeader
        id="mcp-gen-h"
        title="A user's URL"
        description="Streamable HTTP. Clients send the project key in x-api-key, or connect through OAuth."
      />
      <form
        className="space-y-3 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (userId.trim()) gen.mutate();
        }}
      >
        <div className="flex flex-wrap items-end gap-2">
          <Field label="User id" htmlFor="mcp-gen-user" className="min-w-64 flex-1">
            <Input
              id="mcp-gen-user"
              required
              value={userId}
              onChange={(e) => setUserId(e.target.value)}
              placeholder="user_123"
            />
          </Field>
          <Button type="submit" variant="primary" loading={gen.isPending}>
            Generate URL
          </Button>
        </div>
        <ErrorPanel error={gen.error} feature="MCP URL generation" />
        {url && (
          <p className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-xs break-all" data-testid="mcp-user-url">
              {url}
            </code>
            <CopyButton value={url} label="Copy user URL" />
          </p>
        )}
      </form>
    </Card>
  );
}

function Instances({ id }: { id: string }) {
  const q = useV3<{ instances: Instance[] }>(`/mcp/servers/${id}/instances`, { limit: 50 });
  return (
    <Card aria-labelledby="mcp-inst-h">
      <CardHeader id="mcp-inst-h" title="Users" description="Users a URL was generated for." />
      {q.isPending ? (
        <div className="p-4">
          <Skeleton className="h-12" loading />
        </div>
      ) : q.isError ? (
        <div className="p-4">
          <ErrorPanel error={q.error} feature="MCP server users" />
        </div>
      ) : q.data.instances.length === 0 ? (
        <EmptyState title="No users yet">Generate a URL above.</EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="mcp-instances">
          {q.data.instances.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
              <span className="font-mono">{i.instance_id}</span>
              <span className="text-xs text-zinc-600 dark:text-zinc-400">
                since <Time iso={i.created_at} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
