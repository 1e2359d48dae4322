import type * as OtelApi from '@opentelemetry/api';
import { envValue } from './config';

/**
 * OpenTelemetry tracing, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set. The SDK and its
 * instrumentations are loaded by dynamic import from `startTracing`, so a process without the
 * variable never loads them, and `traced` is a plain call. When on: incoming HTTP requests
 * (server spans), PostgreSQL queries and upstream calls (undici) made within them, and webhook
 * deliveries are exported over OTLP/HTTP; the exporter reads the standard OTEL_* variables
 * (endpoint, headers, OTEL_SERVICE_NAME).
 */
interface State {
  api?: typeof OtelApi;
  shutdown?: () => Promise<void>;
}
declare global {
  var __junctionTracing: State | undefined;
}
const state = (globalThis.__junctionTracing ??= {});

/** Start exporting traces (server.ts and worker.ts call it first thing when an endpoint is configured). */
export async function startTracing(serviceName: string): Promise<void> {
  if (state.shutdown) return;
  const [
    { NodeSDK },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { UndiciInstrumentation },
    { PgInstrumentation },
    api,
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/api'),
  ]);
  const sdk = new NodeSDK({
    serviceName: envValue('OTEL_SERVICE_NAME') || serviceName,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      // probes and scrapes would drown the traces that matter
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => req.url === '/metrics' || !!req.url?.startsWith('/api/health'),
      }),
      // only within a request or a delivery: pg-boss polls its queues every half second
      new UndiciInstrumentation({ requireParentforSpans: true }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  state.api = api;
  state.shutdown = () => sdk.shutdown();
}

/** Flush and stop the exporter (graceful shutdown). */
export async function stopTracing(): Promise<void> {
  await state.shutdown?.().catch(() => {});
}

/** Run `fn` in a span named `name` when tracing is on; otherwise just run it. */
export function traced<T>(
  name: string,
  attributes: Record<string, string | number | boolean>,
  fn: () => Promise<T>,
): Promise<T> {
  const api = state.api;
  if (!api) return fn();
  return api.trace.getTracer('junction').startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: api.SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}
