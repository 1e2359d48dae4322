import { route } from '../router';
import * as c from '../../contract/webhooks';
import { Success } from '../../contract/common';
import {
  createSubscription,
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  rotateSecret,
  updateSubscription,
} from '../../services/webhooks/subscriptions';
import { getDelivery, listDeliveries, replayDelivery, testSubscription } from '../../services/webhooks/deliveries';
import { EVENT_TYPES } from '../../services/webhooks/payloads';

import { recorded } from './audited';

const tag = 'Webhook subscriptions';

export const webhookRoutes = [
  route({
    method: 'POST',
    path: '/webhook_subscriptions',
    tag,
    auth: 'project',
    status: 201,
    noRetry: true,
    summary:
      'Create the webhook subscription of the project (one per project; the secret is returned only here and by rotate_secret)',
    body: c.CreateWebhookSubscriptionBody,
    response: c.CreatedWebhookSubscription,
    handler: async (ctx) =>
      recorded(
        ctx,
        'webhook_subscription.create',
        await createSubscription(ctx.rt, ctx.auth.projectId, ctx.body),
        (r) => r.id,
      ),
  }),
  route({
    method: 'GET',
    path: '/webhook_subscriptions',
    tag,
    auth: 'project',
    summary: 'List webhook subscriptions',
    query: c.ListWebhookSubscriptionsQuery,
    response: c.WebhookSubscriptionList,
    handler: ({ rt, auth, query }) => listSubscriptions(rt, auth.projectId, query),
  }),
  route({
    method: 'GET',
    path: '/webhook_subscriptions/event_types',
    tag,
    auth: 'project',
    summary: 'List the event types a subscription can enable',
    response: c.WebhookEventTypes,
    handler: () => ({ items: EVENT_TYPES }),
  }),
  route({
    method: 'GET',
    path: '/webhook_subscriptions/{id}',
    tag,
    auth: 'project',
    summary: 'Get a webhook subscription',
    params: c.WebhookSubscriptionId,
    response: c.WebhookSubscription,
    handler: ({ rt, auth, params }) => getSubscription(rt, auth.projectId, params.id),
  }),
  route({
    method: 'PATCH',
    path: '/webhook_subscriptions/{id}',
    tag,
    auth: 'project',
    summary: 'Update URL, events or version',
    params: c.WebhookSubscriptionId,
    body: c.PatchWebhookSubscriptionBody,
    response: c.WebhookSubscription,
    handler: async (ctx) =>
      recorded(
        ctx,
        'webhook_subscription.update',
        await updateSubscription(ctx.rt, ctx.auth.projectId, ctx.params.id, ctx.body),
        ctx.params.id,
      ),
  }),
  route({
    method: 'DELETE',
    path: '/webhook_subscriptions/{id}',
    tag,
    auth: 'project',
    summary: 'Delete a webhook subscription (deliveries stop)',
    params: c.WebhookSubscriptionId,
    response: Success,
    handler: async (ctx) =>
      recorded(
        ctx,
        'webhook_subscription.delete',
        await deleteSubscription(ctx.rt, ctx.auth.projectId, ctx.params.id),
        ctx.params.id,
      ),
  }),
  route({
    method: 'POST',
    path: '/webhook_subscriptions/{id}/rotate_secret',
    tag,
    auth: 'project',
    noRetry: true,
    summary: 'Rotate the signing secret (the previous one keeps signing during an overlap window, 24 h by default)',
    params: c.WebhookSubscriptionId,
    response: c.RotateSecretResponse,
    handler: async (ctx) =>
      recorded(
        ctx,
        'webhook_subscription.rotate_secret',
        await rotateSecret(ctx.rt, ctx.auth.projectId, ctx.params.id),
        ctx.params.id,
      ),
  }),
  route({
    method: 'GET',
    path: '/webhook_subscriptions/{id}/deliveries',
    tag,
    auth: 'project',
    extension: true,
    summary: 'Deliveries of this subscription with every attempt (extension)',
    params: c.WebhookSubscriptionId,
    query: c.ListDeliveriesQuery,
    response: c.DeliveryList,
    handler: ({ rt, auth, params, query }) => listDeliveries(rt, auth.projectId, params.id, query),
  }),
  route({
    method: 'GET',
    path: '/webhook_subscriptions/{id}/deliveries/{message_id}',
    tag,
    auth: 'project',
    extension: true,
    summary: 'One delivery with every attempt (extension)',
    params: c.DeliveryParams,
    response: c.Delivery,
    handler: ({ rt, auth, params }) => getDelivery(rt, auth.projectId, params.id, params.message_id),
  }),
  route({
    method: 'POST',
    path: '/webhook_subscriptions/{id}/deliveries/{message_id}/replay',
    tag,
    auth: 'project',
    extension: true,
    noRetry: true,
    summary: 'Deliver a message again now, same webhook-id and body (extension)',
    params: c.DeliveryParams,
    response: c.Delivery,
    handler: ({ rt, auth, params }) => replayDelivery(rt, auth.projectId, params.id, params.message_id),
  }),
  route({
    method: 'POST',
    path: '/webhook_subscriptions/{id}/test',
    tag,
    auth: 'project',
    extension: true,
    noRetry: true,
    summary: 'Send signed test events and report the outcome (extension)',
    params: c.WebhookSubscriptionId,
    body: c.TestWebhookBody,
    response: c.TestWebhookResponse,
    handler: ({ rt, auth, params, body }) => testSubscription(rt, auth.projectId, params.id, body),
  }),
];
