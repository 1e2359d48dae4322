/** Auth schemes in people's words, and what a config of each kind does for the users who connect. */
export const SCHEME_WORDS: Record<string, string> = {
  OAUTH2: 'OAuth 2.0',
  OAUTH1: 'OAuth 1.0a',
  API_KEY: 'API key',
  BEARER_TOKEN: 'bearer token',
  BASIC: 'user name and password',
  BASIC_WITH_JWT: 'user name and password (JWT)',
  NO_AUTH: 'no credentials',
};
export const schemeWords = (s: string | undefined) => (s ? (SCHEME_WORDS[s] ?? s) : '—');

/**
 * What a service-managed config of this scheme actually does on this server: OAuth runs through the
 * app whose client id and secret the operator set in the environment; every other scheme has no app
 * at all, the user brings the credential (or none is needed).
 */
export function managedWords(scheme: string, toolkitSlug: string): string {
  if (scheme === 'OAUTH2' || scheme === 'OAUTH1')
    return `users sign in through the OAuth app set up on this server (JUNCTION_OAUTH_${toolkitSlug.toUpperCase()}_CLIENT_ID and its secret)`;
  if (scheme === 'NO_AUTH') return 'nothing to sign in to: accounts are connected without credentials';
  return `each user enters their own ${schemeWords(scheme)} when connecting; nothing is stored on the config`;
}
