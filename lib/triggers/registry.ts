/**
 * Run-time registry of trigger types: declarative poll types, webhook types compiled from the
 * providers' event descriptions (data/webhook-types.json.gz) and the hand-declared Slack events.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { getToolkit } from '../catalog/registry';
import { POLL_TYPES } from './poll-types';
import { SLACK_EVENT_TYPES } from './slack-events';
import type { CompiledWebhookType, JsonSchema, PollTypeDef, TriggerTypeView } from './types';
import { envValue } from '../config';

export type TriggerTypeDef = ({ kind: 'poll' } & PollTypeDef) | ({ kind: 'webhook' } & CompiledWebhookType);

interface State {
  list: TriggerTypeDef[];
  bySlug: Map<string, TriggerTypeDef>;
  version: string;
}
let state: State | undefined;

function dataFile() {
  return path.join(
    envValue('JUNCTION_TRIGGERS_DIR') || path.join(process.cwd(), 'lib', 'triggers', 'data'),
    'webhook-types.json.gz',
  );
}

function load(): State {
  if (state) return state;
  const file = dataFile();
  let compiled: CompiledWebhookType[] = [];
  let version = '20251101_00';
  if (existsSync(file)) {
    const parsed = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as {
      version: string;
      types: CompiledWebhookType[];
    };
    compiled = parsed.types;
    version = parsed.version;
  }
  const list: TriggerTypeDef[] = [
    ...POLL_TYPES.map((p) => ({ kind: 'poll' as const, ...p })),
    ...[...compiled, ...SLACK_EVENT_TYPES].map((w) => ({ kind: 'webhook' as const, ...w })),
  ].filter((t) => getToolkit(t.toolkit));
  state = { list, bySlug: new Map(list.map((t) => [t.slug, t])), version };
  return state;
}

export function listTriggerTypes(): TriggerTypeDef[] {
  return load().list;
}

export function getTriggerType(slug: string): TriggerTypeDef | undefined {
  return load().bySlug.get(slug.toUpperCase());
}

export function triggerCount(toolkit: string): number {
  const t = toolkit.toLowerCase();
  return load().list.filter((x) => x.toolkit === t).length;
}

export function triggerTypesVersion(): string {
  return load().version;
}

const INTERVAL = {
  type: 'number',
  title: 'Interval',
  description:
    'Minutes between two polls. The server applies its minimum interval (1 minute unless configured otherwise).',
  default: 1,
  minimum: 0,
};

/** JSON Schema of trigger_config for a type. */
export function configSchema(t: TriggerTypeDef): JsonSchema {
  if (t.kind === 'poll') {
    const base = t.config as { properties?: Record<string, unknown>; required?: string[] };
    return {
      type: 'object',
      title: `${t.name} config`,
      properties: { ...(base.properties ?? {}), interval: { ...INTERVAL, default: t.defaultIntervalMinutes ?? 1 } },
      ...(base.required?.length ? { required: base.required } : {}),
      additionalProperties: false,
    };
  }
  if (t.provider === 'github') {
    return {
      type: 'object',
      title: `${t.name} config`,
      properties: {
        owner: { type: 'string', description: 'Owner of the repository (user or organization)' },
        repo: { type: 'string', description: 'Repository name' },
      },
      required: ['owner', 'repo'],
      additionalProperties: false,
    };
  }
  if (t.provider === 'slack') {
    return {
      type: 'object',
      title: `${t.name} config`,
      properties: {
        signing_secret: {
          type: 'string',
          minLength: 8,
          writeOnly: true,
          description: 'Signing secret of the Slack app (Basic Information page); kept encrypted, never echoed',
        },
        channel: { type: 'string', description: 'Only events of this channel id' },
        ...(t.extraConfig ?? {}),
      },
      required: ['signing_secret'],
      additionalProperties: false,
    };
  }
  // Stripe: Junction creates the endpoint itself; a signing secret given here means the user made it by hand
  return {
    type: 'object',
    title: `${t.name} config`,
    properties: {
      signing_secret: {
        type: 'string',
        minLength: 8,
        writeOnly: true,
        description:
          'Only when you created the Stripe webhook endpoint yourself: its signing secret (whsec_…); kept encrypted, never echoed',
      },
    },
    additionalProperties: false,
  };
}

export function instructionsOf(t: TriggerTypeDef): string {
  if (t.kind === 'poll') {
    return (
      (t.instructions ? `${t.instructions}\n\n` : '') +
      `Junction polls ${t.tool} with the connected account's credentials every \`interval\` minutes and sends one composio.trigger.message per new item. The first poll records what already exists and sends nothing.`
    );
  }
  if (t.provider === 'github') {
    return (
      `Junction creates a repository webhook (event \`${t.match.event}\`) pointing at its ingress URL when the instance is created, and deletes it with the instance. ` +
      'If the connected account may not manage hooks, the instance state shows the payload URL and secret to enter in the repository settings (content type application/json). Deliveries are verified with X-Hub-Signature-256.'
    );
  }
  if (t.provider === 'stripe') {
    return `Junction creates a Stripe webhook endpoint for \`${t.match.event}\` with the connected account's key and keeps its signing secret; deliveries are verified with Stripe-Signature.`;
  }
  return (
    'Paste the Request URL shown in the instance state into your Slack app (Event Subscriptions) and subscribe to the bot event ' +
    `\`${t.match.event}\`. Give the app's signing secret as trigger_config.signing_secret: deliveries are verified with X-Slack-Signature and the URL-verification handshake is answered.`
  );
}

export function typeView(t: TriggerTypeDef): TriggerTypeView {
  const tk = getToolkit(t.toolkit)!;
  return {
    slug: t.slug,
    name: t.name,
    description: t.description,
    instructions: instructionsOf(t),
    type: t.kind,
    config: configSchema(t),
    payload: t.payload as JsonSchema,
    toolkit: { slug: tk.slug, name: tk.name, logo: tk.logo },
    version: tk.version || triggerTypesVersion(),
  };
}
