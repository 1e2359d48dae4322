import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import type { AuthSchemeDef, ToolkitDef } from '../../catalog/types';
import { getToolkit } from '../../catalog/registry';
import { authConfigs, connectedAccounts, customToolkitVersions, customToolkits } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { ApiError, errors } from '../../contract/errors';
import { checkUrl, OutboundBlockedError } from '../../net/outbound';
import { nowMs } from '../../clock';
import { execAccountsChanged } from '../cache/exec-accounts';
import { resolveExecAccount } from '../tools/account';
import { accountAuth } from '../tools/upstream-call';
import { mcpServerUrl } from '../mcp-client/server-url';
import { mcpAuthHeaders, API_KEY_PLACEHOLDER } from '../mcp-client/headers';
import { withMcpClient } from '../mcp-client/transport';
import { listAllTools, MAX_MCP_TOOLS, mcpToolDefs, TooManyToolsError } from '../mcp-client/tools';
import { mcpFailureMessage } from '../mcp-client/call';
import { invalidateCustomToolkits, loadCustomRow } from './store';
import type { UpsertCustomMcpBody } from '../../contract/custom-mcp';

/**
 * Remote MCP servers as toolkits of a project (the hosted "custom MCP" API: upsert, sync,
 * delete), and the per-project sync of the catalog's provider `*_mcp` toolkits. A toolkit's
 * tools come from the server's `tools/list`; each successful sync stores a new dated version.
 */

type SchemeInput = UpsertCustomMcpBody['toolkit_config']['auth_schemes'][number];

const conflict = (message: string) =>
  new ApiError(409, 1409, 'CustomToolkit_Conflict', message, { headers: { 'x-should-retry': 'false' } });

/** `acme tools` → `custom_acme_tools` (stored), shown as `CUSTOM_ACME_TOOLS`. */
export function customMcpSlug(slug: string): string {
  return `custom_${slug.trim().replace(/\s+/g, '_').toLowerCase()}`;
}

const field = (name: string, displayName: string, description: string, secret = false) => ({
  name,
  displayName,
  description,
  type: 'string',
  required: true,
  ...(secret ? { secret } : {}),
});

/** The optional fields of an auth config that brings its own OAuth client (pre-registered at the server). */
const PREREGISTERED = [
  {
    ...field('client_id', 'Client ID', 'A client registered beforehand with the server’s authorization server'),
    required: false,
  },
  {
    ...field('client_secret', 'Client secret', 'The secret of that client, if it has one', true),
    required: false,
  },
];

export function mcpAuthScheme(s: SchemeInput): AuthSchemeDef {
  const empty = { required: [], optional: [] };
  if (s.mode === 'API_KEY') {
    return {
      mode: 'API_KEY',
      name: 'API key',
      authConfigFields: empty,
      connectionFields: {
        required: [
          field(
            'generic_api_key',
            s.api_key_field?.display_name ?? 'API key',
            s.api_key_field?.description ?? 'The key the MCP server expects',
            true,
          ),
        ],
        optional: [],
      },
    };
  }
  if (s.mode === 'DCR_OAUTH' || s.mode === 'CIMD_OAUTH') {
    return {
      mode: s.mode,
      name: s.mode === 'DCR_OAUTH' ? 'OAuth (dynamic client registration)' : 'OAuth (client ID metadata document)',
      authConfigFields: { required: [], optional: PREREGISTERED },
      connectionFields: empty,
      oauth: {},
    };
  }
  return { mode: 'NO_AUTH', name: 'No authentication', authConfigFields: empty, connectionFields: empty };
}

function checkAppUrl(rt: Runtime, url: string) {
  try {
    checkUrl(url, { allowInsecure: rt.config.allowInsecureUrls });
  } catch (e) {
    if (e instanceof OutboundBlockedError) {
      throw errors.validation(`toolkit_config.app_url is not allowed: ${e.message}`, [
        'toolkit_config.app_url: a public https:// URL of a remote MCP server',
      ]);
    }
    throw e;
  }
}

