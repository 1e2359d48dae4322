import { describe, expect, it } from 'vitest';
import { maskResponse } from '../../lib/dashboard/mask';

/** What the dashboard's browser-facing proxy (/api/dash/v3) hands to the page. */
describe('dashboard masking of webhook delivery payloads', () => {
  const account = {
    id: 'ca_1',
    status: 'EXPIRED',
    state: {
      authScheme: 'OAUTH2',
      val: { access_token: 'gho_live_access_token_123', refresh_token: 'ghr_live_refresh_456', subdomain: 'acme' },
    },
    data: { access_token: 'gho_live_access_token_123', subdomain: 'acme' },
  };
  const delivery = {
    id: 'msg_1',
    event_type: 'composio.connected_account.expired',
    payload: { id: 'msg_1', type: 'composio.connected_account.expired', data: account },
    attempts: [],
  };

  it('masks secrets at any depth of a delivery payload, in lists and single reads', () => {
    const list = maskResponse('/webhook_subscriptions/ws_1/deliveries', {
      items: [delivery],
      next_cursor: null,
    }) as any;
    const one = maskResponse('/webhook_subscriptions/ws_1/deliveries/msg_1', delivery) as any;
    for (const d of [list.items[0], one]) {
      expect(JSON.stringify(d)).not.toContain('gho_live_access_token_123');
      expect(JSON.stringify(d)).not.toContain('ghr_live_refresh_456');
      expect(d.payload.data.state.val.access_token).toBe('gho_••••');
      expect(d.payload.data.state.val.subdomain).toBe('acme');
      expect(d.payload.data.status).toBe('EXPIRED');
    }
  });

  it("leaves a subscription's signing secret (shown once on create and rotate) alone", () => {
    const rotated = { id: 'ws_1', secret: 'whsec_shown_once_abcdef' };
    expect(maskResponse('/webhook_subscriptions/ws_1/rotate_secret', rotated)).toEqual(rotated);
  });
});

describe('dashboard masking of accounts the API already masked', () => {
  it("shows the API's `abcd...` in the dashboard's form, and masks clear values of an opted-out project", () => {
    const masked = maskResponse('/connected_accounts/ca_1', {
      id: 'ca_1',
      state: { authScheme: 'API_KEY', val: { api_key: 'sk_l...', short_token: '****', region: 'eu' } },
    }) as any;
    expect(masked.state.val).toEqual({ api_key: 'sk_l••••', short_token: '••••', region: 'eu' });
    const clear = maskResponse('/connected_accounts/ca_2', {
      id: 'ca_2',
      state: { authScheme: 'API_KEY', val: { api_key: 'sk_live_alice_secret_value' } },
    }) as any;
    expect(clear.state.val.api_key).toBe('sk_l••••');
  });
});
