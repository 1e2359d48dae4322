import { z } from 'zod';

/** Webhook endpoints, the hosted "Triggers V2" (v3.1-surface.md §6). */
export const WebhookEndpointId = z.object({ nano_id: z.string() });

export const WebhookEndpointSchemaQuery = z.object({ toolkit_slug: z.string().min(1).max(100) });

export const CreateWebhookEndpointBody = z.object({
  toolkit_slug: z.string().min(1).max(100).describe('Toolkit whose provider sends the webhooks'),
  client_id: z.string().min(1).max(500).describe('OAuth client id of the app the webhooks belong to'),
});

export const WebhookEndpointDataBody = z.object({
  data: z.record(z.string(), z.unknown()).describe('Setup fields (GET /webhook_endpoints/schema lists them)'),
});

export const ListWebhookEndpointsQuery = z.object({ toolkit_slug: z.string().max(100).optional() });

export const WebhookEndpoint = z.object({
  id: z.string(),
  toolkit_slug: z.string(),
  client_id: z.string().nullable(),
  webhook_url: z.string().describe('Ingress URL to register with the provider; immutable'),
  data: z.record(z.string(), z.string()).nullable().describe('Configured setup fields; secret values masked'),
  created_at: z.string(),
  verified_at: z.string().nullable().describe('When the first request from the provider verified'),
});

export const WebhookEndpointList = z.object({
  items: z.array(z.object({ id: z.string(), toolkit_slug: z.string(), client_id: z.string().nullable() })),
});

export const WebhookEndpointSetupSchema = z.object({
  toolkit_slug: z.string(),
  setup_fields: z.record(
    z.string(),
    z.object({ display_name: z.string(), description: z.string(), is_required: z.boolean(), is_secret: z.boolean() }),
  ),
});

export const DeletedWebhookEndpoint = z.object({ id: z.string(), deleted: z.boolean() });

export const WebhookIngressParams = z.object({ toolkit_slug: z.string(), nano_id: z.string() });
