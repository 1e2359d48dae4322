import type { TestServer } from './server';

/**
 * Reads mask secrets by default. Suites whose subject is the stored credential itself (a token that
 * was refreshed, a key that survived a rotation) turn masking off for the server's default project,
 * explicitly, as a project owner would.
 */
export async function optOutOfMasking(s: Pick<TestServer, 'api'>, headers?: Record<string, string>) {
  const r = await s.api('PATCH', '/org/project/config', { mask_secret_keys_in_connected_account: false }, headers);
  if (r.status !== 200) throw new Error(`could not opt out of masking: ${r.status} ${JSON.stringify(r.body)}`);
}
