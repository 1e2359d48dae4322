'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { api, type ApiErr } from '@/lib/dashboard/client/api';
import { useV3, useV3Mutation } from '@/lib/dashboard/client/hooks';
import type { List } from '@/lib/dashboard/types';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, DescriptionList, EmptyState } from '@/components/ui/card';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Field, Input, Textarea } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { CopyButton } from '@/components/ui/copy-button';
import { JsonView, Time } from '@/components/ui/json-view';
import { useToast } from '@/components/ui/toast';

interface Session {
  session_id: string;
  mcp: { type: string; url: string };
  tool_router_tools: string[];
  config: {
    user_id: string;
    toolkits?: { enabled?: string[]; disabled?: string[] };
    manage_connections?: { enabled?: boolean };
  };
  config_version: number;
}
interface SessionToolkit {
  slug: string;
  name: string;
  enabled: boolean;
  is_no_auth: boolean;
  meta: { logo: string; description: string };
  connected_account: { id: string; status: string } | null;
}
interface MountItem {
  mount_relative_path: string;
  size: number;
  last_modified: string;
}

const base = (id: string) => `/tool_router/session/${id}`;

export function ToolRouterPage() {
  const sp = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const sessionId = sp.get('session');
  const open = (id: string | null) => router.replace(id ? `${pathname}?session=${id}` : pathname, { scroll: false });
  return (
    <div className="space-y-6">
      <CreateSession onCreated={open} />
      <RecentSessions current={sessionId} onOpen={open} />
      <OpenSession current={sessionId} onOpen={open} />
      {sessionId && <SessionView id={sessionId} />}
    </div>
  );
}

function CreateSession({ onCreated }: { onCreated: (id: string) => void }) {
  const [userId, setUserId] = useState('');
  const [toolkits, setToolkits] = useState('');
  const [manage, setManage] = useState(true);
  const create = useV3Mutation<void, Session>({
    request: () => {
      const list = toolkits
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      return {
        path: '/tool_router/session',
        method: 'POST',
        body: {
          user_id: userId.trim(),
          ...(list.length ? { toolkits: { enable: list } } : {}),
          manage_connections: { enable: manage },
        },
      };
    },
    success: (s) => `Session ${s.session_id} created`,
    onSuccess: (s) => onCreated(s.session_id),
    invalidate: ['/tool_router/session'],
    silent: true,
  });
  return (
    <Card aria-labelledby="tr-create-h">
      <CardHeader id="tr-create-h" title="New session" />
      <form
        className="grid gap-4 p-4 sm:grid-cols-[1fr_1fr_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Field label="User id" htmlFor="tr-user">
          <Input
            id="tr-user"
            required
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            placeholder="user_123"
          />
        </Field>
        <Field label="Toolkits (comma separated, empty = all)" htmlFor="tr-toolkits">
          <Input
            id="tr-toolkits"
            value={toolkits}
            onChange={(e) => setToolkits(e.target.value)}
            placeholder="github, slack"
          />
        </Field>
        <div className="flex flex-col justify-end gap-2">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={manage} onChange={(e) => setManage(e.target.checked)} /> Manage connections
          </label>
          <Button type="submit" variant="primary" loading={create.isPending}>
            Create session
          </Button>
        </div>
        <div className="sm:col-span-3">
          <ErrorPanel error={create.error} feature="tool router sessions" />
        </div>
      </form>
    </Card>
  );
}

interface SessionSummary {
  session_id: string;
  user_id: string;
  toolkits: string[];
  toolkits_mode: 'all' | 'enabled' | 'disabled';
  mcp: { url: string };
  created_at: string;
}

const toolkitsText = (s: Pick<SessionSummary, 'toolkits' | 'toolkits_mode'>) =>
  s.toolkits_mode === 'all'
    ? 'all'
    : s.toolkits_mode === 'disabled'
      ? `all except ${s.toolkits.join(', ')}`
      : s.toolkits.join(', ');

