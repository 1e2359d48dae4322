import type { Runtime } from '../../runtime';
import type { ToolkitDef } from '../../catalog/types';
import { namedError } from '../../contract/errors';
import { applyCredentials, MissingCredentialError, type OutRequest } from '../tools/credentials';
import { baseUrlFor, RequestBuildError, sendUpstream } from '../tools/http';
import { finishRequest } from '../tools/upstream-call';

/**
 * The check a typed credential gets when an end user connects: one cheap authenticated call to
 * the toolkit's verification endpoint (its `define.verify`, or the current-user endpoint of a
 * curated or generated toolkit), so a wrong key is refused at once instead of at the first tool
 * call. Only the schemes where the user types the secret are checked; OAuth tokens come from the
 * provider itself.
 */
const CHECKED_MODES = new Set(['API_KEY', 'BEARER_TOKEN', 'BASIC', 'BASIC_WITH_JWT']);

/** Short on purpose: the user is waiting on the Connect page, and an unreachable provider does not block. */
const VERIFY_TIMEOUT_MS = 8_000;

export type VerifyOutcome = 'accepted' | 'unchecked' | 'unreachable';

/** The seed's `test_request_endpoint` of an account of this toolkit (the path, relative to its API base). */
export function testRequestEndpointOf(toolkit: ToolkitDef): string | null {
  return toolkit.getCurrentUserEndpoint ?? null;
}

/**
 * Call the verification endpoint with the credential. A 401 or 403 throws
 * `ConnectedAccount_CredentialRejected` (400); any other answer counts as accepted. When the
 * provider cannot be reached (timeout, DNS, refused connection) the account is created anyway and
 * the outcome says so: a provider's outage must not stop people from connecting, and the first tool
 * call reports a bad key in the usual way.
 */
export async function verifyCredential(
  rt: Runtime,
  toolkit: ToolkitDef,
  mode: string,
  val: Record<string, unknown>,
  configCredentials: Record<string, unknown> = {},
): Promise<VerifyOutcome> {
  const endpoint = testRequestEndpointOf(toolkit);
  // Only a verification request declared for the purpose (a mapping file's `define.verify`) is
  // trusted to refuse a connection; a current-user endpoint the catalog inherited is only shown.
  if (!endpoint || !toolkit.verifyOnConnect || !CHECKED_MODES.has(mode)) return 'unchecked';
  const auth = { mode, val, configCredentials: () => configCredentials };
  const sources = [val, configCredentials];
  let req: OutRequest;
  try {
    const base = baseUrlFor(toolkit, undefined, sources, undefined, mode);
    const url = /^https?:\/\//i.test(endpoint)
      ? new URL(endpoint)
      : new URL(base + (endpoint.startsWith('/') ? '' : '/') + endpoint);
    req = { method: toolkit.getCurrentUserMethod ?? 'GET', url, headers: {} };
    finishRequest(req, toolkit, auth, undefined, sources);
    applyCredentials(req, auth, toolkit);
  } catch (e) {
    // a base URL that needs a field the user left out, a credential in a place this scheme does not
    // fill: the request cannot be formed, so there is nothing to check (field checks ran before)
    if (e instanceof RequestBuildError || e instanceof MissingCredentialError || e instanceof TypeError)
      return 'unchecked';
    throw e;
  }
  const out = await sendUpstream(rt, req, VERIFY_TIMEOUT_MS);
  if (out.kind !== 'response') return 'unreachable';
  if (out.status === 401 || out.status === 403) {
    throw namedError(
      'ConnectedAccount_CredentialRejected',
      `${toolkit.name} refused the credential (HTTP ${out.status} from its verification request). Check the ${mode === 'BASIC' || mode === 'BASIC_WITH_JWT' ? 'username and password' : 'key'} and try again.`,
    );
  }
  return 'accepted';
}