/** Checks the SDK makes before sending, repeated here for other clients. */
function checkSchemes(schemes: SchemeInput[]) {
  for (const [i, s] of schemes.entries()) {
    if (s.mode === 'API_KEY' && !Object.values(s.headers).some((v) => v.includes(API_KEY_PLACEHOLDER))) {
      throw errors.validation(`An API_KEY scheme's headers must use ${API_KEY_PLACEHOLDER}`, [
        `toolkit_config.auth_schemes.${i}.headers: at least one value must contain ${API_KEY_PLACEHOLDER}`,
      ]);
    }
  }
}

const MAX_LOGO = 3 * 1024 * 1024;

function logoOf(body: UpsertCustomMcpBody, fallback: string): string {
  const f = body.toolkit_config.logo_file;
  if (!f) return fallback;
  const bytes = Buffer.from(f.content, 'base64');
  if (!bytes.length)
    throw errors.validation('logo_file.content is empty', ['toolkit_config.logo_file.content: base64 image bytes']);
  if (bytes.length > MAX_LOGO) {
    throw errors.validation('logo_file is larger than 3 MB', ['toolkit_config.logo_file.content: at most 3 MB']);
  }
  return `data:${f.mime_type};base64,${bytes.toString('base64')}`;
}

/** What decides whether a re-sent upsert is the same registration (app_url and auth schemes). */
function identity(url: string, schemes: SchemeInput[]): string {
  const norm = schemes.map((s) =>
    s.mode === 'API_KEY'
      ? { mode: s.mode, headers: Object.fromEntries(Object.entries(s.headers).sort(([a], [b]) => a.localeCompare(b))) }
      : s.mode === 'DCR_OAUTH'
        ? { mode: s.mode, discovery_url: s.discovery_url }
        : { mode: s.mode },
  );
  return JSON.stringify({ url, norm });
}

/** `POST /custom/toolkits/upsert`: register a remote MCP server, or update its display metadata. */
export async function upsertCustomMcpToolkit(rt: Runtime, projectId: string, body: UpsertCustomMcpBody) {
  const slug = customMcpSlug(body.slug);
  const cfg = body.toolkit_config;
  checkAppUrl(rt, cfg.app_url);
  checkSchemes(cfg.auth_schemes);
  const key = identity(cfg.app_url, cfg.auth_schemes);
  const authSchemes = cfg.auth_schemes.filter((s) => s.mode !== 'NO_AUTH').map(mcpAuthScheme);
  const apiKey = cfg.auth_schemes.find((s) => s.mode === 'API_KEY');
  const dcr = cfg.auth_schemes.find((s) => s.mode === 'DCR_OAUTH');
  const existing = await loadCustomRow(rt, projectId, slug);
  const now = new Date();
  if (existing) {
    if (existing.kind !== 'mcp') throw conflict(`Toolkit ${slug.toUpperCase()} exists and is not an MCP toolkit`);
    if (existing.document !== key) {
      throw conflict(
        `Toolkit ${slug.toUpperCase()} is registered with another app_url or auth_schemes; they cannot change (delete it and register again)`,
      );
    }
    // only display metadata may change: the name, the logo and the API-key field's copy
    const toolkit: ToolkitDef = {
      ...existing.toolkit,
      name: cfg.name,
      logo: logoOf(body, existing.toolkit.logo),
      authSchemes,
    };
    await rt.db
      .update(customToolkits)
      .set({ name: cfg.name, toolkit, updatedAt: now })
      .where(eq(customToolkits.id, existing.id));
    invalidateCustomToolkits(projectId);
    return { slug: slug.toUpperCase() };
  }
  const toolkit: ToolkitDef = {
    slug,
    name: cfg.name,
    description: `Tools of the remote MCP server at ${new URL(cfg.app_url).host}`,
    logo: logoOf(body, `${rt.config.publicUrl}/logos/custom.svg`),
    appUrl: cfg.app_url,
    categories: [{ slug: 'custom', name: 'Custom' }],
    version: '00000000_00',
    baseUrl: cfg.app_url,
    authSchemes,
    noAuth: authSchemes.length === 0,
    toolsCount: 0,
    source: { package: 'mcp', version: '', document: cfg.app_url },
    type: 'custom',
    mcp: {
      url: cfg.app_url,
      ...(apiKey?.mode === 'API_KEY' ? { headers: apiKey.headers } : {}),
      ...(dcr?.mode === 'DCR_OAUTH' ? { discoveryUrl: dcr.discovery_url } : {}),
    },
  };
  const inserted = await rt.db
    .insert(customToolkits)
    .values({
      id: newId('toolkit'),
      projectId,
      slug,
      name: cfg.name,
      toolkit,
      tools: [],
      toolsCount: 0,
      sourceUrl: cfg.app_url,
      document: key,
      kind: 'mcp',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: customToolkits.id });
  if (!inserted.length) throw conflict(`Toolkit ${slug.toUpperCase()} was registered at the same time`);
  invalidateCustomToolkits(projectId);
  // a server without auth is synced once at registration; its tools are usable at once
  if (toolkit.noAuth) {
    try {
      await syncMcpToolkit(rt, projectId, { slug });
    } catch (e) {
      const why = e instanceof ApiError ? e.message : (e as Error).message;
      await rt.db
        .update(customToolkits)
        .set({ warnings: [`initial sync failed: ${why}`.slice(0, 500)] })
        .where(eq(customToolkits.id, inserted[0]!.id));
      invalidateCustomToolkits(projectId);
    }
  }
  return { slug: slug.toUpperCase() };
}

