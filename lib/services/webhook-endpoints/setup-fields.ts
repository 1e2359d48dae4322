/**
 * What each toolkit's inbound webhooks need to be verified, and how: the setup schema
 * (`GET /webhook_endpoints/schema`) and the verification kind at the door. HMAC kinds sign the body
 * (Slack and Stripe also a timestamp, checked against the replay window); Ed25519 signs timestamp +
 * body with the provider's key; token kinds compare a shared value the provider echoes; handshake kinds
 * learn their secret from the provider's first request (Asana's X-Hook-Secret, Notion's verification token).
 */
export interface SetupField {
  display_name: string;
  description: string;
  is_required: boolean;
  is_secret: boolean;
}

export type Verification =
  | 'slack_hmac'
  | 'github_hmac'
  | 'stripe_hmac'
  | 'discord_ed25519'
  | 'asana_handshake'
  | 'notion_handshake'
  | 'graph_client_state';

export interface EndpointKind {
  verification: Verification;
  fields: Record<string, SetupField>;
}

const secret = (display_name: string, description: string, is_required = true): SetupField => ({
  display_name,
  description,
  is_required,
  is_secret: true,
});

const graph: EndpointKind = {
  verification: 'graph_client_state',
  fields: {
    client_state: secret(
      'Client state',
      'The clientState value given when the Microsoft Graph subscription was created; every notification must carry it.',
    ),
  },
};

export const ENDPOINT_KINDS: Record<string, EndpointKind> = {
  slack: {
    verification: 'slack_hmac',
    fields: {
      webhook_signing_secret: secret(
        'Signing Secret',
        "Your Slack app's signing secret (Basic Information → App Credentials). Requests are verified with it.",
      ),
      app_token: secret(
        'App-Level Token',
        'An xapp- token with authorizations:read, used to find which connected users may see an app-level event.',
        false,
      ),
    },
  },
  slackbot: {
    verification: 'slack_hmac',
    fields: {
      webhook_signing_secret: secret('Signing Secret', "Your Slack app's signing secret."),
      app_token: secret('App-Level Token', 'An xapp- token with authorizations:read.', false),
    },
  },
  github: {
    verification: 'github_hmac',
    fields: { webhook_secret: secret('Webhook secret', 'The secret set on the GitHub App or repository webhook.') },
  },
  stripe: {
    verification: 'stripe_hmac',
    fields: { signing_secret: secret('Signing secret', 'The whsec_ signing secret of the Stripe webhook endpoint.') },
  },
  discord: {
    verification: 'discord_ed25519',
    fields: {
      public_key: {
        display_name: 'Public key',
        description: "Your Discord application's public key (hex), from the developer portal's General Information.",
        is_required: true,
        is_secret: false,
      },
    },
  },
  discordbot: {
    verification: 'discord_ed25519',
    fields: {
      public_key: {
        display_name: 'Public key',
        description: "Your Discord application's public key (hex).",
        is_required: true,
        is_secret: false,
      },
    },
  },
  asana: { verification: 'asana_handshake', fields: {} },
  notion: { verification: 'notion_handshake', fields: {} },
  outlook: graph,
  microsoft_teams: graph,
  one_drive: graph,
};

export function endpointKind(toolkit: string): EndpointKind | undefined {
  return ENDPOINT_KINDS[toolkit.toLowerCase()];
}