/** The project's newest sessions (GET /tool_router/session, an extension of ours), each one click from its view. */
function RecentSessions({ current, onOpen }: { current: string | null; onOpen: (id: string) => void }) {
  const [user, setUser] = useState('');
  const [applied, setApplied] = useState('');
  const list = useV3<List<SessionSummary>>('/tool_router/session', { limit: 20, user_ids: applied || undefined });
  const items = list.data?.items ?? [];
  return (
    <Card aria-labelledby="tr-recent-h">
      <CardHeader
        id="tr-recent-h"
        title="Recent sessions"
        description={
          list.data ? `${list.data.total_items.toLocaleString('en-US')} in this project, newest first` : undefined
        }
      />
      <form
        className="flex flex-wrap items-end gap-2 border-b border-zinc-200 p-3 dark:border-zinc-800"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(user.trim());
        }}
      >
        <Field label="Filter by user id" htmlFor="tr-recent-user" className="min-w-48 flex-1">
          <Input id="tr-recent-user" value={user} onChange={(e) => setUser(e.target.value)} placeholder="user_123" />
        </Field>
        <Button type="submit">Filter</Button>
      </form>
      {list.isPending ? (
        <Skeleton className="h-24" loading />
      ) : list.isError ? (
        <div className="p-4">
          <ErrorPanel error={list.error} feature="tool router sessions" onRetry={() => list.refetch()} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState title={applied ? `No sessions for ${applied}` : 'No sessions yet'}>
          Create one above, or from your server with <code>composio.create(userId)</code>.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800/70" data-testid="recent-sessions">
          {items.map((x) => (
            <li
              key={x.session_id}
              className={`grid min-w-0 gap-1 px-4 py-2 text-sm sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-center ${
                x.session_id === current ? 'bg-zinc-50 dark:bg-zinc-900/60' : ''
              }`}
            >
              <div className="min-w-0">
                <button
                  type="button"
                  className="font-mono text-xs font-medium break-all text-blue-700 hover:underline dark:text-blue-400"
                  onClick={() => onOpen(x.session_id)}
                  aria-current={x.session_id === current ? 'true' : undefined}
                >
                  {x.session_id}
                </button>
                <div className="text-xs text-zinc-600 dark:text-zinc-400">
                  User <span className="font-mono">{x.user_id}</span> · <Time iso={x.created_at} />
                </div>
              </div>
              <div className="min-w-0 text-xs">
                <div className="text-zinc-600 dark:text-zinc-400">Toolkits: {toolkitsText(x)}</div>
                <code className="font-mono break-all">{x.mcp.url}</code>
              </div>
              <CopyButton value={x.mcp.url} label={`Copy MCP URL of ${x.session_id}`} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function OpenSession({ current, onOpen }: { current: string | null; onOpen: (id: string | null) => void }) {
  const [id, setId] = useState(current ?? '');
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onOpen(id.trim() || null);
      }}
    >
      <Field label="Open a session by id" htmlFor="tr-open" className="min-w-64 flex-1">
        <Input id="tr-open" value={id} onChange={(e) => setId(e.target.value)} placeholder="trs_…" />
      </Field>
      <Button type="submit">Open</Button>
    </form>
  );
}

function SessionView({ id }: { id: string }) {
  const s = useV3<Session>(base(id));
  if (s.isPending) return <Skeleton className="h-40" loading />;
  if (s.isError) return <ErrorPanel error={s.error} feature="tool router sessions" onRetry={() => s.refetch()} />;
  const sess = s.data;
  return (
    <div className="space-y-6" data-testid="session-view">
      <Card aria-labelledby="tr-sess-h">
        <CardHeader
          id="tr-sess-h"
          title={<span className="font-mono">{sess.session_id}</span>}
          description={`User ${sess.config.user_id} · config v${sess.config_version}`}
        />
        <DescriptionList
          items={[
            [
              'MCP URL',
              <span key="m" className="flex flex-wrap items-center gap-2">
                <code className="font-mono text-xs break-all" data-testid="mcp-url">
                  {sess.mcp.url}
                </code>
                <CopyButton value={sess.mcp.url} label="Copy MCP URL" />
              </span>,
            ],
            [
              'Toolkits',
              sess.config.toolkits?.enabled?.join(', ') ||
                (sess.config.toolkits?.disabled ? `all except ${sess.config.toolkits.disabled.join(', ')}` : 'all'),
            ],
            [
              'Meta tools',
              <span key="t" className="flex flex-wrap gap-1">
                {sess.tool_router_tools.map((t) => (
                  <Badge key={t}>{t}</Badge>
                ))}
              </span>,
            ],
          ]}
        />
      </Card>
      <div className="grid gap-6 xl:grid-cols-2">
        <SearchPanel id={id} />
        <ExecutePanel id={id} />
      </div>
      <ConnectionsPanel id={id} />
      <FilesPanel id={id} />
    </div>
  );
}

function SearchPanel({ id }: { id: string }) {
  const [text, setText] = useState('');
  const search = useV3Mutation<
    void,
    {
      results: Array<{
        use_case: string;
        primary_tool_slugs: string[];
        related_tool_slugs: string[];
        toolkits: string[];
        error?: string | null;
      }>;
      toolkit_connection_statuses: Array<{ toolkit: string; has_active_connection: boolean; status_message: string }>;
    }
  >({
    request: () => ({ path: `${base(id)}/search`, method: 'POST', body: { queries: [{ use_case: text.trim() }] } }),
    silent: true,
  });
  const r = search.data;
  return (
    <Card aria-labelledby="tr-search-h">
      <CardHeader id="tr-search-h" title="Search tools in plain language" />
      <form
        className="space-y-3 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) search.mutate();
        }}
      >
        <Field label="What should the agent do?" htmlFor="tr-search">
          <Input
            id="tr-search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="star a repository on GitHub"
          />
        </Field>
        <Button type="submit" loading={search.isPending} disabled={!text.trim()}>
          Search
        </Button>
        <ErrorPanel error={search.error} feature="session search" />
        {r && (
          <div className="space-y-3 text-sm" data-testid="search-results">
            {r.results.map((x, i) => (
              <div key={i}>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {x.use_case}
                  {x.error ? ` — ${x.error}` : ''}
                </p>
                <div className="mt-1 flex flex-wrap gap-1">
                  {x.primary_tool_slugs.map((t) => (
                    <Badge key={t} tone="blue">
                      {t}
                    </Badge>
                  ))}
                  {x.related_tool_slugs.slice(0, 6).map((t) => (
                    <Badge key={t}>{t}</Badge>
                  ))}
                </div>
                {x.primary_tool_slugs.length + x.related_tool_slugs.length === 0 && (
                  <p className="text-xs">No matching tools.</p>
                )}
              </div>
            ))}
            {r.toolkit_connection_statuses.length > 0 && (
              <ul className="space-y-1 text-xs">
                {r.toolkit_connection_statuses.map((c) => (
                  <li key={c.toolkit}>
                    <Badge tone={c.has_active_connection ? 'green' : 'amber'}>{c.toolkit}</Badge> {c.status_message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </form>
    </Card>
  );
}

function ExecutePanel({ id }: { id: string }) {
  const toast = useToast();
  const [mode, setMode] = useState<'single' | 'multi'>('single');
  const [slug, setSlug] = useState('');
  const [args, setArgs] = useState('{}');
  const [multi, setMulti] = useState('[\n  { "tool_slug": "", "arguments": {} }\n]');
  const exec = useV3Mutation<void, { data: unknown; error: string | null; log_id: string }>({
    request: () =>
      mode === 'single'
        ? {
            path: `${base(id)}/execute`,
            method: 'POST',
            body: { tool_slug: slug.trim(), arguments: JSON.parse(args || '{}') },
          }
        : {
            path: `${base(id)}/execute_meta`,
            method: 'POST',
            body: { slug: 'COMPOSIO_MULTI_EXECUTE_TOOL', arguments: { tools: JSON.parse(multi) } },
          },
    silent: true,
    onSuccess: (r) =>
      r.error ? toast.error('Execution returned an error', r.error) : toast.success(`Executed (log ${r.log_id})`),
  });
  return (
    <Card aria-labelledby="tr-exec-h">
      <CardHeader
        id="tr-exec-h"
        title="Execute"
        actions={
          <div className="flex gap-1" role="group" aria-label="Execution mode">
            <Button
              size="sm"
              variant={mode === 'single' ? 'primary' : 'secondary'}
              aria-pressed={mode === 'single'}
              onClick={() => setMode('single')}
            >
              One tool
            </Button>
            <Button
              size="sm"
              variant={mode === 'multi' ? 'primary' : 'secondary'}
              aria-pressed={mode === 'multi'}
              onClick={() => setMode('multi')}
            >
              Multi-execute
            </Button>
          </div>
        }
      />
      <form
        className="space-y-3 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          try {
            JSON.parse(mode === 'single' ? args || '{}' : multi);
          } catch {
            toast.error('The arguments are not valid JSON');
            return;
          }
          exec.mutate();
        }}
      >
        {mode === 'single' ? (
          <>
            <Field label="Tool slug" htmlFor="tr-slug">
              <Input
                id="tr-slug"
                required
                value={slug}
                onChange={(e) => setSlug(e.target.value)}
                placeholder="GITHUB_GET_THE_AUTHENTICATED_USER"
              />
            </Field>
            <Field label="Arguments (JSON)" htmlFor="tr-args">
              <Textarea id="tr-args" rows={4} value={args} onChange={(e) => setArgs(e.target.value)} />
            </Field>
          </>
        ) : (
          <Field label="Tools to run in parallel (JSON array of { tool_slug, arguments })" htmlFor="tr-multi">
            <Textarea id="tr-multi" rows={7} value={multi} onChange={(e) => setMulti(e.target.value)} />
          </Field>
        )}
        <Button type="submit" variant="primary" loading={exec.isPending}>
          {mode === 'single' ? 'Execute' : 'Multi-execute'}
        </Button>
        <ErrorPanel error={exec.error} feature="session execution" />
        {exec.data && (
          <div data-testid="exec-result" className="space-y-1">
            <p className="text-xs">
              log <code className="font-mono">{exec.data.log_id}</code>
              {exec.data.error && <span className="text-red-700 dark:text-red-400"> · {exec.data.error}</span>}
            </p>
            <JsonView value={exec.data.data} label="Execution result" />
          </div>
        )}
      </form>
    </Card>
  );
}

function ConnectionsPanel({ id }: { id: string }) {
  const q = useV3<List<SessionToolkit>>(`${base(id)}/toolkits`, { limit: 50 });
  const [links, setLinks] = useState<Record<string, string>>({});
  const link = useV3Mutation<string, { redirect_url: string; connected_account_id: string }>({
    request: (toolkit) => ({ path: `${base(id)}/link`, method: 'POST', body: { toolkit } }),
    invalidate: [`${base(id)}/toolkits`, '/connected_accounts'],
    success: 'Connect Link created',
    onSuccess: (r, toolkit) => setLinks((l) => ({ ...l, [toolkit]: r.redirect_url })),
  });
  return (
    <Card aria-labelledby="tr-conn-h">
      <CardHeader
        id="tr-conn-h"
        title="Connections"
        description="The session's toolkits and the user's account for each. Connect creates a link to send the user."
      />
      {q.isPending ? (
        <div className="p-4">
          <Skeleton className="h-24" loading />
        </div>
      ) : q.isError ? (
        <div className="p-4">
          <ErrorPanel error={q.error} feature="session toolkits" />
        </div>
      ) : q.data.items.length === 0 ? (
        <EmptyState title="No toolkits in this session" />
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="session-toolkits">
          {q.data.items.map((t) => (
            <li key={t.slug} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 text-sm">
              <span className="min-w-0">
                <span className="font-medium">{t.name}</span>{' '}
                <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{t.slug}</span>
                {links[t.slug] && (
                  <span className="mt-1 flex items-center gap-2">
                    <code className="max-w-xs truncate font-mono text-xs">{links[t.slug]}</code>
                    <CopyButton value={links[t.slug]!} />
                  </span>
                )}
              </span>
              <span className="flex items-center gap-2">
                {t.is_no_auth ? (
                  <Badge tone="blue">no auth</Badge>
                ) : t.connected_account ? (
                  <StatusBadge status={t.connected_account.status} />
                ) : (
                  <Badge tone="amber">not connected</Badge>
                )}
                {!t.is_no_auth && (
                  <Button
                    size="sm"
                    onClick={() => link.mutate(t.slug)}
                    loading={link.isPending && link.variables === t.slug}
                  >
                    {t.connected_account ? 'Reconnect' : 'Connect'}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function FilesPanel({ id }: { id: string }) {
  const toast = useToast();
  const q = useV3<{ items: MountItem[] }>(`${base(id)}/mounts/files/items`, { limit: 200 });
  return (
    <Card aria-labelledby="tr-files-h">
      <CardHeader
        id="tr-files-h"
        title="Session files"
        description="The session's files mount (workbench outputs and uploads)."
      />
      {q.isPending ? (
        <div className="p-4">
          <Skeleton className="h-16" loading />
        </div>
      ) : q.isError ? (
        <div className="p-4">
          <ErrorPanel error={q.error} feature="session files" />
        </div>
      ) : q.data.items.length === 0 ? (
        <EmptyState title="No files yet">Files written by the session's tools appear here.</EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {q.data.items.map((f) => (
            <li
              key={f.mount_relative_path}
              className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm"
            >
              <span className="font-mono text-xs">{f.mount_relative_path}</span>
              <span className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                {f.size.toLocaleString('en-US')} B · <Time iso={f.last_modified} />
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={async () => {
                    try {
                      const r = await api<{ download_url?: string; url?: string }>(
                        `${base(id)}/mounts/files/download_url`,
                        { method: 'POST', body: { mount_relative_path: f.mount_relative_path } },
                      );
                      const url = r.download_url ?? r.url;
                      if (url) window.open(url, '_blank', 'noopener');
                    } catch (e) {
                      toast.error((e as ApiErr).message);
                    }
                  }}
                >
                  Download
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
