import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * `/logos/<slug>.svg` for API-only deployments (JUNCTION_DASHBOARD=off), where Next.js does not serve
 * public/. Toolkit reads point their `logo` here, so the URL must answer in both modes.
 */
const dir = path.join(process.cwd(), 'public', 'logos');
const cache = new Map<string, Buffer>();

export function serveLogo(req: IncomingMessage, res: ServerResponse): void {
  const name = (req.url ?? '').split('?')[0]!.slice('/logos/'.length);
  let body: Buffer | undefined;
  if (/^[a-z0-9_.-]+\.svg$/i.test(name) && !name.startsWith('.')) {
    body = cache.get(name);
    if (!body) {
      const file = path.join(dir, name);
      const fallback = path.join(dir, '_fallback.svg');
      const chosen = fs.existsSync(file) ? file : fs.existsSync(fallback) ? fallback : undefined;
      if (chosen) {
        body = fs.readFileSync(chosen);
        cache.set(name, body);
      }
    }
  }
  if (!body) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
    return;
  }
  res.writeHead(200, {
    'content-type': 'image/svg+xml',
    'cache-control': 'public, max-age=86400',
    'x-content-type-options': 'nosniff',
    // An SVG opened on its own is a document: it may draw, never run script.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
