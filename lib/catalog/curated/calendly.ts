/**
 * Calendly in the hosted vocabulary on API v2 (api.calendly.com). Resources are named by URI
 * (https://api.calendly.com/users/AAAA…) in filters and by their trailing uuid in paths; start
 * with CALENDLY_GET_CURRENT_USER for the user and organization URIs. Calendly's parameters are
 * already snake_case. Connect with OAuth2 (auth.calendly.com) or a personal access token.
 *
 * Every Calendly tool is one request with Calendly's own argument names, so all of them are data in
 * ../mappings/calendly.yaml; this file only declares the toolkit (no OpenAPI document describes it).
 */
import { apiKeyScheme, oauth2Scheme, standaloneToolkit } from './toolkit-def';

export const calendly = standaloneToolkit(
  {
    slug: 'calendly',
    name: 'Calendly',
    description:
      'Calendly scheduling: booked meetings and invitees, event types and open slots, scheduling links, cancellations, organization members and webhooks.',
    appUrl: 'https://calendly.com',
    categories: [{ slug: 'scheduling-booking', name: 'Scheduling & Booking' }],
    baseUrl: 'https://api.calendly.com',
    getCurrentUserEndpoint: '/users/me',
    authSchemes: [
      oauth2Scheme({
        authorizationUrl: 'https://auth.calendly.com/oauth/authorize',
        tokenUrl: 'https://auth.calendly.com/oauth/token',
        scopes: [],
      }),
      apiKeyScheme('Calendly personal access token (Integrations & apps → API and webhooks)', {
        in: 'bearer',
        field: 'api_key',
      }),
    ],
  },
  [],
);

/** Older slugs of tools above, renamed to the hosted names (same arguments). */
export const calendlyAliases: Record<string, string> = {
  CALENDLY_CANCEL_EVENT: 'CALENDLY_CANCEL_SCHEDULED_EVENT',
};
