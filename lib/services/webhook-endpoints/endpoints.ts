import { and, asc, eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { webhookEndpoints } from '../../db/schema';
import { decryptJson, encryptJson } from '../../crypto/secrets';
import { isId, newId } from '../../crypto/ids';
import { errors } from '../../contract/errors';
import { getToolkit } from '../../catalog/registry';
import { endpointKind, ENDPOINT_KINDS, type EndpointKind } from './setup-fields';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** Setup values the endpoint keeps that no one configures (secrets learnt from a provider handshake). */
const LEARNT = new Set(['hook_secret', 'verification_token']);

export function ingressUrl(rt: Runtime, row: Pick<EndpointRow, 'id' | 'toolkitSlug'>): string {
  return `${rt.config.publicUrl}/api/v3.1/webhook_ingress/${row.toolkitSlug}/${row.id}/trigger_event`;
}

export function endpointData(rt: Runtime, row: EndpointRow): Record<string, string> {
  return decryptJson<Record<string, string>>(rt.keyring, row.dataEnc) ?? {};
}

const mask = (v: string) => (v.length > 8 ? `${v.slice(0, 4)}...` : '****');

export function endpointView(rt: Runtime, row: EndpointRow) {
  const kind = endpointKind(row.toolkitSlug);
  const data = endpointData(rt, row);
  const shown = Object.entries(data).filter(([k]) => !LEARNT.has(k));
  return {
    id: row.id,
    toolkit_slug: row.toolkitSlug,
    client_id: row.clientId,
    webhook_url: ingressUrl(rt, row),
    data: shown.length
      ? Object.fromEntries(shown.map(([k, v]) => [k, kind?.fields[k]?.is_secret === false ? v : mask(v)]))
      : null,
    created_at: row.createdAt.toISOString(),
    verified_at: row.verifiedAt?.toISOString() ?? null,
  };
}

function kindOf(toolkit: string): EndpointKind {
  const slug = toolkit.toLowerCase();
  const kind = endpointKind(slug);
  if (!kind) {
    const known = getToolkit(slug);
    throw errors.badRequest(
      known ? `Toolkit ${slug} does not take webhook endpoints` : `Toolkit ${slug.slice(0, 80)} not found`,
      'Request_ValidationError',
      `Toolkits with webhook endpoints: ${Object.keys(ENDPOINT_KINDS).join(', ')}.`,
    );
  }
  return kind;
}

export function setupSchema(toolkit: string) {
  return { toolkit_slug: toolkit.toLowerCase(), setup_fields: kindOf(toolkit).fields };
}

function checkFields(kind: EndpointKind, data: Record<string, unknown>, full: boolean): Record<string, string> {
  const problems: string[] = [];
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) {
    if (!kind.fields[k]) problems.push(`body.data.${k.slice(0, 80)}: not a setup field of this toolkit`);
    else if (typeof v !== 'string' || !v.length || v.length > 4096)
      problems.push(`body.data.${k}: a non-empty string of at most 4096 characters`);
    else out[k] = v;
  }
  if (full)
    for (const [k, f] of Object.entries(kind.fields))
      if (f.is_required && out[k] === undefined) problems.push(`body.data.${k}: required`);
  if (problems.length) throw errors.validation('Invalid webhook endpoint setup data', problems);
  return out;
}

export async function loadEndpoint(rt: Runtime, projectId: string, id: string): Promise<EndpointRow> {
  if (!isId('webhookEndpoint', id)) throw errors.notFound('Webhook endpoint', id.slice(0, 80));
  const [row] = await rt.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.projectId, projectId)))
    .limit(1);
  if (!row) throw errors.notFound('Webhook endpoint', id);
  return row;
}

/** Idempotent per (toolkit, client id) within the project: the existing endpoint keeps its URL and secrets. */
export async function createEndpoint(
  rt: Runtime,
  projectId: string,
  body: { toolkit_slug: string; client_id: string },
): Promise<{ created: boolean; row: EndpointRow }> {
  kindOf(body.toolkit_slug);
  const toolkitSlug = body.toolkit_slug.toLowerCase();
  const inserted = await rt.db
    .insert(webhookEndpoints)
    .values({ id: newId('webhookEndpoint'), projectId, toolkitSlug, clientId: body.client_id })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { created: true, row: inserted[0] };
  const [row] = await rt.db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.projectId, projectId),
        eq(webhookEndpoints.toolkitSlug, toolkitSlug),
        eq(webhookEndpoints.clientId, body.client_id),
      ),
    )
    .limit(1);
  return { created: false, row: row! };
}

export async function listEndpoints(rt: Runtime, projectId: string, toolkit?: string) {
  const rows = await rt.db
    .select({
      id: webhookEndpoints.id,
      toolkit_slug: webhookEndpoints.toolkitSlug,
      client_id: webhookEndpoints.clientId,
    })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.projectId, projectId),
        toolkit ? eq(webhookEndpoints.toolkitSlug, toolkit.toLowerCase()) : undefined,
      ),
    )
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return { items: rows };
}

/** PATCH merges the given fields (a secret rotates this way); POST replaces them all. */
export async function writeEndpointData(
  rt: Runtime,
  projectId: string,
  id: string,
  data: Record<string, unknown>,
  mode: 'merge' | 'replace',
): Promise<EndpointRow> {
  const row = await loadEndpoint(rt, projectId, id);
  const kind = kindOf(row.toolkitSlug);
  const given = checkFields(kind, data, mode === 'replace');
  const current = endpointData(rt, row);
  const learnt = Object.fromEntries(Object.entries(current).filter(([k]) => LEARNT.has(k)));
  const next = mode === 'merge' ? { ...current, ...given } : { ...learnt, ...given };
  const [updated] = await rt.db
    .update(webhookEndpoints)
    .set({ dataEnc: encryptJson(rt.keyring, next), updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.projectId, projectId)))
    .returning();
  return updated!;
}

export async function deleteEndpoint(rt: Runtime, projectId: string, id: string) {
  const row = await loadEndpoint(rt, projectId, id);
  await rt.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.projectId, projectId)));
  return { id: row.id, deleted: true };
}
