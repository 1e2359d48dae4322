'use client';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useV3, useV3Mutation } from '@/lib/dashboard/client/hooks';
import type { List } from '@/lib/dashboard/types';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, DescriptionList, EmptyState } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Field, Input, Select } from '@/components/ui/field';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Skeleton, TableSkeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { Time } from '@/components/ui/json-view';

/** A project toolkit as GET /toolkits/custom returns it; this page shows only the MCP ones. */
interface CustomToolkit {
  id: string;
  slug: string;
  name: string;
  description: string;
  auth_schemes: string[];
  tools_count: number;
  tools: string[];
  warnings: string[];
  created_at: string;
  updated_at: string;
  kind: 'openapi' | 'mcp';
  version: string | null;
  mcp: { url: string; transport: 'auto'; api_key_headers: string[]; discovery_url: string | null } | null;
}
interface SyncResult {
  slug: string;
  version: string;
  synced_count: number;
}
interface DeleteResult {
  slug: string;
  auth_configs_deleted: number;
  connected_accounts_deleted: number;
}
interface AccountRow {
  id: string;
  user_id?: string;
  alias?: string | null;
}

type Mode = 'NO_AUTH' | 'API_KEY' | 'DCR_OAUTH' | 'CIMD_OAUTH';

const AUTH_WORDS: Record<string, string> = {
  NO_AUTH: 'No auth',
  API_KEY: 'Static key or bearer header',
  DCR_OAUTH: 'OAuth (dynamic client registration)',
  CIMD_OAUTH: 'OAuth (client ID metadata document)',
};
const authWords = (t: CustomToolkit) =>
  t.auth_schemes.length ? t.auth_schemes.map((m) => AUTH_WORDS[m] ?? m).join(', ') : AUTH_WORDS.NO_AUTH;
const TRANSPORT = 'Streamable HTTP, falling back to HTTP+SSE';

/** What the upsert endpoint accepts as a slug: letters, digits, `_` and spaces, at most 30. */
const slugFrom = (name: string) =>
  name
    .trim()
    .replace(/[^a-zA-Z0-9_\s]+/g, ' ')
    .trim()
    .replace(/\s+/g, '_')
    .toLowerCase()
    .slice(0, 30);

export function McpToolkitsPage() {
  const sp = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const selected = sp.get('toolkit');
  const open = (slug: string | null) =>
    router.replace(slug ? `${pathname}?toolkit=${encodeURIComponent(slug)}` : pathname, { scroll: false });
  return (
    <div className="space-y-6">
      <ToolkitList selected={selected} onOpen={open} />
      {selected ? (
        <ToolkitDetail key={selected} slug={selected} onDeleted={() => open(null)} />
      ) : (
        <RegisterForm onSaved={(slug) => open(slug)} />
      )}
    </div>
  );
}

