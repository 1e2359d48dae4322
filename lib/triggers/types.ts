/**
 * Trigger type definitions. Poll types are declared over the catalog's list operations
 * (lib/triggers/poll-types.ts); webhook types are compiled from the providers' own event
 * descriptions (scripts/triggers/build.ts → data/webhook-types.json.gz) or declared by hand
 * where no package ships them (Slack: lib/triggers/slack-events.ts).
 */
export type JsonSchema = Record<string, unknown>;

export type WebhookProvider = 'github' | 'stripe' | 'slack';

/** A webhook type as compiled at build time. */
export interface CompiledWebhookType {
  slug: string;
  toolkit: string;
  name: string;
  description: string;
  provider: WebhookProvider;
  /** what an inbound delivery must carry to be this type's event */
  match: { event: string; action?: string };
  payload: JsonSchema;
  docs?: string;
  source: string;
}

/** One item of a provider list, as the poller sees it. */
export type Item = Record<string, unknown>;

export interface PollTypeDef {
  slug: string;
  toolkit: string;
  name: string;
  description: string;
  instructions?: string;
  /** JSON Schema of trigger_config (without `interval`, which every poll type gets) */
  config: JsonSchema;
  payload: JsonSchema;
  /** catalog tool slug of the list operation */
  tool: string;
  /** arguments of the list call from the config and the stored cursor */
  args(config: Record<string, any>, cursor: PollCursor): Record<string, unknown>;
  /** where the items are in the tool's `data` ('' = data itself is the array) */
  itemsAt: string;
  /** identity of an item; for "new or updated" types include the update stamp */
  key(item: Item): string | undefined;
  /** ordering stamp (ISO time or a number as string); items older than the watermark are never new */
  stamp?(item: Item): string | number | undefined;
  /** items that are listed but are not this trigger's events (e.g. pull requests in the issues list) */
  filter?(item: Item, config: Record<string, any>): boolean;
  /** optional second call per new item (e.g. a Gmail message's content) */
  enrich?: { tool: string; args(item: Item, config: Record<string, any>): Record<string, unknown> };
  /** the event payload (`data` of composio.trigger.message) */
  map(item: Item, config: Record<string, any>): Record<string, unknown>;
  /** default interval in minutes */
  defaultIntervalMinutes?: number;
}

export interface PollCursor {
  /** the first poll records what exists and emits nothing */
  primed?: boolean;
  /** highest stamp seen */
  watermark?: string | number;
  /** recently seen keys (bounded) */
  seen?: string[];
  last_polled_at?: string;
}

/** The public shape of a trigger type (GET /triggers_types/{slug}). */
export interface TriggerTypeView {
  slug: string;
  name: string;
  description: string;
  instructions: string;
  type: 'webhook' | 'poll';
  config: JsonSchema;
  payload: JsonSchema;
  toolkit: { slug: string; name: string; logo: string };
  version: string;
}
