import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors } from '../contract/errors';

/**
 * Request bodies are read only once the router knows the route and its caller, and never past
 * the route's cap: a declared Content-Length over the cap is refused before a byte is read, and a
 * body that grows past it (chunked, or lying about its length) stops being read at the cap. The
 * connection is then closed after the answer (writeNodeResponse), so the rest is never taken in.
 */
export interface CappedBody {
  /** the whole body, at most `max` bytes */
  read(max: number): Promise<Buffer>;
  /** the body as a stream, erroring with a 413 past `max` bytes (for raw routes) */
  stream(max: number): ReadableStream<Uint8Array>;
}

export function cappedBody(req: IncomingMessage): CappedBody {
  let stopped = false;
  const declared = Number(req.headers['content-length']);

  function tooLargeUpFront(max: number) {
    return Number.isFinite(declared) && declared > max;
  }

  /** Feed chunks to `onChunk` until the end, an error, or the cap. */
  function pump(max: number, onChunk: (c: Buffer) => void, onEnd: () => void, onError: (e: unknown) => void) {
    if (tooLargeUpFront(max)) {
      stopped = true;
      onError(errors.payloadTooLarge(max));
      return;
    }
    let size = 0;
    const data = (c: Buffer) => {
      size += c.length;
      if (size > max) {
        stopped = true;
        cleanup();
        req.pause();
        onError(errors.payloadTooLarge(max));
        return;
      }
      onChunk(c);
    };
    const end = () => {
      cleanup();
      onEnd();
    };
    const fail = (e: unknown) => {
      cleanup();
      onError(e);
    };
    const cleanup = () => {
      req.off('data', data);
      req.off('end', end);
      req.off('error', fail);
    };
    req.on('data', data);
    req.on('end', end);
    req.on('error', fail);
  }

  return {
    read(max) {
      return new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        pump(
          max,
          (c) => chunks.push(c),
          () => resolve(Buffer.concat(chunks)),
          reject,
        );
      });
    },
    stream(max) {
      let ctrl!: ReadableStreamDefaultController<Uint8Array>;
      return new ReadableStream<Uint8Array>(
        {
          start(c) {
            ctrl = c;
            pump(
              max,
              (chunk) => {
                ctrl.enqueue(new Uint8Array(chunk));
                // backpressure: stop the socket while the consumer catches up
                if ((ctrl.desiredSize ?? 1) <= 0) req.pause();
              },
              () => ctrl.close(),
              (e) => ctrl.error(e),
            );
          },
          pull() {
            if (!stopped) req.resume();
          },
          cancel() {
            stopped = true;
            req.pause();
          },
        },
        { highWaterMark: 4 },
      );
    },
  };
}

/**
 * A Web Request whose body stream errors with a 413 past `max` bytes (raw routes served from a
 * Next.js route handler); a declared length over the cap is refused before anything is read.
 */
export function cappedWebRequest(req: Request, max: number): Request {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw errors.payloadTooLarge(max);
  if (!req.body) return req;
  let size = 0;
  const body = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, ctrl) {
        size += chunk.length;
        if (size > max) ctrl.error(errors.payloadTooLarge(max));
        else ctrl.enqueue(chunk);
      },
    }),
  );
  return new Request(req.url, {
    method: req.method,
    headers: req.headers,
    body,
    signal: req.signal,
    duplex: 'half',
  } as RequestInit);
}

/** The same cap for a Web Request (API routes served by Next.js route handlers). */
export async function readWebCapped(req: Request, max: number): Promise<Buffer> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw errors.payloadTooLarge(max);
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw errors.payloadTooLarge(max);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * A cap on a request handed to a server that reads bodies its own way (Next.js: next-auth, server
 * actions, pages, the dashboard's route handlers). A declared Content-Length over `max` is answered
 * 413 here and never handed on (returns false). A body that grows past `max` stops at the cap: no
 * further chunk reaches the request stream, the client gets a 413 (when no answer has started) and
 * the connection is closed, which ends the reader's wait with an aborted request. An answer given
 * before the body was read to its end also closes the connection, instead of draining the rest.
 *
 * The count sits in the request's own `push` (node:http's parser calls it for every body chunk), so
 * whoever reads the stream, and however, never gets more than `max` bytes.
 */
export function capIncoming(req: IncomingMessage, res: ServerResponse, max: number, tooLarge: () => string): boolean {
  res.once('finish', () => {
    if (!req.complete) req.socket.destroySoon();
  });
  const refuse = () => {
    if (res.headersSent) {
      // the other server's answer has started: end the exchange here
      req.socket.destroy();
      return;
    }
    res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
    res.end(tooLarge());
    // whatever the other server still writes to this response is dropped, not thrown
    res.on('error', () => {});
    res.once('finish', () => res.destroy());
  };
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) {
    refuse();
    return false;
  }
  let size = 0;
  let over = false;
  const push = req.push.bind(req);
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (over) return false;
    if (chunk !== null && chunk !== undefined) {
      size += (chunk as Buffer).length;
      if (size > max) {
        over = true;
        req.socket.pause();
        refuse();
        return false;
      }
    }
    return push(chunk, encoding);
  };
  return true;
}
