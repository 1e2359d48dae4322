/**
 * Tools of the hosted `composio` toolkit that sessions do not offer as meta tools (lists of toolkits
 * and triggers, enabling a trigger, auth requirements, response schemas, tool dependencies, a plan,
 * a bash shell). They run only through POST /tools/execute/{slug}, for a user, on the same services
 * the API routes use; the shell works on the user's implicit workbench sandbox (one per user and
 * project, kept for an hour after its last use; see ../workbench/boxes.ts).
 */
import type { Runtime } from '../../runtime';
import { ApiError } from '../../contract/errors';
import { newId } from '../../crypto/ids';
import { getToolkit, listToolkits, getToolkitTools } from '../../catalog/registry';
import type { ToolDef } from '../../catalog/types';
import { listTriggerTypes, typeView } from '../../triggers/registry';
import { upsertInstance } from '../triggers/instances';
import { managedSchemes } from '../toolkits/view';
import { findTool } from '../tools/catalog';
import { toolHints } from '../search/hints';
import { userBox } from '../workbench/boxes';
import { jsRunner } from '../workbench/box-api';
import { runShell } from '../workbench/shell';
import { workbenchAvailable } from '../workbench/sandbox';
import { searchInSession } from './search';
import type { MetaToolDef } from './meta-tools';
import type { SessionExecResult } from './execute';
import type { Session } from './session';

type Args = Record<string, unknown>;
const str = (description: string) => ({ type: 'string', description });
const out = {
  type: 'object' as const,
  properties: {
    data: { type: 'object', description: 'Result of the tool' },
    error: { type: 'string', nullable: true, description: 'Error message, null on success' },
    successful: { type: 'boolean', description: 'Whether the call succeeded' },
  },
  required: ['data', 'successful'],
};
const def = (
  slug: string,
  name: string,
  description: string,
  input: MetaToolDef['input'],
  hints: MetaToolDef['hints'],
) => ({ slug, name, description, input, output: out, hints }) satisfies MetaToolDef;

