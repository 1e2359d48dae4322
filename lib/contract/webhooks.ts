import { z } from 'zod';
import { ListEnvelope } from './common';
import { qInt, qStrings } from './query';

/** Webhook subscriptions (seed-api-v3.md: the subscription object and POST /webhook_subscriptions). */
export const WebhookVersion = z.enum(['V1', 'V2', 'V3']);

export const WebhookSubscriptionId = z.object({ id: z.string() });

export const CreateWebhookSubscriptionBody = z.object({
  webhook_url: z.url({ protocol: /^https?$/ }).describe('HTTPS URL receiving the events'),
  enabled_events: z.array(z.string()).describe('Event types to subscribe to'),
  version: WebhookVersion.optional().describe('Payload version (default V3)'),
});

export const PatchWebhookSubscriptionBody = z.object({
  webhook_url: z.url({ protocol: /^https?$/ }).optional(),
  enabled_events: z.array(z.string()).optional(),
  version: WebhookVersion.optional(),
  enabled: z
    .boolean()
    .optional()
    .describe('Junction extension: re-enable a subscription the service disabled, or disable it'),
});

const subscriptionFields = {
  id: z.string(),
  webhook_url: z.string(),
  version: WebhookVersion,
  enabled_events: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  // Junction extensions: delivery health
  status: z
    .enum(['enabled', 'disabled'])
    .describe('Junction extension: disabled after 410 Gone or five days of failures'),
  disabled_reason: z.string().nullable(),
  disabled_at: z.string().nullable(),
  secret_rotated_at: z.string().nullable(),
  previous_secret_expires_at: z
    .string()
    .nullable()
    .describe('Junction extension: until then deliveries are also signed with the previous secret'),
};

/** GET/PATCH/list: the secret is never shown again. */
export const WebhookSubscription = z.object(subscriptionFields);
/** 201 of create: the only response carrying `secret`. */
export const CreatedWebhookSubscription = z.object({ ...subscriptionFields, secret: z.string() });
export const WebhookSubscriptionList = ListEnvelope(WebhookSubscription);

export const ListWebhookSubscriptionsQuery = z.object({
  limit: qInt(1, 50),
  cursor: z.string().optional(),
});

export const RotateSecretResponse = z.object({ id: z.string(), secret: z.string() });

export const WebhookEventTypes = z.object({
  items: z.array(
    z.object({ event_type: z.string(), description: z.string(), supported_versions: z.array(WebhookVersion) }),
  ),
});

// ---- Deliveries (Junction extension) ----

export const DeliveryStatus = z.enum(['pending', 'delivering', 'delivered', 'failed', 'cancelled']);

export const DeliveryAttempt = z.object({
  attempt: z.number().int(),
  trigger: z.string().describe('scheduled · replay · test'),
  created_at: z.string(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  success: z.boolean(),
  error: z.string().nullable(),
  response_excerpt: z.string().nullable(),
});

export const Delivery = z.object({
  id: z.string().describe('message id = webhook-id header = V3 payload id'),
  event_type: z.string(),
  status: DeliveryStatus,
  version: WebhookVersion.nullable(),
  attempt_count: z.number().int(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  payload: z.unknown().nullable().describe('the exact JSON body sent (null before the first attempt)'),
  attempts: z.array(DeliveryAttempt),
});
export const DeliveryList = ListEnvelope(Delivery);

export const ListDeliveriesQuery = z.object({
  status: qStrings(),
  event_type: qStrings(),
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
  limit: qInt(1, 200),
  cursor: z.string().optional(),
});

export const DeliveryParams = z.object({ id: z.string(), message_id: z.string() });

export const TestWebhookBody = z.object({
  count: z.number().int().min(1).max(1000).optional().describe('number of test events (default 1)'),
  async: z
    .boolean()
    .optional()
    .describe('queue the events and return at once (default false: deliver now and report; at most 20 events)'),
  data: z.record(z.string(), z.unknown()).optional().describe('extra fields for the test payload `data`'),
});

export const TestOutcome = z.object({
  message_id: z.string(),
  status: DeliveryStatus,
  attempt: DeliveryAttempt.nullable(),
});
export const TestWebhookResponse = z.object({ subscription_id: z.string(), items: z.array(TestOutcome) });
