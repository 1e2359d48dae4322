import type { IncomingMessage } from 'node:http';
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