export const HOSTED_META: Record<string, MetaToolDef> = {
  COMPOSIO_LIST_TOOLKITS: def(
    'COMPOSIO_LIST_TOOLKITS',
    'List toolkits',
    'List the apps (toolkits) this server offers, optionally filtered by category, name, minimum number of tools or keyless ones only.',
    {
      type: 'object',
      properties: {
        category: str('Only toolkits of this category (slug or name), e.g. "crm"'),
        name_filter: str('Only toolkits whose slug or name contains this'),
        min_tools: { type: 'integer', description: 'Only toolkits with at least this many tools' },
        no_auth_only: { type: 'boolean', description: 'Only toolkits that need no connection' },
        size: { type: 'integer', description: 'How many to return (default 10)' },
      },
    },
    ['readOnlyHint', 'idempotentHint'],
  ),
  COMPOSIO_LIST_TRIGGERS: def(
    'COMPOSIO_LIST_TRIGGERS',
    'List triggers',
    'List the trigger types (events an app can report) with their configuration schemas, optionally only for some toolkits.',
    {
      type: 'object',
      properties: {
        toolkit_names: { type: 'array', items: { type: 'string' }, description: 'Toolkit slugs, e.g. ["github"]' },
      },
    },
    ['readOnlyHint', 'idempotentHint'],
  ),
  COMPOSIO_ENABLE_TRIGGER: def(
    'COMPOSIO_ENABLE_TRIGGER',
    'Enable trigger',
    "Start a trigger for the user's connected account of its toolkit (or the given account) with its configuration; events are then delivered to the project's webhook.",
    {
      type: 'object',
      properties: {
        trigger_name: str('Trigger type slug, e.g. GITHUB_COMMIT_EVENT'),
        config_params: { type: 'object', description: "The trigger's configuration (see COMPOSIO_LIST_TRIGGERS)" },
        connected_account_id: str('Connected account to watch (default: the user’s active account of the toolkit)'),
        toolkit_slug: str('Toolkit of the trigger (optional, informative)'),
      },
      required: ['trigger_name'],
    },
    ['openWorldHint'],
  ),
  COMPOSIO_GET_REQUIRED_PARAMETERS: def(
    'COMPOSIO_GET_REQUIRED_PARAMETERS',
    'Get required parameters for connection',
    'Tell what a user must provide to connect a toolkit: the fields of each auth scheme, and whether a connection works without any (a managed OAuth app or no auth).',
    { type: 'object', properties: { toolkit: str('Toolkit slug, e.g. "gmail"') }, required: ['toolkit'] },
    ['readOnlyHint', 'idempotentHint'],
  ),
  COMPOSIO_GET_RESPONSE_SCHEMA: def(
    'COMPOSIO_GET_RESPONSE_SCHEMA',
    'Get response schema',
    'Return the JSON Schema of what a tool returns in data, to plan how to read its result.',
    { type: 'object', properties: { tool: str('Tool slug, e.g. GITHUB_LIST_PULL_REQUESTS') }, required: ['tool'] },
    ['readOnlyHint', 'idempotentHint'],
  ),
  COMPOSIO_GET_DEPENDENCY_GRAPH: def(
    'COMPOSIO_GET_DEPENDENCY_GRAPH',
    'Get tool dependency graph',
    "List the read tools of the same toolkit that can supply a tool's required identifiers (e.g. a channel id before sending a message), each with the reason.",
    { type: 'object', properties: { tool_name: str('Tool slug') }, required: ['tool_name'] },
    ['readOnlyHint', 'idempotentHint'],
  ),
  COMPOSIO_CREATE_PLAN: def(
    'COMPOSIO_CREATE_PLAN',
    'Create plan',
    'Turn a use case into ordered steps: which apps to connect, which tools to call (found by search unless primary_tool_slugs is given), which required arguments are still unknown, and what to check.',
    {
      type: 'object',
      properties: {
        use_case: str('The task, in detail'),
        known_fields: str('Known values as key:value pairs, comma separated'),
        primary_tool_slugs: { type: 'array', items: { type: 'string' }, description: 'Tools that do the main work' },
        related_tool_slugs: { type: 'array', items: { type: 'string' }, description: 'Supporting tools' },
        difficulty: { type: 'string', enum: ['medium', 'hard'], description: 'How complex the task is' },
        reasoning: str('Why these tools'),
      },
      required: ['use_case'],
    },
    ['readOnlyHint'],
  ),
  COMPOSIO_REMOTE_BASH_TOOL: def(
    'COMPOSIO_REMOTE_BASH_TOOL',
    'Run bash commands',
    "Run a command line in the user's workbench sandbox (files under /home/user persist for an hour after the last call). " +
      'The shell is built in: quoting, ; && ||, pipes, redirections, common file and text commands, and node -e for JavaScript.',
    { type: 'object', properties: { command: str('Command line, e.g. "ls && cat notes.txt"') }, required: ['command'] },
    ['destructiveHint'],
  ),
};

export const hostedMetaSlugs = () =>
  Object.keys(HOSTED_META).filter((s) => s !== 'COMPOSIO_REMOTE_BASH_TOOL' || workbenchAvailable());

