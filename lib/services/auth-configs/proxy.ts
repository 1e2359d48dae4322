import { decrypt, encrypt, type Keyring } from '../../crypto/secrets';
import { maskValue } from '../connected-accounts/secrets';

type ProxyInput = { proxy_url: string; proxy_auth_key?: string } | null | undefined;
interface ProxyColumns {
  proxyConfig: { proxy_url: string; proxy_auth_key?: string } | null;
  proxyAuthKeyEnc: string | null;
}

/**
 * proxy_config is split for storage: the URL in clear, the auth key encrypted in its own column.
 * `current` is the stored row on an update: a key sent back exactly as a read masked it keeps the
 * stored key, so a read-modify-write round trip never overwrites the secret with its mask.
 */
export function proxyColumns(ring: Keyring, input: ProxyInput, current?: ProxyColumns): ProxyColumns {
  if (!input) return { proxyConfig: null, proxyAuthKeyEnc: null };
  const key = input.proxy_auth_key;
  let enc: string | null = key ? encrypt(ring, key) : null;
  if (key && current) {
    const stored = storedKey(ring, current);
    if (stored !== undefined && key === maskValue(stored)) enc = current.proxyAuthKeyEnc ?? encrypt(ring, stored);
  }
  return { proxyConfig: { proxy_url: input.proxy_url }, proxyAuthKeyEnc: enc };
}

function storedKey(ring: Keyring, row: ProxyColumns): string | undefined {
  if (row.proxyAuthKeyEnc) return decrypt(ring, row.proxyAuthKeyEnc);
  return row.proxyConfig?.proxy_auth_key; // written before the key was encrypted
}

/** The API view: the auth key masked like every other stored secret. */
export function proxyView(ring: Keyring, row: ProxyColumns): { proxy_url: string; proxy_auth_key?: string } | null {
  if (!row.proxyConfig) return null;
  const key = storedKey(ring, row);
  return {
    proxy_url: row.proxyConfig.proxy_url,
    ...(key !== undefined ? { proxy_auth_key: maskValue(key) as string } : {}),
  };
}
