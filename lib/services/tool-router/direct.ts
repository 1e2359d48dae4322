/**
 * The `composio` toolkit outside a session: its meta tools run through `POST /tools/execute/{slug}`
 * for a `user_id` exactly as in a tool router session, in an implicit per-user session with the
 * default config (nothing stored). A few older hosted names map onto the same behaviour.
 */
import type { Runtime } from '../../runtime';
import type { Tool } from '../../contract/tools';
import type { ToolkitDef } from '../../catalog/types';
import { newId } from '../../crypto/ids';
import { executeAppTool, executeMeta, type SessionExecResult } from './execute';
import { META_TOOLS, metaToolSlugs, metaToolView } from './meta-tools';
import type { Session } from './session';
import { HOSTED_META, hostedMetaSlugs, runHostedMeta } from './hosted-meta';

/** Older hosted names → the meta tool that does their job, and how their arguments translate. */
const ALIASES: Record<string, { to: string; args: (a: Record<string, unknown>) => Record<string, unknown> }> = {
  COMPOSIO_INITIATE_CONNECTION: {
    to: 'COMPOSIO_MANAGE_CONNECTIONS',
    args: (a) => ({ toolkits: [a.toolkit ?? a.toolkit_slug ?? a.app].filter(Boolean), action: 'initiate' }),
  },
  COMPOSIO_CHECK_ACTIVE_CONNECTION: {
    to: 'COMPOSIO_MANAGE_CONNECTIONS',
    args: (a) => ({ toolkits: [a.toolkit ?? a.toolkit_slug ?? a.app].filter(Boolean), action: 'status' }),
  },
  COMPOSIO_CHECK_ACTIVE_CONNECTIONS: {
    to: 'COMPOSIO_MANAGE_CONNECTIONS',
    // hosted: requests: [{toolkit}]; also toolkits: [...]
    args: (a) => ({
      toolkits:
        a.toolkits ??
        a.toolkit_slugs ??
        (Array.isArray(a.requests)
          ? a.requests.map((r) => (r && typeof r === 'object' ? (r as Record<string, unknown>).toolkit : undefined))
          : undefined),
      action: 'status',
    }),
  },
  COMPOSIO_WAIT_FOR_CONNECTION: {
    to: 'COMPOSIO_WAIT_FOR_CONNECTIONS',
    args: (a) => ({
      toolkits: a.toolkits ?? [a.toolkit ?? a.toolkit_slug].filter(Boolean),
      ...(a.timeout_seconds !== undefined ? { timeout_seconds: a.timeout_seconds } : {}),
    }),
  },
};

/** An implicit session of one user with the default config (wait-for-connections on, as the hosted tool lists it). */
function implicitSession(projectId: string, userId: string): Session {
  return {
    id: `implicit_${userId}`,
    projectId,
    userId,
    config: {
      user_id: userId,
      preload: { tools: [] },
      manage_connections: { enabled: true, enable_wait_for_connections: true },
    } as Session['config'],
    experimental: {},
    configVersion: 0,
    createdAt: new Date(0),
  };
}

const allSlugs = () => [
  ...metaToolSlugs(implicitSession('', '').config),
  'COMPOSIO_EXECUTE_TOOL',
  ...Object.keys(ALIASES),
  ...hostedMetaSlugs(),
];

/** Whether a slug is a tool of the `composio` toolkit that runs here. */
export function isComposioTool(slug: string): boolean {
  return allSlugs().includes(slug.toUpperCase());
}

/** The `composio` toolkit's tools in the `/tools` item shape. */
export function composioToolViews(): Tool[] {
  const views: Tool[] = [];
  for (const slug of allSlugs()) {
    const def = META_TOOLS[slug];
    if (def) views.push(metaToolView(def));
  }
  for (const [slug, a] of Object.entries(ALIASES)) {
    const def = META_TOOLS[a.to]!;
    views.push({
      ...metaToolView(def),
      slug,
      name: slug
        .replace(/^COMPOSIO_/, '')
        .replace(/_/g, ' ')
        .toLowerCase(),
    });
  }
  for (const slug of hostedMetaSlugs()) views.push(metaToolView(HOSTED_META[slug]!));
  views.push({
    ...metaToolView(META_TOOLS.COMPOSIO_MULTI_EXECUTE_TOOL!),
    slug: 'COMPOSIO_EXECUTE_TOOL',
    name: 'Execute tool',
    description: 'Run one tool of any connected app for this user: tool_slug and its arguments.',
    input_parameters: {
      type: 'object',
      properties: {
        tool_slug: { type: 'string', description: 'The tool to run, e.g. GITHUB_GET_A_REPOSITORY' },
        arguments: { type: 'object', description: "The tool's arguments" },
      },
      required: ['tool_slug'],
    },
  });
  return views;
}

export function composioToolView(slug: string): Tool | undefined {
  return composioToolViews().find((t) => t.slug === slug.toUpperCase());
}

/** Run a `composio` tool for a user (POST /tools/execute/{slug}). */
export async function executeComposioTool(
  rt: Runtime,
  projectId: string,
  slug: string,
  args: Record<string, unknown>,
  userId: string,
  requestId?: string,
): Promise<SessionExecResult & { successful: boolean }> {
  const session = implicitSession(projectId, userId);
  const up = slug.toUpperCase();
  let r: SessionExecResult;
  if (up === 'COMPOSIO_EXECUTE_TOOL') {
    const target = typeof args.tool_slug === 'string' ? args.tool_slug : '';
    if (!target || isComposioTool(target))
      r = { data: {}, error: 'tool_slug must name an app tool', log_id: newId('log') };
    else {
      const inner =
        args.arguments && typeof args.arguments === 'object' ? (args.arguments as Record<string, unknown>) : {};
      r = await executeAppTool(
        rt,
        session,
        target,
        inner,
        typeof args.connected_account_id === 'string' ? args.connected_account_id : undefined,
        requestId,
      );
    }
  } else if (HOSTED_META[up]) {
    r = await runHostedMeta(rt, session, up, args);
  } else if (ALIASES[up]) {
    r = await executeMeta(rt, session, ALIASES[up].to, ALIASES[up].args(args));
  } else {
    r = await executeMeta(rt, session, up, args);
  }
  return { ...r, successful: !r.error };
}

/** The `composio` toolkit itself, for GET /toolkits/composio (no credentials: its tools act on Junction). */
export function composioToolkitDef(): ToolkitDef {
  return {
    slug: 'composio',
    name: 'Composio',
    description:
      'Tools that work on the other toolkits: find the right tool for a task, read tool schemas, run one or many tools, connect apps and wait for the connection, and run code in the workbench.',
    logo: '',
    categories: [{ slug: 'developer-tools', name: 'Developer Tools' }],
    version: '20251101_00',
    baseUrl: '',
    authSchemes: [],
    noAuth: true,
    toolsCount: composioToolViews().length,
    source: { package: 'junction', version: '0', document: 'lib/services/tool-router/meta-tools.ts' },
  };
}