const done = (data: Args): SessionExecResult => ({ data, error: null, log_id: newId('log') });
const failed = (error: string, data: Args = {}): SessionExecResult => ({ data, error, log_id: newId('log') });
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Identifier arguments a tool needs and the read tools of its toolkit whose names point at them. */
function parentsOf(tool: ToolDef): { tool_name: string; reason: string; required: boolean; description: string }[] {
  const required = (tool.inputParameters.required ?? []).filter((r) =>
    /(_id|_ids|_key|_name|^id|^owner|^repo)$/.test(r),
  );
  const out: { tool_name: string; reason: string; required: boolean; description: string }[] = [];
  const candidates = getToolkitTools(tool.toolkit).filter(
    (t) =>
      t.slug !== tool.slug &&
      /_(LIST|GET|FIND|SEARCH|FETCH|RETRIEVE)_/.test(t.slug) &&
      toolHints(t).includes('readOnlyHint'),
  );
  for (const arg of required) {
    const stem = arg.replace(/_(id|ids|key|name)$/, '').replace(/^id$/, '');
    if (!stem) continue;
    const word = stem.toUpperCase();
    const hits = candidates.filter((t) => t.slug.includes(`_${word}`)).slice(0, 3);
    for (const h of hits)
      if (!out.some((o) => o.tool_name === h.slug))
        out.push({
          tool_name: h.slug,
          reason: `supplies ${arg}`,
          required: true,
          description: h.description.slice(0, 200),
        });
  }
  return out;
}

export async function runHostedMeta(
  rt: Runtime,
  session: Session,
  slug: string,
  args: Args,
): Promise<SessionExecResult> {
  try {
    switch (slug) {
      case 'COMPOSIO_LIST_TOOLKITS': {
        const cat = typeof args.category === 'string' ? args.category.toLowerCase() : '';
        const name = typeof args.name_filter === 'string' ? args.name_filter.toLowerCase() : '';
        const size = typeof args.size === 'number' && args.size > 0 ? Math.min(args.size, 1000) : 10;
        const items = listToolkits()
          .filter((t) => !cat || t.categories.some((c) => c.slug.includes(cat) || c.name.toLowerCase().includes(cat)))
          .filter((t) => !name || t.slug.includes(name) || t.name.toLowerCase().includes(name))
          .filter((t) => typeof args.min_tools !== 'number' || t.toolsCount >= args.min_tools)
          .filter((t) => args.no_auth_only !== true || t.noAuth)
          .slice(0, size)
          .map((t) => ({
            slug: t.slug,
            name: t.name,
            description: t.description,
            categories: t.categories.map((c) => c.name),
            tools_count: t.toolsCount,
            no_auth: t.noAuth,
          }));
        return done({ toolkits: items });
      }
      case 'COMPOSIO_LIST_TRIGGERS': {
        const wanted = strings(args.toolkit_names).map((t) => t.toLowerCase());
        const triggers = listTriggerTypes()
          .filter((t) => !wanted.length || wanted.includes(t.toolkit))
          .map(typeView);
        return done({ triggers });
      }
      case 'COMPOSIO_ENABLE_TRIGGER': {
        const name = typeof args.trigger_name === 'string' ? args.trigger_name : '';
        if (!name) return failed('trigger_name is required');
        const config = args.config_params && typeof args.config_params === 'object' ? (args.config_params as Args) : {};
        const r = await upsertInstance(rt, session.projectId, name, {
          trigger_config: config,
          user_id: session.userId,
          ...(typeof args.connected_account_id === 'string' ? { connected_account_id: args.connected_account_id } : {}),
        });
        return done({
          trigger_details: { trigger_id: r.trigger_id, trigger_name: name.toUpperCase(), config: config },
        });
      }
      case 'COMPOSIO_GET_REQUIRED_PARAMETERS': {
        const tk = getToolkit(String(args.toolkit ?? '').toLowerCase());
        if (!tk) return failed(`Toolkit ${String(args.toolkit ?? '')} not found`);
        const managed = managedSchemes(tk);
        return done({
          toolkit: tk.slug,
          has_default_credentials:
            tk.noAuth || managed.some((m) => m === 'OAUTH2' || m === 'OAUTH1' || m === 'NO_AUTH'),
          required_parameters: tk.authSchemes.flatMap((s) =>
            s.connectionFields.required.map((f) => ({ ...f, auth_scheme: s.mode })),
          ),
          auth_schemes: tk.authSchemes.map((s) => ({
            mode: s.mode,
            connection_fields: s.connectionFields,
            auth_config_fields: s.authConfigFields,
          })),
        });
      }
      case 'COMPOSIO_GET_RESPONSE_SCHEMA': {
        const t = (await findTool(rt, session.projectId, String(args.tool ?? args.tool_slug ?? '')))?.tool;
        if (!t) return failed(`Tool ${String(args.tool ?? '')} not found`);
        return done({ tool: t.slug, response_schema: t.outputParameters });
      }
      case 'COMPOSIO_GET_DEPENDENCY_GRAPH': {
        const t = (await findTool(rt, session.projectId, String(args.tool_name ?? '')))?.tool;
        if (!t) return failed(`Tool ${String(args.tool_name ?? '')} not found`);
        return done({ tool_name: t.slug, parent_tools: parentsOf(t) });
      }
      case 'COMPOSIO_CREATE_PLAN':
        return done(await plan(rt, session, args));
      case 'COMPOSIO_REMOTE_BASH_TOOL': {
        if (typeof args.command !== 'string' || !args.command.trim())
          return failed('command must be a non-empty string');
        const box = userBox(session.projectId, session.userId);
        const r = await runShell(box, args.command, jsRunner(session.projectId, box, 30_000));
        return r.exit_code === 0 ? done({ ...r }) : failed(r.stderr.trim() || `exit code ${r.exit_code}`, { ...r });
      }
    }
  } catch (e) {
    if (e instanceof ApiError) return failed(e.message);
    if (e instanceof Error && e.constructor.name === 'BoxError') return failed(e.message);
    throw e;
  }
  return failed(`Unknown tool ${slug}`);
}

