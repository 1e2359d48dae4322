/** Paths of our extension endpoints, in one place: other v3 servers may lack them (the panels say so). */
export const paths = {
  webhookSubscriptions: '/webhook_subscriptions',
  webhookEventTypes: '/webhook_subscriptions/event_types',
  webhookSubscription: (id: string) => `/webhook_subscriptions/${id}`,
  webhookRotate: (id: string) => `/webhook_subscriptions/${id}/rotate_secret`,
  webhookDeliveries: (id: string) => `/webhook_subscriptions/${id}/deliveries`,
  webhookReplay: (id: string, messageId: string) => `/webhook_subscriptions/${id}/deliveries/${messageId}/replay`,
  webhookTest: (id: string) => `/webhook_subscriptions/${id}/test`,
  triggerLogs: (triggerId: string) => `/trigger_instances/${triggerId}/logs`,
  toolLogs: '/logs/tools',
} as const;

export const TRIGGER_ERROR_OUTCOMES = 'provider_error,rate_limited,auth_error,signature_rejected,error';
