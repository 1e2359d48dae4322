import { decrypt, encrypt, type Keyring } from '../../crypto/secrets';

/**
 * A delivery's body is rendered once and stored, so every retry sends the same bytes. Bodies of
 * connected-account events carry the account (its `state.val`), so they are stored encrypted
 * with the keyring, whatever the project's masking setting: a database dump or backup shows no
 * credential, and the key rotation CLI re-encrypts them with every other secret. Other bodies
 * (trigger payloads, test events) are stored as they are: they hold no credential of ours.
 * A JSON body starts with `{`, an envelope with `v1.`, so the two cannot be mistaken.
 */
export function sealBody(ring: Keyring, eventType: string, body: string): string {
  return eventType.startsWith('composio.connected_account.') ? encrypt(ring, body) : body;
}

export function isSealed(stored: string): boolean {
  return stored.startsWith('v1.');
}

/** The body as sent. Throws DecryptionError if the key that sealed it is gone. */
export function openBody(ring: Keyring, stored: string): string {
  return isSealed(stored) ? decrypt(ring, stored) : stored;
}