/** The next dated version of a toolkit: today's date and a counter (`20260728_00`, `_01`, …). */
async function nextVersion(rt: Runtime, toolkitId: string): Promise<string> {
  const day = new Date(nowMs()).toISOString().slice(0, 10).replace(/-/g, '');
  const rows = await rt.db
    .select({ n: sql<number>`count(*)::int` })
    .from(customToolkitVersions)
    .where(and(eq(customToolkitVersions.toolkitId, toolkitId), like(customToolkitVersions.version, `${day}_%`)));
  return `${day}_${String(rows[0]?.n ?? 0).padStart(2, '0')}`;
}

/** The toolkit behind a sync or a connection: the project's registration, else a provider `*_mcp` toolkit. */
export async function mcpToolkitFor(
  rt: Runtime,
  projectId: string,
  slug: string,
): Promise<{ toolkit: ToolkitDef; row?: Awaited<ReturnType<typeof loadCustomRow>> }> {
  const key = slug.toLowerCase();
  const row = await loadCustomRow(rt, projectId, key);
  if (row?.kind === 'mcp') return { toolkit: row.toolkit, row };
  const builtIn = getToolkit(key);
  if (builtIn?.mcp) return { toolkit: builtIn, row: row ?? undefined };
  if (builtIn || row) {
    throw errors.badRequest(`Toolkit ${slug} is not backed by an MCP server`, 'CustomToolkit_NotMcp');
  }
  throw errors.notFound('Custom toolkit', slug, 'CustomToolkit_NotFound', 1301);
}

