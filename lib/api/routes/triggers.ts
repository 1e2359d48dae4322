import { z } from 'zod';
import { Reply, route } from '../router';
import { namedError } from '../../contract/errors';
import { pageArray } from '../../contract/query';
import * as c from '../../contract/triggers';
import { listTriggerTypes, triggerCount, typeView } from '../../triggers/registry';
import { setTriggerCounter } from '../../services/toolkits/list';
import {
  deleteInstance,
  getInstance,
  listActive,
  loadInstance,
  loadType,
  setInstanceStatus,
  upsertInstance,
} from '../../services/triggers/instances';
import { listLogs } from '../../services/triggers/logs';
import { handleIngress } from '../../services/triggers/webhooks';

setTriggerCounter(triggerCount);

const tag = 'Triggers';
/** GitHub caps webhook payloads at 25 MB; Stripe and Slack send far less. */
const MAX_INGRESS_BYTES = 25 * 1024 * 1024;

export const triggerRoutes = [
  // ── realtime ──
  // The SDK's triggers.subscribe() asks here for Pusher credentials, then connects to Pusher's hosted
  // cluster (its client takes no host), which a self-hosted service cannot be. Answering 501 with the
  // way that does work beats a bare 404 "no route" in the error the SDK wraps.
  route({
    method: 'GET',
    path: '/internal/sdk/realtime/credentials',
    tag,
    auth: 'project',
    extension: true,
    summary: 'Realtime trigger credentials: not offered; events are delivered through webhook subscriptions',
    response: z.object({}),
    handler: () => {
      throw namedError(
        'Operation_NotSupported',
        'Realtime trigger subscriptions (triggers.subscribe) need the hosted Pusher channel: Junction delivers trigger events through a webhook subscription instead',
        {
          suggested_fix:
            'Receive trigger events through a webhook subscription: composio.webhooks.subscriptions.set({ webhookUrl })',
          // asking again cannot succeed: the SDK's client would otherwise retry a 5xx
          headers: { 'x-should-retry': 'false' },
        },
      );
    },
  }),
  // ── types ──
  route({
    method: 'GET',
    path: '/triggers_types',
    tag,
    auth: 'project',
    summary: 'List trigger types',
    query: c.ListTriggerTypesQuery,
    response: c.TriggerTypeList,
    handler: ({ query }) => {
      const wanted = query.toolkit_slugs?.map((s) => s.toLowerCase());
      const all = listTriggerTypes().filter((t) => !wanted || wanted.includes(t.toolkit));
      const page = pageArray(all, query.cursor, query.limit ?? 20);
      return { ...page, items: page.items.map(typeView) };
    },
  }),
  route({
    method: 'GET',
    path: '/triggers_types/list/enum',
    tag,
    auth: 'project',
    summary: 'List trigger type slugs',
    response: c.TriggerTypeEnum,
    handler: () => listTriggerTypes().map((t) => t.slug),
  }),
  route({
    method: 'GET',
    path: '/triggers_types/{slug}',
    tag,
    auth: 'project',
    summary: 'Get a trigger type',
    params: c.TriggerTypeSlug,
    query: c.GetTriggerTypeQuery,
    response: c.TriggerType,
    handler: ({ params }) => typeView(loadType(params.slug)),
  }),
  // ── instances ──
  route({
    method: 'POST',
    path: '/trigger_instances/{slug}/upsert',
    tag,
    auth: 'project',
    summary: 'Create or re-enable a trigger instance',
    params: z.object({ slug: z.string().min(1).max(200) }),
    body: c.UpsertTriggerBody,
    response: c.UpsertTriggerResponse,
    handler: ({ rt, auth, params, body }) => upsertInstance(rt, auth.projectId, params.slug, body),
  }),
  route({
    method: 'GET',
    path: '/trigger_instances/active',
    tag,
    auth: 'project',
    summary: 'List trigger instances',
    query: c.ListActiveQuery,
    response: c.TriggerInstanceList,
    handler: ({ rt, auth, query }) => listActive(rt, auth.projectId, query),
  }),
  route({
    method: 'PATCH',
    path: '/trigger_instances/manage/{triggerId}',
    tag,
    auth: 'project',
    summary: 'Enable or disable a trigger instance',
    params: c.TriggerInstanceId,
    body: c.ManageBody,
    response: c.ManageResponse,
    handler: ({ rt, auth, params, body }) => setInstanceStatus(rt, auth.projectId, params.triggerId, body.status),
  }),
  route({
    method: 'DELETE',
    path: '/trigger_instances/manage/{triggerId}',
    tag,
    auth: 'project',
    summary: 'Delete a trigger instance',
    params: c.TriggerInstanceId,
    response: c.DeleteTriggerResponse,
    handler: ({ rt, auth, params }) => deleteInstance(rt, auth.projectId, params.triggerId),
  }),
  // ── extensions ──
  route({
    method: 'GET',
    path: '/trigger_instances/manage/{triggerId}',
    tag,
    auth: 'project',
    extension: true,
    summary: 'Get one trigger instance (extension)',
    params: c.TriggerInstanceId,
    response: c.TriggerInstance,
    handler: ({ rt, auth, params }) => getInstance(rt, auth.projectId, params.triggerId),
  }),
  route({
    method: 'GET',
    path: '/trigger_instances/{triggerId}/logs',
    tag,
    auth: 'project',
    extension: true,
    summary: 'Trigger log: every poll, inbound delivery and status change with its outcome (extension)',
    params: c.TriggerInstanceId,
    query: c.TriggerLogQuery,
    response: c.TriggerLogList,
    handler: async ({ rt, auth, params, query }) => {
      const inst = await loadInstance(rt.db, auth.projectId, params.triggerId);
      return listLogs(rt, auth.projectId, inst.id, query);
    },
  }),
  route({
    method: 'POST',
    path: '/trigger_ingress/{triggerId}',
    tag,
    auth: 'none',
    extension: true,
    summary: 'Inbound provider deliveries for webhook triggers (GitHub, Stripe, Slack; signature-verified) (extension)',
    params: c.TriggerInstanceId,
    maxBody: MAX_INGRESS_BYTES,
    handler: async ({ rt, params, req }) => {
      // the body (capped by maxBody) is read by handleIngress once the trigger is known
      const out = await handleIngress(rt, params.triggerId, {
        header: (n) => req.header(n),
        readBody: () => req.body(),
      });
      return new Reply(out.status, out.body, { 'content-type': 'application/json' });
    },
  }),
];
