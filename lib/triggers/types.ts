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
  match: {
    event: string;
    action?: string;
    /** Slack: only messages of these conversation kinds (channel, group, im, mpim) */
    channelTypes?: string[];
    /** Slack: only messages posted by a bot (true) or by a person (false) */
    bot?: boolean;
  };
  /** trigger_config fields this type takes besides the provider's own (JSON Schema properties) */
  extraConfig?: Record<string, unknown>;
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
  /**
   * the items of the tool's `data` when they are not one list at `itemsAt`: a single object to
   * watch (`[data]`), rows of a range, an object's entries; undefined = the response is not usable
   */
  items?(data: unknown, config: Record<string, any>): Item[] | undefined;
  /**
   * Compare each listed item with its snapshot from the previous poll instead of firing once per
   * new key: `key` is then the item's identity and `fingerprint` what counts as a change.
   */
  watch?: WatchSpec;
  /** identity of an item; for "new or updated" types include the update stamp */
  key(item: Item): string | undefined;
  /** ordering stamp (ISO time or a number as string); items older than the watermark are never new */
  stamp?(item: Item): string | number | undefined;
  /** items that are listed but are not this trigger's events (e.g. pull requests in the issues list) */
  filter?(item: Item, config: Record<string, any>): boolean;
  /** optional second call per new item (e.g. a Gmail message's content) */
  enrich?: { tool: string; args(item: Item, config: Record<string, any>): Record<string, unknown> };
  /** the event payload (`data` of composio.trigger.message); `change` is set for `watch` types */
  map(item: Item, config: Record<string, any>, change?: Change): Record<string, unknown>;
  /** default interval in minutes */
  defaultIntervalMinutes?: number;
}

/** Which transitions of a watched item fire, and what is kept of it between polls. */
export interface WatchSpec {
  /** the part of an item whose change fires (compared as JSON) */
  fingerprint(item: Item): unknown;
  /** what is kept of an item for the next comparison and for a removal event (default: nothing) */
  keep?(item: Item): Item;
  /** transitions that fire: an identity not listed before, a changed fingerprint, an identity gone */
  on: ('added' | 'changed' | 'removed')[];
  /**
   * the listing is partial (filtered by time): unlisted items keep their snapshot and cannot be
   * reported as removed
   */
  partial?: boolean;
}

/** How a watched item changed since the previous poll. */
export interface Change {
  kind: 'added' | 'changed' | 'removed';
  /** what was kept of the item at the previous poll (WatchSpec.keep) */
  previous?: Item;
}

export interface PollCursor {
  /** the first poll records what exists and emits nothing */
  primed?: boolean;
  /** highest stamp seen */
  watermark?: string | number;
  /** recently seen keys (bounded) */
  seen?: string[];
  last_polled_at?: string;
  /** watch types: identity → fingerprint (JSON) and what was kept of the item */
  snapshot?: Record<string, { f: string; k?: Item }>;
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
