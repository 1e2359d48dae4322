/**
 * The set-up most integration tests repeat: an auth config with the test's own credentials and a
 * connected account whose stored state already holds a token and points at a loopback fake
 * (`base_url`), or a server whose trigger events go to a real HTTPS receiver.
 */
import { expect } from 'vitest';
import type { Receiver } from './https-receiver';
import { startServer, type TestServer } from './server';

export interface FakeConnection {
  toolkit: string;
  authScheme: string;
  /** the connection's state values (token, base_url, …); `status: 'ACTIVE'` is added in front */
  val: Record<string, unknown>;
  userId: string;
  /** the auth config's credentials, e.g. an OAuth2 client; none by default */
  credentials?: Record<string, unknown>;
}

/** an active connected account of `toolkit` on a custom-auth config; fails the set-up on any non-201 */
export async function connectToFake(
  s: TestServer,
  c: FakeConnection,
): Promise<{ accountId: string; authConfigId: string }> {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: c.toolkit },
    auth_config: { type: 'use_custom_auth', authScheme: c.authScheme, credentials: c.credentials ?? {} },
  });
  expect(ac.status, JSON.stringify(ac.body)).toBe(201);
  const authConfigId = ac.body.auth_config.id as string;
  const ca = await s.api('POST', '/connected_accounts', {
    auth_config: { id: authConfigId },
    connection: { user_id: c.userId, state: { authScheme: c.authScheme, val: { status: 'ACTIVE', ...c.val } } },
  });
  expect(ca.status, JSON.stringify(ca.body)).toBe(201);
  return { accountId: ca.body.id as string, authConfigId };
}

/** retries, sweeps and polls fast enough for a test to watch a trigger fire and its event arrive */
const QUICK_TRIGGERS_ENV = {
  JUNCTION_WEBHOOK_RETRY_SCHEDULE: '0,1,1',
  JUNCTION_WEBHOOK_JITTER: '0',
  JUNCTION_WEBHOOK_SWEEP_SECONDS: '1',
  JUNCTION_TRIGGER_MIN_INTERVAL_MS: '300',
  JUNCTION_TRIGGER_SWEEP_MS: '1000',
  JUNCTION_TRIGGER_JITTER: '0',
};

/**
 * A server that trusts the receiver's certificate and has one V3 webhook subscription for
 * `events` at the receiver, which then checks every delivery's signature.
 */
export async function subscribedServer(
  rx: Receiver,
  events: string[] = ['composio.trigger.message'],
): Promise<TestServer> {
  const s = await startServer({ env: { NODE_EXTRA_CA_CERTS: rx.caFile, ...QUICK_TRIGGERS_ENV } });
  try {
    const sub = await s.api('POST', '/webhook_subscriptions', {
      webhook_url: rx.url,
      enabled_events: events,
      version: 'V3',
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    rx.verifyWith([sub.body.secret]);
    return s;
  } catch (e) {
    // the caller never gets the server to stop
    await s.stop();
    throw e;
  }
}
