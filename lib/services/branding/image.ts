import { namedError } from '../../contract/errors';

/**
 * Logo checks by content, never by the name or type the client claims. The hosted editor takes a
 * square JPEG or PNG of 256×256 to 1024×1024 px; so does this. SVG is refused outright (it is a
 * document that can carry script), as is WebP (the hosted service does not take it either).
 */
export const MAX_LOGO_BYTES = 1024 * 1024;
export const LOGO_MIN_PX = 256;
export const LOGO_MAX_PX = 1024;

export interface CheckedImage {
  type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  bytes: Buffer;
}

const refuse = (message: string) => namedError('Branding_UnsupportedImage', message);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(b: Buffer): { width: number; height: number } | undefined {
  // the first chunk of every PNG is IHDR: length (4), "IHDR", width (4), height (4)
  if (b.length < 24 || !b.subarray(0, 8).equals(PNG_SIGNATURE) || b.toString('latin1', 12, 16) !== 'IHDR')
    return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function jpegSize(b: Buffer): { width: number; height: number } | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return undefined;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    // start-of-frame markers carry the size; C4 (DHT), C8 and CC (DAC) share the range but do not
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end, or scan data before any frame header
    i += 2 + b.readUInt16BE(i + 2);
  }
  return undefined;
}

function sniffName(b: Buffer): string {
  const head = b.subarray(0, 512).toString('latin1').trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'SVG';
  if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'WebP';
  if (b.toString('latin1', 0, 3) === 'GIF') return 'GIF';
  return 'this file type';
}

/** Decodes the upload (base64 or a data: URL) and checks type, size and dimensions. */
export function checkLogo(input: string): CheckedImage {
  const base64 = input.startsWith('data:') ? input.slice(input.indexOf(',') + 1) : input;
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) throw refuse('image_base64 is not base64');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw refuse('The image is empty');
  if (bytes.length > MAX_LOGO_BYTES) throw refuse(`The image is ${bytes.length} bytes; the limit is ${MAX_LOGO_BYTES}`);
  const png = pngSize(bytes);
  const jpeg = png ? undefined : jpegSize(bytes);
  const size = png ?? jpeg;
  if (!size) throw refuse(`${sniffName(bytes)} is not accepted: upload a PNG or JPEG`);
  const { width, height } = size;
  if (width !== height) throw refuse(`The logo must be square; this one is ${width}×${height}`);
  if (width < LOGO_MIN_PX || width > LOGO_MAX_PX) {
    throw refuse(`The logo must be ${LOGO_MIN_PX} to ${LOGO_MAX_PX} px wide; this one is ${width}`);
  }
  return { type: png ? 'image/png' : 'image/jpeg', width, height, bytes };
}
