import type { TestServer } from './server';

/**
 * One proxied call to `GET /whoami` with the account, for upstreams that echo the Authorization
 * header they received: that header, or `error:<slug>` when Junction refused the call.
 */
export async function whoami(s: TestServer, connectedAccountId: string): Promise<string> {
  const r = await s.api('POST', '/tools/execute/proxy', {
    endpoint: '/whoami',
    method: 'GET',
    connected_account_id: connectedAccountId,
  });
  if (r.status !== 200) return `error:${r.body.error?.slug}`;
  return r.body.data.authorization;
}
