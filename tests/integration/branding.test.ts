import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { solidPng } from '../helpers/png';

// Connect Link white-labelling (issue 27 item 5): the settings API, its contrast rule, and the logo
// Junction serves, against a real server on PGlite and PostgreSQL.
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.stop();
});

const b64 = (b: Buffer) => b.toString('base64');
/** A JPEG's head: SOI, an APP0 segment, then a baseline frame header with its size (what the check reads). */
function jpegHead(w: number, h: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    8,
    h >> 8,
    h & 255,
    w >> 8,
    w & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

describe('branding settings', () => {
  it('starts at the defaults, every scheme passing', async () => {
    const r = await s.api('GET', '/org/project/branding');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      app_title: null,
      logo_url: null,
      theme: 'system',
      corner_radius: 'medium',
      texts: { title: 'Connect {toolkit}', oauth_button: 'Continue to {toolkit}' },
      updated_at: null,
    });
    expect(r.body.light.primary_foreground).toMatch(/^#(000000|ffffff)$/);
  });

  it('saves a partial update; the app title is also the project config display_name', async () => {
    const r = await s.api('PATCH', '/org/project/branding', {
      app_title: 'Acme Assist',
      theme: 'light',
      corner_radius: 'large',
      light: { primary: '#0F766E', accent: '#0f766e' },
      texts: { title: 'Link {toolkit} to {app}', form_button: 'Save key' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      app_title: 'Acme Assist',
      theme: 'light',
      corner_radius: 'large',
      light: { primary: '#0f766e', primary_foreground: '#ffffff', card: '#ffffff' },
      texts: { title: 'Link {toolkit} to {app}', form_button: 'Save key', oauth_button: 'Continue to {toolkit}' },
    });
    expect(r.body.updated_at).toEqual(expect.any(String));
    expect((await s.api('GET', '/org/project/config')).body.display_name).toBe('Acme Assist');
    // a text set back to null returns to its default
    const back = await s.api('PATCH', '/org/project/branding', { texts: { form_button: null } });
    expect(back.body.texts.form_button).toBe('Connect');
    expect(back.body.texts.title).toBe('Link {toolkit} to {app}');
  });

  it('refuses colours that fail WCAG AA in a scheme the theme shows, and saves nothing', async () => {
    const before = (await s.api('GET', '/org/project/branding')).body;
    const cases: [unknown, string][] = [
      [{ light: { foreground: '#aaaaaa' } }, 'light.foreground on card'],
      [{ light: { accent: '#f0f0f0' } }, 'light.accent on card'],
      [{ light: { primary: '#f4f4f5' } }, 'light.primary against card'],
      [{ light: { background: '#111111' } }, 'light.foreground on background'],
    ];
    for (const [body, pair] of cases) {
      const r = await s.api('PATCH', '/org/project/branding', body);
      expect(r.status, pair).toBe(400);
      expect(r.body.error.slug).toBe('Branding_InsufficientContrast');
      expect(r.body.error.errors.join(' ')).toContain(pair);
    }
    // the dark scheme is not shown with the light theme: kept, unchecked until it is
    expect((await s.api('PATCH', '/org/project/branding', { dark: { foreground: '#222222' } })).status).toBe(200);
    const sys = await s.api('PATCH', '/org/project/branding', { theme: 'system' });
    expect(sys.status).toBe(400);
    expect(sys.body.error.errors).toEqual([
      expect.stringMatching(/^dark\.foreground on card: contrast [\d.]+:1, WCAG AA needs 4.5:1$/),
      expect.stringContaining('dark.foreground on background'),
    ]);
    const ok = await s.api('PATCH', '/org/project/branding', { theme: 'system', dark: { foreground: '#f4f4f5' } });
    expect(ok.status).toBe(200);
    expect(ok.body.light).toEqual(before.light);
  });

  it('answers bad input with 400 in the v3 envelope', async () => {
    const bad: unknown[] = [
      { light: { primary: 'teal' } },
      { light: { primary: '#12345' } },
      { theme: 'sepia' },
      { corner_radius: 3 },
      { texts: { title: '<b>hi</b>' } },
      { texts: { unknown_text: 'x' } },
      { logo_url: 'https://x.test/a.png' },
      { app_title: 'x'.repeat(101) },
    ];
    for (const body of bad) {
      const r = await s.api('PATCH', '/org/project/branding', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatchObject({ slug: 'Request_ValidationError', status: 400 });
    }
    expect((await s.api('GET', '/org/project/branding', undefined, { 'x-api-key': 'ak_nope' })).status).toBe(401);
  });
});

describe('logo', () => {
  it('refuses what is not a square PNG or JPEG of 256 to 1024 px, by content', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const webp = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.alloc(32)]);
    const cases: [string, string, RegExp][] = [
      ['svg', b64(svg), /SVG is not accepted/],
      ['svg as a png data url', `data:image/png;base64,${b64(svg)}`, /SVG is not accepted/],
      ['webp', b64(webp), /WebP is not accepted/],
      ['not square', b64(solidPng(300, 256, [0, 0, 0])), /square/],
      ['too small', b64(solidPng(64, 64, [0, 0, 0])), /256 to 1024/],
      ['too large', b64(jpegHead(2048, 2048)), /256 to 1024/],
      ['over 1 MB', b64(Buffer.concat([solidPng(256, 256, [0, 0, 0]), Buffer.alloc(1024 * 1024)])), /limit/],
      ['not base64', '!!!', /not base64/],
    ];
    for (const [name, image_base64, msg] of cases) {
      const r = await s.api('PUT', '/org/project/branding/logo', { image_base64 });
      expect(r.status, name).toBe(415);
      expect(r.body.error.slug, name).toBe('Branding_UnsupportedImage');
      expect(r.body.error.message, name).toMatch(msg);
    }
    expect((await s.api('GET', '/org/project/branding')).body.logo_url).toBeNull();
  });

  it('stores a PNG and serves it with its type, nosniff, a sandbox CSP and a year of caching', async () => {
    const png = solidPng(256, 256, [15, 118, 110]);
    const up = await s.api('PUT', '/org/project/branding/logo', { image_base64: `data:image/png;base64,${b64(png)}` });
    expect(up.status).toBe(200);
    expect(up.body.logo_url).toMatch(/\/api\/v3\/branding\/logos\/lg_[A-Za-z0-9]+$/);
    const first = up.body.logo_url as string;
    const res = await fetch(first); // no key: the Connect page's visitor has none
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);

    // a JPEG replaces it under a new address; the old one stops answering
    const jpg = jpegHead(512, 512);
    const next = await s.api('PUT', '/org/project/branding/logo', { image_base64: b64(jpg) });
    expect(next.body.logo_url).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    const j = await fetch(next.body.logo_url);
    expect(j.headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(`${s.apiUrl}/branding/logos/not-a-logo`)).status).toBe(404);

    const removed = await s.api('DELETE', '/org/project/branding/logo');
    expect(removed.body.logo_url).toBeNull();
    expect((await fetch(next.body.logo_url)).status).toBe(404);
  });

  it('reset returns everything to the defaults, app title included', async () => {
    await s.api('PUT', '/org/project/branding/logo', { image_base64: b64(solidPng(256, 256, [0, 0, 0])) });
    const r = await s.api('DELETE', '/org/project/branding');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      app_title: null,
      logo_url: null,
      theme: 'system',
      corner_radius: 'medium',
      updated_at: null,
    });
    expect(r.body.texts.title).toBe('Connect {toolkit}');
    expect((await s.api('GET', '/org/project/config')).body.display_name).toBeUndefined();
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${s.apiUrl}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v3/org/project/branding',
        '/api/v3/org/project/branding/logo',
        '/api/v3/branding/logos/{logo_id}',
      ]),
    );
  });
});
