import fs from 'node:fs';
import http from 'node:http';

/**
 * A hostile client for body-cap tests: one request whose chunked body is made lazily (the same
 * 64 KB piece written again and again, honouring backpressure), up to `total` bytes. Writing stops
 * as soon as the server answers or closes the connection, so `sent` says how much the server took
 * in (plus what sat in the loopback socket buffers) before it gave up on the body.
 */
export interface FloodResult {
  /** status of the answer, or undefined when the server closed without one */
  status?: number;
  /** the answer's text (first 2 KB) */
  text: string;
  /** body bytes written before the answer or the close */
  sent: number;
  /** true when the whole `total` was written (the server read everything) */
  finished: boolean;
  /** how the exchange ended */
  ended: 'answered' | 'closed' | 'timeout';
  /** peak growth of the server's resident memory during the request, in bytes */
  rssGrowth: number;
}

/** VmRSS of a process, in bytes (Linux). */
export function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

export async function flood(
  base: string,
  opts: {
    method?: string;
    /** sent as it is: dot segments, doubled slashes and encodings reach the server untouched */
    path: string;
    headers?: Record<string, string>;
    total?: number;
    /** the server process whose memory is watched */
    pid: number;
    timeoutMs?: number;
  },
): Promise<FloodResult> {
  const u = new URL(base);
  const total = opts.total ?? 200 * 1024 * 1024;
  const before = rssOf(opts.pid);
  let peak = before;
  const watch = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(opts.pid));
    } catch {
      /* the process ended */
    }
  }, 25);
  try {
    return await new Promise<FloodResult>((resolve) => {
      let sent = 0;
      let done = false;
      let status: number | undefined;
      let text = '';
      const finish = (ended: FloodResult['ended']) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        try {
          peak = Math.max(peak, rssOf(opts.pid));
        } catch {
          /* the process ended */
        }
        resolve({ status, text, sent, finished: sent >= total, ended, rssGrowth: peak - before });
        req.destroy();
      };
      const timer = setTimeout(() => finish('timeout'), opts.timeoutMs ?? 120_000);
      const req = http.request({
        host: u.hostname,
        port: u.port,
        path: opts.path,
        method: opts.method ?? 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...opts.headers },
      });
      req.on('response', (res) => {
        status = res.statusCode;
        res.on('data', (c: Buffer) => {
          if (text.length < 2048) text += c.toString('utf8');
        });
        res.on('end', () => finish('answered'));
        res.on('error', () => finish('answered'));
      });
      req.on('error', () => finish(status === undefined ? 'closed' : 'answered'));
      req.on('close', () => finish(status === undefined ? 'closed' : 'answered'));
      const piece = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => {
        while (!done && sent < total) {
          const n = Math.min(piece.length, total - sent);
          sent += n;
          if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) {
            req.once('drain', pump);
            return;
          }
        }
        if (!done && sent >= total) req.end();
      };
      pump();
    });
  } finally {
    clearInterval(watch);
  }
}
