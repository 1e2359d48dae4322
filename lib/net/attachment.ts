import { create as contentDisposition } from 'content-disposition';

/**
 * Headers for handing out a stored file (uploads, session mounts, staged upstream binaries).
 * Stored bytes come from users and third parties: served from the dashboard's origin they must
 * never render as a page there. So the browser is told to save the file (attachment), not to
 * guess a more dangerous type (nosniff), and, should it render anyway, to run it in an opaque
 * sandbox without script or same-origin access (CSP sandbox).
 */
export function attachmentHeaders(
  filename: string | undefined,
  contentType: string,
  size: number,
): Record<string, string> {
  // RFC 6266: an ASCII `filename` fallback plus `filename*` (UTF-8) when the name needs it
  const name = (filename ?? '').replace(/[\u0000-\u001f\u007f/\\]/g, '_').slice(0, 200);
  return {
    'content-type': contentType,
    'content-length': String(size),
    'content-disposition': name ? contentDisposition(name, { type: 'attachment' }) : 'attachment',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
    'cache-control': 'private, no-store',
  };
}
