/**
 * The API is served under `/api/v3` and `/api/v3.1`. Every contract is the same at both prefixes except
 * the version a tool endpoint assumes when the caller names none (`GET /tools`, `GET /tools/{slug}`,
 * `POST /tools/execute/{slug}`, `POST /tools/execute/{slug}/input`): v3 pins the base version, v3.1
 * follows the newest.
 */
export type ApiVersion = 'v3' | 'v3.1';

/** The toolkit version v3 assumes: the first (base) version of every toolkit. */
export const BASE_TOOLKIT_VERSION = '00000000_00';

export function defaultToolVersion(apiVersion: ApiVersion): string {
  return apiVersion === 'v3.1' ? 'latest' : BASE_TOOLKIT_VERSION;
}