/** `POST /custom/toolkits/sync`: list the server's tools into a new dated version. */
export async function syncMcpToolkit(
  rt: Runtime,
  projectId: string,
  input: { slug: string; connected_account_id?: string },
) {
  const { toolkit, row } = await mcpToolkitFor(rt, projectId, input.slug);
  let headers: Record<string, string> = {};
  if (!toolkit.noAuth || input.connected_account_id) {
    if (!input.connected_account_id) {
      throw errors.validation(`Syncing ${toolkit.slug.toUpperCase()} needs a connected account`, [
        'connected_account_id: an ACTIVE connected account of this toolkit',
      ]);
    }
    const account = await resolveExecAccount(rt, projectId, {
      connectedAccountId: input.connected_account_id,
      toolkitSlug: toolkit.slug,
    });
    headers = mcpAuthHeaders(toolkit, (await accountAuth(rt, projectId, account)).auth);
  }
  const url = await mcpServerUrl(rt, projectId, toolkit);
  let listed;
  try {
    listed = await withMcpClient(rt, url, headers, listAllTools);
  } catch (e) {
    if (e instanceof TooManyToolsError) {
      throw errors.badRequest(
        `Sync failed: ${e.message}; the limit is ${MAX_MCP_TOOLS} and nothing was imported`,
        'CustomToolkit_TooManyTools',
      );
    }
    throw errors.badRequest(`Sync failed: ${mcpFailureMessage(e, url).message}`, 'CustomToolkit_SyncFailed');
  }
  const warnings: string[] = [];
  const tools = mcpToolDefs(toolkit.slug, listed, warnings, toolkit.noAuth);
  const now = new Date();
  let id = row?.id;
  if (!id) {
    // a provider toolkit's first sync in this project: its tools are kept per project
    id = newId('toolkit');
    await rt.db
      .insert(customToolkits)
      .values({
        id,
        projectId,
        slug: toolkit.slug,
        name: toolkit.name,
        toolkit,
        tools: [],
        toolsCount: 0,
        document: '',
        kind: 'mcp',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    id = (await loadCustomRow(rt, projectId, toolkit.slug))!.id;
  }
  const version = await nextVersion(rt, id);
  await rt.db.transaction(async (tx) => {
    await tx.insert(customToolkitVersions).values({ id: newId('toolkit'), toolkitId: id, version, tools });
    await tx
      .update(customToolkits)
      .set({
        tools,
        toolsCount: tools.length,
        version,
        warnings,
        toolkit: { ...toolkit, version, toolsCount: tools.length },
        updatedAt: now,
      })
      .where(eq(customToolkits.id, id));
  });
  invalidateCustomToolkits(projectId);
  return { slug: toolkit.slug.toUpperCase(), version, synced_count: tools.length };
}

/** `DELETE /custom/toolkits/{slug}`: the toolkit, its versions, auth configs and connected accounts. */
export async function deleteCustomMcpToolkit(rt: Runtime, projectId: string, rawSlug: string) {
  const slug = rawSlug.toLowerCase();
  if (getToolkit(slug)) throw errors.forbidden(`Toolkit ${rawSlug} is part of the catalog and cannot be deleted`);
  const row = await loadCustomRow(rt, projectId, slug);
  if (!row) throw errors.notFound('Custom toolkit', rawSlug, 'CustomToolkit_NotFound', 1301);
  const now = new Date();
  const out = await rt.db.transaction(async (tx) => {
    const acs = await tx
      .update(authConfigs)
      .set({ deletedAt: now, updatedAt: now })
      .where(
        and(eq(authConfigs.projectId, projectId), eq(authConfigs.toolkitSlug, slug), isNull(authConfigs.deletedAt)),
      )
      .returning({ id: authConfigs.id });
    const cas = await tx
      .update(connectedAccounts)
      .set({ deletedAt: now, updatedAt: now })
      .where(
        and(
          eq(connectedAccounts.projectId, projectId),
          eq(connectedAccounts.toolkitSlug, slug),
          isNull(connectedAccounts.deletedAt),
        ),
      )
      .returning({ id: connectedAccounts.id });
    await tx.delete(customToolkits).where(eq(customToolkits.id, row.id));
    return { acs: acs.length, cas: cas.length };
  });
  invalidateCustomToolkits(projectId);
  execAccountsChanged(projectId);
  return {
    slug: slug.toUpperCase(),
    deleted: true,
    // MCP authorization servers have no standard revocation for these clients: nothing is queued
    revoke_job_ids: [] as string[],
    auth_configs_deleted: out.acs,
    connected_accounts_deleted: out.cas,
    auth_configs_soft_deleted: out.acs,
    connected_accounts_soft_deleted: out.cas,
  };
}