function ToolkitList({ selected, onOpen }: { selected: string | null; onOpen: (slug: string | null) => void }) {
  const q = useV3<List<CustomToolkit>>('/toolkits/custom', { limit: 1000 });
  if (q.isError)
    return <ErrorPanel error={q.error} feature="custom toolkits (GET /toolkits/custom)" onRetry={() => q.refetch()} />;
  const items = q.data?.items.filter((t) => t.kind === 'mcp') ?? [];
  return (
    <Card aria-labelledby="mcpt-list-h">
      <CardHeader
        id="mcpt-list-h"
        title="Registered servers"
        description="Each remote MCP server is a toolkit of this project. Its tools come from the server's tools/list, synced into dated versions."
        actions={
          selected ? (
            <Button size="sm" onClick={() => onOpen(null)}>
              Register a server
            </Button>
          ) : undefined
        }
      />
      {q.isPending ? (
        <TableSkeleton rows={3} cols={5} />
      ) : items.length === 0 ? (
        <EmptyState title="No MCP servers registered">Register one below; its tools become a toolkit.</EmptyState>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm" data-testid="mcp-toolkits">
            <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th className="px-4 py-2 font-medium">Toolkit</th>
                <th className="hidden px-2 py-2 font-medium md:table-cell">Server URL</th>
                <th className="hidden px-2 py-2 font-medium lg:table-cell">Transport</th>
                <th className="px-2 py-2 font-medium">Auth</th>
                <th className="px-2 py-2 font-medium">Tools</th>
                <th className="hidden px-2 py-2 font-medium sm:table-cell">Version</th>
                <th className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((t) => (
                <tr
                  key={t.id}
                  className="border-b border-zinc-100 last:border-0 dark:border-zinc-800"
                  aria-current={t.slug === selected ? 'true' : undefined}
                >
                  <td className="px-4 py-2">
                    <span className="font-medium">{t.name}</span>
                    <span className="block font-mono text-xs text-zinc-600 dark:text-zinc-400">
                      {t.slug.toUpperCase()}
                    </span>
                  </td>
                  <td className="hidden max-w-64 px-2 py-2 font-mono text-xs break-all md:table-cell">{t.mcp?.url}</td>
                  <td className="hidden px-2 py-2 text-xs lg:table-cell">{TRANSPORT}</td>
                  <td className="px-2 py-2">
                    <span className="flex flex-wrap gap-1">
                      {(t.auth_schemes.length ? t.auth_schemes : ['NO_AUTH']).map((m) => (
                        <Badge key={m}>{m}</Badge>
                      ))}
                    </span>
                  </td>
                  <td className="px-2 py-2">{t.tools_count}</td>
                  <td className="hidden px-2 py-2 sm:table-cell">
                    {t.version ? (
                      <>
                        <span className="font-mono text-xs">{t.version}</span>
                        <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                          <Time iso={t.updated_at} />
                        </span>
                      </>
                    ) : (
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">not synced</span>
                    )}
                  </td>
                  <td className="px-4 py-2 text-right">
                    <Button size="sm" onClick={() => onOpen(t.slug)} aria-label={`Open ${t.name}`}>
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

function RegisterForm({ onSaved }: { onSaved: (slug: string) => void }) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [url, setUrl] = useState('');
  const [mode, setMode] = useState<Mode>('NO_AUTH');
  const [header, setHeader] = useState('Authorization');
  const [template, setTemplate] = useState('Bearer {{generic_api_key}}');
  const [keyLabel, setKeyLabel] = useState('');
  const [discovery, setDiscovery] = useState('');
  const save = useV3Mutation<void, { slug: string }>({
    request: () => {
      const scheme =
        mode === 'API_KEY'
          ? {
              mode,
              headers: { [header.trim()]: template },
              ...(keyLabel.trim() ? { api_key_field: { display_name: keyLabel.trim() } } : {}),
            }
          : mode === 'DCR_OAUTH'
            ? { mode, discovery_url: discovery.trim() }
            : mode === 'CIMD_OAUTH'
              ? { mode, ...(discovery.trim() ? { discovery_url: discovery.trim() } : {}) }
              : { mode };
      return {
        path: '/custom/toolkits/upsert',
        method: 'POST',
        body: { slug: slug.trim(), toolkit_config: { name: name.trim(), app_url: url.trim(), auth_schemes: [scheme] } },
      };
    },
    invalidate: ['/toolkits', '/tools'],
    success: (r) => `Registered ${r.slug}`,
    onSuccess: (r) => onSaved(r.slug.toLowerCase()),
    silent: true,
  });
  return (
    <Card aria-labelledby="mcpt-new-h">
      <CardHeader
        id="mcpt-new-h"
        title="Register an MCP server"
        description={`Junction connects as an MCP client (${TRANSPORT}). A server without auth is synced at once; others after an account is connected.`}
      />
      <form
        className="grid gap-4 p-4 lg:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Field label="Name" htmlFor="mcpt-name">
          <Input
            id="mcpt-name"
            required
            maxLength={200}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (!slugEdited) setSlug(slugFrom(e.target.value));
            }}
            placeholder="Acme docs"
          />
        </Field>
        <Field
          label="Slug"
          htmlFor="mcpt-slug"
          hint={`Letters, digits and _; the toolkit becomes CUSTOM_${(slug || 'SLUG').toUpperCase()}`}
        >
          <Input
            id="mcpt-slug"
            required
            maxLength={30}
            pattern="[A-Za-z0-9_ ]+"
            value={slug}
            onChange={(e) => {
              setSlug(e.target.value);
              setSlugEdited(true);
            }}
            placeholder="acme_docs"
          />
        </Field>
        <Field label="Server URL" htmlFor="mcpt-url" hint="The server's MCP endpoint, e.g. https://mcp.example.com/mcp">
          <Input
            id="mcpt-url"
            type="url"
            required
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://mcp.example.com/mcp"
          />
        </Field>
        <Field label="Authentication" htmlFor="mcpt-auth" hint="Cannot change once registered">
          <Select id="mcpt-auth" value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
            <option value="NO_AUTH">None</option>
            <option value="API_KEY">Static key or bearer header</option>
            <option value="DCR_OAUTH">OAuth with dynamic client registration</option>
            <option value="CIMD_OAUTH">OAuth with a client ID metadata document</option>
          </Select>
        </Field>
        {mode === 'API_KEY' && (
          <>
            <Field label="Header name" htmlFor="mcpt-header">
              <Input id="mcpt-header" required value={header} onChange={(e) => setHeader(e.target.value)} />
            </Field>
            <Field
              label="Header value"
              htmlFor="mcpt-template"
              hint="{{generic_api_key}} is replaced by each connected account's key; the key itself is entered when an account is connected"
            >
              <Input
                id="mcpt-template"
                required
                value={template}
                onChange={(e) => setTemplate(e.target.value)}
                className="font-mono"
              />
            </Field>
            <Field label="Key label on the connect page (optional)" htmlFor="mcpt-keylabel">
              <Input
                id="mcpt-keylabel"
                maxLength={100}
                value={keyLabel}
                onChange={(e) => setKeyLabel(e.target.value)}
                placeholder="Acme API key"
              />
            </Field>
          </>
        )}
        {(mode === 'DCR_OAUTH' || mode === 'CIMD_OAUTH') && (
          <Field
            label={mode === 'DCR_OAUTH' ? 'Discovery URL' : 'Discovery URL (optional)'}
            htmlFor="mcpt-discovery"
            hint="Usually <server>/.well-known/oauth-authorization-server. A client registered beforehand is entered as the auth config's client ID and secret."
          >
            <Input
              id="mcpt-discovery"
              type="url"
              required={mode === 'DCR_OAUTH'}
              value={discovery}
              onChange={(e) => setDiscovery(e.target.value)}
              placeholder="https://mcp.example.com/.well-known/oauth-authorization-server"
            />
          </Field>
        )}
        <div className="space-y-3 lg:col-span-2">
          <Button type="submit" variant="primary" loading={save.isPending}>
            Register server
          </Button>
          <ErrorPanel error={save.error} feature="MCP toolkit registration" />
        </div>
      </form>
    </Card>
  );
}

function ToolkitDetail({ slug, onDeleted }: { slug: string; onDeleted: () => void }) {
  const q = useV3<CustomToolkit>(`/toolkits/custom/${slug}`);
  const acs = useV3<List<{ id: string }>>('/auth_configs', { toolkit_slug: slug, limit: 200 });
  const cas = useV3<List<AccountRow>>('/connected_accounts', { toolkit_slugs: slug, limit: 200 });
  const [confirm, setConfirm] = useState(false);
  const del = useV3Mutation<void, DeleteResult>({
    request: () => ({ path: `/custom/toolkits/${slug.toUpperCase()}`, method: 'DELETE' }),
    invalidate: ['/toolkits', '/tools', '/auth_configs', '/connected_accounts'],
    success: (r) =>
      `Deleted ${r.slug}: ${r.auth_configs_deleted} auth config(s), ${r.connected_accounts_deleted} connected account(s)`,
    onSuccess: () => {
      setConfirm(false);
      onDeleted();
    },
    silent: true,
  });
  if (q.isPending) return <Skeleton className="h-40" loading />;
  if (q.isError) return <ErrorPanel error={q.error} feature="MCP toolkits" onRetry={() => q.refetch()} />;
  const t = q.data;
  const nAcs = acs.data?.items.length;
  const nCas = cas.data?.items.length;
  return (
    <div className="space-y-6" data-testid="mcp-toolkit-detail">
      <Card aria-labelledby="mcpt-detail-h">
        <CardHeader
          id="mcpt-detail-h"
          title={t.name}
          description={<span className="font-mono text-xs">{t.slug.toUpperCase()}</span>}
          actions={
            <Button size="sm" variant="danger" onClick={() => setConfirm(true)}>
              Delete
            </Button>
          }
        />
        <DescriptionList
          items={[
            [
              'Server URL',
              <span key="url" className="font-mono text-xs break-all">
                {t.mcp?.url}
              </span>,
            ],
            ['Transport', TRANSPORT],
            ['Auth', authWords(t)],
            ...(t.mcp?.api_key_headers.length
              ? [['Key header', t.mcp.api_key_headers.join(', ')] as [string, string]]
              : []),
            ...(t.mcp?.discovery_url
              ? [
                  [
                    'Discovery URL',
                    <span key="discovery" className="font-mono text-xs break-all">
                      {t.mcp.discovery_url}
                    </span>,
                  ] as [string, React.ReactNode],
                ]
              : []),
            ['Tools', String(t.tools_count)],
            ['Version', t.version ?? 'not synced yet'],
            ['Updated', <Time key="updated" iso={t.updated_at} />],
            ['Connections', `${nAcs ?? '…'} auth config(s), ${nCas ?? '…'} connected account(s)`],
          ]}
        />
        {t.warnings.length > 0 && (
          <ul className="space-y-1 px-4 pb-4 text-sm text-amber-800 dark:text-amber-300" data-testid="mcpt-warnings">
            {t.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        )}
        <p className="flex flex-wrap gap-4 px-4 pb-4 text-sm">
          <Link className="text-blue-700 underline dark:text-blue-400" href={`/toolkits/${t.slug}`}>
            Toolkit page
          </Link>
          {t.auth_schemes.length > 0 && (
            <Link className="text-blue-700 underline dark:text-blue-400" href={`/auth-configs/new?toolkit=${t.slug}`}>
              Create an auth config
            </Link>
          )}
        </p>
      </Card>
      <SyncCard toolkit={t} onSynced={() => q.refetch()} />
      <Card aria-labelledby="mcpt-tools-h">
        <CardHeader
          id="mcpt-tools-h"
          title="Tools"
          description="As the server's tools/list gave them at the last sync. Open one to see its schema and try it."
        />
        {t.tools.length === 0 ? (
          <EmptyState title="No tools yet">Sync the server to list its tools.</EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="mcpt-tools">
            {t.tools.map((tool) => (
              <li key={tool} className="px-4 py-2 text-sm">
                <Link
                  className="font-mono text-blue-700 underline break-all dark:text-blue-400"
                  href={`/tools/${tool}`}
                >
                  {tool}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        onConfirm={() => del.mutate()}
        title={`Delete ${t.slug.toUpperCase()}?`}
        confirmLabel="Delete toolkit"
        danger
        loading={del.isPending}
      >
        <span data-testid="mcpt-delete-consequences">
          Its {t.tools_count} tool(s) stop working at once. {nAcs ?? 'Its'} auth config(s) and {nCas ?? 'its'} connected
          account(s) are deleted with it, so agents and MCP URLs using them lose this server. The slug can be registered
          again afterwards.
        </span>
        <ErrorPanel error={del.error} feature="MCP toolkit deletion" />
      </ConfirmDialog>
    </div>
  );
}

function SyncCard({ toolkit, onSynced }: { toolkit: CustomToolkit; onSynced: () => void }) {
  const needsAccount = toolkit.auth_schemes.length > 0;
  const active = useV3<List<AccountRow>>(needsAccount ? '/connected_accounts' : null, {
    toolkit_slugs: toolkit.slug,
    statuses: 'ACTIVE',
    limit: 100,
  });
  const [account, setAccount] = useState('');
  const [result, setResult] = useState<SyncResult | null>(null);
  const chosen = account || active.data?.items[0]?.id || '';
  const sync = useV3Mutation<void, SyncResult>({
    request: () => ({
      path: '/custom/toolkits/sync',
      method: 'POST',
      body: { slug: toolkit.slug.toUpperCase(), ...(needsAccount && chosen ? { connected_account_id: chosen } : {}) },
    }),
    invalidate: ['/toolkits', '/tools'],
    success: (r) => `Synced ${r.synced_count} tool(s) into ${r.version}`,
    onSuccess: (r) => {
      setResult(r);
      onSynced();
    },
    silent: true,
  });
  return (
    <Card aria-labelledby="mcpt-sync-h">
      <CardHeader
        id="mcpt-sync-h"
        title="Sync"
        description="Lists the server's tools again into a new dated version. Nothing is imported if the server fails or lists more than 500 tools."
      />
      <form
        className="space-y-3 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          setResult(null);
          sync.mutate();
        }}
      >
        {needsAccount &&
          (active.isError ? (
            <ErrorPanel error={active.error} feature="connected accounts" />
          ) : active.data && active.data.items.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              This server needs credentials to list its tools: connect an account first (
              <Link
                className="text-blue-700 underline dark:text-blue-400"
                href={`/auth-configs/new?toolkit=${toolkit.slug}`}
              >
                create an auth config
              </Link>
              ).
            </p>
          ) : (
            <Field label="Connected account used to sync" htmlFor="mcpt-sync-account">
              <Select
                id="mcpt-sync-account"
                value={chosen}
                onChange={(e) => setAccount(e.target.value)}
                disabled={active.isPending}
              >
                {(active.data?.items ?? []).map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.id}
                    {a.user_id ? ` (${a.user_id})` : ''}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
        <Button type="submit" variant="primary" loading={sync.isPending} disabled={needsAccount && !chosen}>
          Sync now
        </Button>
        <div aria-live="polite">
          {result && (
            <p className="text-sm" data-testid="mcpt-sync-result">
              Synced {result.synced_count} tool(s) into version <span className="font-mono">{result.version}</span>.
            </p>
          )}
        </div>
        <ErrorPanel error={sync.error} feature="MCP sync" />
      </form>
    </Card>
  );
}
