import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A real HTTPS webhook receiver on loopback, with a self-signed certificate made by `openssl` at
 * test time. Pass `caFile` to the Junction process as NODE_EXTRA_CA_CERTS so the delivery path
 * is the real TLS one. Every request is recorded and verified with both `@composio/core`'s
 * `triggers.verifyWebhook` and `standardwebhooks`' `Webhook.verify`, once per secret it holds.
 */
export interface Received {
  n: number;
  at: number;
  headers: Record<string, string>;
  body: string;
  id: string;
  attempt: number;
  /** verification per secret given to `verifyWith`: core = @composio/core 0.8.1 and 0.19.0, std = standardwebhooks */
  verified: Record<string, { core: boolean; std: boolean; coreVersion?: string; error?: string }>;
  /** what the receiver answered */
  answered: number | 'hang' | 'destroy';
}

export type Behaviour = (r: {
  n: number;
  id: string;
  attempt: number;
  body: string;
}) => { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | 'hang' | 'destroy';

export interface Receiver {
  url: string;
  port: number;
  caFile: string;
  received: Received[];
  /** ids answered with 2xx */
  delivered(): Set<string>;
  behave(fn: Behaviour): void;
  verifyWith(secrets: string[]): void;
  waitFor(pred: (r: Received[]) => boolean, timeoutMs?: number, what?: string): Promise<void>;
  close(): Promise<void>;
}

let certCache: { dir: string; cert: string; key: string } | undefined;

/** One key pair per test process: CN/SAN localhost and 127.0.0.1. */
export function selfSignedCert() {
  if (certCache) return certCache;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
    ],
    { stdio: 'ignore' },
  );
  certCache = { dir, cert, key };
  return certCache;
}

async function composioVerifiers() {
  const { SDKS } = await import('./sdks');
  // No request is made: verifyWebhook is local. The base URL points nowhere reachable on purpose.
  return SDKS.map(
    (v) =>
      new v.mod.Composio({
        apiKey: 'ak_unused',
        baseURL: 'http://127.0.0.1:9',
        allowTracking: false,
        disableVersionCheck: true,
      }),
  );
}

/** `tls: false` gives a plain-HTTP receiver, for in-process runtimes that cannot be given NODE_EXTRA_CA_CERTS. */
export async function startReceiver(
  opts: { secrets?: string[]; behaviour?: Behaviour; tls?: boolean } = {},
): Promise<Receiver> {
  const tls = selfSignedCert();
  const verifiers = await composioVerifiers();
  let behaviour: Behaviour = opts.behaviour ?? (() => ({ status: 200, body: 'ok' }));
  let secrets = opts.secrets ?? [];
  const received: Received[] = [];
  const sockets = new Set<Socket>();

  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
      );
      const id = headers['webhook-id'] ?? '';
      const attempt = Number(headers['x-composio-delivery-attempt'] ?? 0);
      const rec: Received = {
        n: received.length + 1,
        at: Date.now(),
        headers,
        body,
        id,
        attempt,
        verified: {},
        answered: 0,
      };
      for (const secret of secrets) {
        const v: Received['verified'][string] = { core: false, std: false };
        try {
          // both SDK versions (0.8.1 and 0.19.0) must accept it and agree on the payload version
          const [r, next] = await Promise.all(
            verifiers.map((c) =>
              c.triggers.verifyWebhook({
                id,
                timestamp: headers['webhook-timestamp'],
                signature: headers['webhook-signature'],
                payload: body,
                secret,
              }),
            ),
          );
          if (next.version !== r.version) throw new Error(`0.19.0 read ${next.version}, 0.8.1 read ${r.version}`);
          v.core = true;
          v.coreVersion = r.version;
        } catch (err) {
          v.error = `core: ${(err as Error).message}`;
        }
        try {
          new Webhook(secret).verify(body, {
            'webhook-id': id,
            'webhook-timestamp': headers['webhook-timestamp']!,
            'webhook-signature': headers['webhook-signature']!,
          });
          v.std = true;
        } catch (err) {
          v.error = `${v.error ?? ''} std: ${(err as Error).message}`.trim();
        }
        rec.verified[secret] = v;
      }
      received.push(rec);
      const b = behaviour({ n: rec.n, id, attempt, body });
      if (b === 'hang') {
        rec.answered = 'hang';
        return; // never answer; the sender's timeout fires
      }
      if (b === 'destroy') {
        rec.answered = 'destroy';
        req.socket.destroy();
        return;
      }
      // Recorded when the answer is written, not when it is decided: a delayed 200 that the
      // sender never read (it was killed meanwhile) is not a delivery.
      const answer = () => {
        if (req.socket.destroyed) return; // the sender is gone; nothing was delivered
        rec.answered = b.status;
        res.writeHead(b.status, { 'content-type': 'text/plain', ...(b.headers ?? {}) });
        res.end(b.body ?? '');
      };
      if (b.delayMs) setTimeout(answer, b.delayMs);
      else answer();
    });
  };
  const server =
    opts.tls === false
      ? http.createServer(handler)
      : https.createServer({ cert: fs.readFileSync(tls.cert), key: fs.readFileSync(tls.key) }, handler);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `${opts.tls === false ? 'http' : 'https'}://localhost:${port}/hooks`,
    port,
    caFile: tls.cert,
    received,
    delivered() {
      const ids = new Set<string>();
      for (const r of received)
        if (typeof r.answered === 'number' && r.answered >= 200 && r.answered < 300) ids.add(r.id);
      return ids;
    },
    behave(fn) {
      behaviour = fn;
    },
    verifyWith(list) {
      secrets = list;
    },
    async waitFor(pred, timeoutMs = 30_000, what = 'condition') {
      const deadline = Date.now() + timeoutMs;
      while (!pred(received)) {
        if (Date.now() > deadline)
          throw new Error(`receiver: timed out waiting for ${what} (received ${received.length})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * What a server needs to deliver to `rx` quickly: trust in its certificate, retries at 0, 1 and 1 s
 * without jitter, and a sweep every second (so a test waits for retries in seconds, not minutes).
 */
export const deliveringTo = (rx: Receiver, extra: Record<string, string> = {}) => ({
  NODE_EXTRA_CA_CERTS: rx.caFile,
  JUNCTION_WEBHOOK_RETRY_SCHEDULE: '0,1,1',
  JUNCTION_WEBHOOK_JITTER: '0',
  JUNCTION_WEBHOOK_SWEEP_SECONDS: '1',
  ...extra,
});
