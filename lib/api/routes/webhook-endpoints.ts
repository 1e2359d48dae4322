import { Reply, route } from '../router';
import * as c from '../../contract/webhook-endpoints';
import {
  createEndpoint,
  deleteEndpoint,
  endpointView,
  listEndpoints,
  loadEndpoint,
  setupSchema,
  writeEndpointData,
} from '../../services/webhook-endpoints/endpoints';
import { handleEndpointIngress } from '../../services/webhook-endpoints/ingress';

const tag = 'Webhook endpoints';
// Provider deliveries are small; a cap well above the largest (Slack's 3 MB file events) and far below memory.
const MAX_INGRESS_BYTES = 5 * 1024 * 1024;

export const webhookEndpointRoutes = [
  route({
    method: 'GET',
    path: '/webhook_endpoints/schema',
    tag,
    auth: 'project',
    summary: "The setup fields a toolkit's webhook endpoint takes",
    query: c.WebhookEndpointSchemaQuery,
    response: c.WebhookEndpointSetupSchema,
    handler: ({ query }) => setupSchema(query.toolkit_slug),
  }),
  route({
    method: 'POST',
    path: '/webhook_endpoints',
    tag,
    auth: 'project',
    summary: 'Create the webhook endpoint of a toolkit and OAuth app (idempotent: 200 with the existing one)',
    body: c.CreateWebhookEndpointBody,
    response: c.WebhookEndpoint,
    handler: async ({ rt, auth, body }) => {
      const { created, row } = await createEndpoint(rt, auth.projectId, body);
      return new Reply(created ? 201 : 200, endpointView(rt, row));
    },
  }),
  route({
    method: 'GET',
    path: '/webhook_endpoints',
    tag,
    auth: 'project',
    summary: 'List webhook endpoints',
    query: c.ListWebhookEndpointsQuery,
    response: c.WebhookEndpointList,
    handler: ({ rt, auth, query }) => listEndpoints(rt, auth.projectId, query.toolkit_slug),
  }),
  route({
    method: 'GET',
    path: '/webhook_endpoints/{nano_id}',
    tag,
    auth: 'project',
    summary: 'Get a webhook endpoint (secret setup values masked)',
    params: c.WebhookEndpointId,
    response: c.WebhookEndpoint,
    handler: async ({ rt, auth, params }) => endpointView(rt, await loadEndpoint(rt, auth.projectId, params.nano_id)),
  }),
  route({
    method: 'POST',
    path: '/webhook_endpoints/{nano_id}',
    tag,
    auth: 'project',
    summary: 'Replace the setup data (every required field; omitted fields are cleared)',
    params: c.WebhookEndpointId,
    body: c.WebhookEndpointDataBody,
    response: c.WebhookEndpoint,
    handler: async ({ rt, auth, params, body }) =>
      endpointView(rt, await writeEndpointData(rt, auth.projectId, params.nano_id, body.data, 'replace')),
  }),
  route({
    method: 'PATCH',
    path: '/webhook_endpoints/{nano_id}',
    tag,
    auth: 'project',
    summary: 'Merge setup data (only the given fields change; rotates a signing secret)',
    params: c.WebhookEndpointId,
    body: c.WebhookEndpointDataBody,
    response: c.WebhookEndpoint,
    handler: async ({ rt, auth, params, body }) =>
      endpointView(rt, await writeEndpointData(rt, auth.projectId, params.nano_id, body.data, 'merge')),
  }),
  route({
    method: 'DELETE',
    path: '/webhook_endpoints/{nano_id}',
    tag,
    auth: 'project',
    summary: 'Delete a webhook endpoint (its ingress URL stops answering)',
    params: c.WebhookEndpointId,
    response: c.DeletedWebhookEndpoint,
    handler: ({ rt, auth, params }) => deleteEndpoint(rt, auth.projectId, params.nano_id),
  }),
  route({
    method: 'POST',
    path: '/webhook_ingress/{toolkit_slug}/{nano_id}/trigger_event',
    tag,
    auth: 'none',
    ipLimit: true,
    summary: "Provider deliveries for a webhook endpoint: verified against the endpoint's secrets, handshakes answered",
    params: c.WebhookIngressParams,
    maxBody: MAX_INGRESS_BYTES,
    handler: async ({ rt, params, req }) => {
      const out = await handleEndpointIngress(rt, params.toolkit_slug, params.nano_id, {
        header: (n) => req.header(n),
        query: (n) => req.search.get(n) ?? undefined,
        readBody: () => req.body(),
      });
      return new Reply(out.status, out.body, out.headers ?? {});
    },
  }),
];