async function plan(rt: Runtime, session: Session, args: Args): Promise<Args> {
  const useCase = String(args.use_case ?? '').slice(0, 1024);
  let slugs = strings(args.primary_tool_slugs);
  const known = typeof args.known_fields === 'string' ? args.known_fields : '';
  if (!slugs.length && useCase) {
    const r = (await searchInSession(rt, session, [
      { use_case: useCase, ...(known ? { known_fields: known } : {}) },
    ])) as unknown as {
      results?: { primary_tool_slugs?: string[] }[];
    };
    slugs = r.results?.[0]?.primary_tool_slugs ?? [];
  }
  const knownKeys = known
    .split(',')
    .map((p) => p.split(':')[0]?.trim())
    .filter(Boolean);
  const steps: Args[] = [];
  const toolkits = new Set<string>();
  for (const slug of [...slugs, ...strings(args.related_tool_slugs)]) {
    const t = (await findTool(rt, session.projectId, slug))?.tool;
    if (!t) continue;
    if (!t.noAuth) toolkits.add(t.toolkit);
    const missing = (t.inputParameters.required ?? []).filter((r) => !knownKeys.includes(r));
    const parents = parentsOf(t).filter((p) => missing.some((m) => p.reason.endsWith(m)));
    for (const p of parents)
      if (!steps.some((s) => s.tool_slug === p.tool_name))
        steps.push({ tool_slug: p.tool_name, why: `find ${p.reason.replace('supplies ', '')} for ${t.slug}` });
    steps.push({
      tool_slug: t.slug,
      why: t.name,
      arguments_to_fill: missing,
      destructive: toolHints(t).includes('destructiveHint'),
    });
  }
  const workflow = [
    ...(toolkits.size
      ? [
          `Check the connections of ${[...toolkits].join(', ')} with COMPOSIO_MANAGE_CONNECTIONS; connect any that are missing.`,
        ]
      : []),
    ...steps.map((s, i) => `${i + 1 + (toolkits.size ? 1 : 0)}. ${String(s.tool_slug)}: ${String(s.why)}`),
    'Confirm with the user before running any step marked destructive; check each result before the next step.',
  ];
  return {
    workflow_instructions: {
      use_case: useCase,
      difficulty: args.difficulty ?? 'medium',
      toolkits: [...toolkits],
      steps,
      plan: workflow,
    },
  };
}
