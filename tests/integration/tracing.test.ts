import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

/**
 * OpenTelemetry: with OTEL_EXPORTER_OTLP_ENDPOINT set, Junction exports spans over OTLP/HTTP
 * (JSON). A loopback receiver stands in for the collector.
 */
interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
}
const SERVER = 2;
const CLIENT = 3;

function attr(span: Span, key: string): unknown {
  const v = span.attributes?.find((a) => a.key === key)?.value;
  return v ? Object.values(v)[0] : undefined;
}

async function startReceiver() {
  const spans: Span[] = [];
  const contentTypes = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      contentTypes.add(String(req.headers['content-type']));
      if (req.url === '/v1/traces' && String(req.headers['content-type']).includes('json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const rs of body.resourceSpans ?? [])
          for (const ss of rs.scopeSpans ?? []) spans.push(...(ss.spans ?? []));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    contentTypes,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe(`OpenTelemetry traces (${engine()})`, () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let upstream: FakeUpstream;
  let s: TestServer;

  beforeAll(async () => {
    receiver = await startReceiver();
    upstream = await startFakeUpstream();
    upstream.on('GET', '/user', () => ({ json: { login: 'octocat', id: 1 } }));
    s = await startServer({
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        OTEL_SERVICE_NAME: 'junction-test',
      },
    });
  }, 180_000);
  afterAll(async () => {
    await s?.stop();
    await upstream?.close();
    await receiver?.close();
  });

  it('exports a server span for an API request, with the upstream call (and on PostgreSQL its queries) in the same trace', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'github' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
    });
    const ca = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'otel',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'ghp_otel', base_url: upstream.url } },
      },
    });
    expect(ca.status).toBe(201);
    const r = await s.api('POST', '/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER', {
      connected_account_id: ca.body.id,
      user_id: 'otel',
      arguments: {},
      version: '20250909_00',
    });
    expect(r.body.successful).toBe(true);

    const isExecute = (sp: Span) =>
      sp.kind === SERVER &&
      String(attr(sp, 'url.path') ?? attr(sp, 'http.target') ?? '').includes('/api/v3/tools/execute/');
    const deadline = Date.now() + 15_000;
    while (!receiver.spans.some(isExecute) && Date.now() < deadline) await new Promise((res) => setTimeout(res, 100));
    const request = receiver.spans.find(isExecute);
    expect(request, `spans received: ${receiver.spans.map((sp) => sp.name).join(', ')}`).toBeDefined();
    expect([...receiver.contentTypes].every((t) => t.includes('json'))).toBe(true);

    // the upstream call is a client span of the same trace
    const inTrace = () => receiver.spans.filter((sp) => sp.traceId === request!.traceId);
    while (!inTrace().some((sp) => sp.kind === CLIENT) && Date.now() < deadline)
      await new Promise((res) => setTimeout(res, 100));
    const upstreamSpan = inTrace().find(
      (sp) => sp.kind === CLIENT && String(attr(sp, 'url.full') ?? '').startsWith(upstream.url),
    );
    expect(
      upstreamSpan,
      `spans in the trace: ${inTrace()
        .map((sp) => sp.name)
        .join(', ')}`,
    ).toBeDefined();
    if (engine() === 'postgres') {
      expect(
        inTrace().some((sp) => attr(sp, 'db.system') === 'postgresql' || attr(sp, 'db.system.name') === 'postgresql'),
        `spans in the trace: ${inTrace()
          .map((sp) => sp.name)
          .join(', ')}`,
      ).toBe(true);
    }
  });
});
