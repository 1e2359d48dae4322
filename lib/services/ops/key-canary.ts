import { decrypt, encrypt, keyIdOf, type Keyring } from '../../crypto/secrets';

/**
 * The encryption-key canary: a known value encrypted under the instance's key, stored in
 * `instance_settings`. Every start decrypts it, so a changed JUNCTION_ENCRYPTION_KEY (without
 * JUNCTION_ENCRYPTION_KEY_PREVIOUS) stops the process with a clear message, instead of the
 * server coming up and answering 500 on every read of a secret. Only the rotation CLI moves it to
 * a new key, once everything else has been re-encrypted; a start never does (it would hide data
 * still under the old key).
 */
export const CANARY_KEY = 'encryption_canary';
const PLAINTEXT = 'junction-encryption-canary-v1';

export class EncryptionKeyMismatch extends Error {}

/** Raw SQL runner: the runtime's `database.query` and the CLI's both fit. */
type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<{ rows: T[] }>;

function mismatch(ring: Keyring, storedKid: string | undefined, what: string): EncryptionKeyMismatch {
  return new EncryptionKeyMismatch(
    `JUNCTION_ENCRYPTION_KEY does not decrypt this database's ${what} ` +
      `(they were encrypted with key id ${storedKid ?? '?'}; this process has key id ${ring.current.id}` +
      `${ring.previous ? ` and previous key id ${ring.previous.id}` : ''}). ` +
      'Start with the original key, or to change keys set the new one in JUNCTION_ENCRYPTION_KEY, the old one in ' +
      'JUNCTION_ENCRYPTION_KEY_PREVIOUS, and run `npm run cli -- rotate-encryption-key`.',
  );
}

function opens(ring: Keyring, envelope: string): boolean {
  try {
    return decrypt(ring, envelope).length >= 0;
  } catch {
    return false;
  }
}

/**
 * Check the canary at start; write it on the first start. An instance from before the canary
 * existed is checked against one of its stored secrets before the canary is written, so the
 * first start with a wrong key cannot bless that key.
 */
export async function checkEncryptionCanary(query: Query, ring: Keyring): Promise<'created' | 'ok'> {
  const row = (
    await query<{ value: { envelope?: string } }>('select value from instance_settings where key = $1', [CANARY_KEY])
  ).rows[0];
  const stored = row?.value?.envelope;
  if (stored) {
    if (!opens(ring, stored)) throw mismatch(ring, keyIdOf(stored), 'secrets (stored key check)');
    return 'ok';
  }
  const sample = (
    await query<{ v: string }>(`select state_enc as v from connected_accounts where state_enc like 'v1.%' limit 1`)
  ).rows[0]?.v;
  if (sample && !opens(ring, sample)) throw mismatch(ring, keyIdOf(sample), 'connected-account secrets');
  // Several processes starting together on PostgreSQL: the first insert wins, the others check it.
  await query(`insert into instance_settings (key, value) values ($1, $2::jsonb) on conflict (key) do nothing`, [
    CANARY_KEY,
    JSON.stringify({ envelope: encrypt(ring, PLAINTEXT) }),
  ]);
  const again = (
    await query<{ value: { envelope?: string } }>('select value from instance_settings where key = $1', [CANARY_KEY])
  ).rows[0];
  if (again?.value?.envelope && !opens(ring, again.value.envelope))
    throw mismatch(ring, keyIdOf(again.value.envelope), 'secrets (stored key check)');
  return 'created';
}

/** After a complete rotation: the canary moves to the current key. */
export async function writeEncryptionCanary(query: Query, ring: Keyring): Promise<void> {
  await query(
    `insert into instance_settings (key, value, updated_at) values ($1, $2::jsonb, now())
    on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [CANARY_KEY, JSON.stringify({ envelope: encrypt(ring, PLAINTEXT) })],
  );
}

/** The key id the canary is encrypted with (for the CLI's report). */
export async function canaryKeyId(query: Query): Promise<string | undefined> {
  const row = (
    await query<{ value: { envelope?: string } }>('select value from instance_settings where key = $1', [CANARY_KEY])
  ).rows[0];
  return row?.value?.envelope ? keyIdOf(row.value.envelope) : undefined;
}
