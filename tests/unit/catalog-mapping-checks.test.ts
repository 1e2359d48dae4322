import { describe, expect, it } from 'vitest';
import { compileMapping } from '../../lib/catalog/mappings/compile';
import { readMappings } from '../../lib/catalog/mappings/load';
import { getTool } from '../../lib/catalog/registry';
import type { ToolDef } from '../../lib/catalog/types';
import { buildToolRequest } from '../../lib/services/tools/http';
import { applyMappedArgs } from '../../lib/services/tools/mapped';

// Every mapping file's `check` (lib/catalog/mappings/<toolkit>.yaml), built into the HTTP request the
// executor would send: method, path under the toolkit's base, query and body must be the ones the file
// promises in the provider's own terms. Cheap (no network); the loopback run is the integration test's job.
const BASE = 'https://provider.example.test';

function built(tool: ToolDef, args: Record<string, unknown>) {
  const req = buildToolRequest(tool, BASE, applyMappedArgs(tool, args));
  const query: Record<string, string | string[]> = {};
  for (const k of new Set(req.url.searchParams.keys())) {
    const all = req.url.searchParams.getAll(k);
    query[k] = all.length > 1 ? all : all[0]!;
  }
  let body: unknown;
  if (typeof req.body === 'string') {
    const ct = req.headers['content-type'] ?? '';
    body = ct.includes('json') ? JSON.parse(req.body) : ct.includes('form-urlencoded') ? req.formFields : req.body;
  }
  return { method: req.method, path: decodeURIComponent(req.url.pathname), query, body, headers: req.headers };
}

const withCheck = [...readMappings(process.cwd()).values()].filter((m) => m.file.check);

describe.each(withCheck.map((m) => [m.file.toolkit, m] as const))('%s check', (_toolkit, m) => {
  it('builds the request the file promises', () => {
    const c = m.file.check!;
    const tool = getTool(c.tool);
    expect(tool, c.tool).toBeDefined();
    const got = built(tool!, c.arguments);
    expect(got.method).toBe(c.request.method);
    // got.path is decoded; a file may write its path encoded, as the fake receives it (Teams' 19%3Aabc%40thread)
    expect(got.path).toBe(decodeURIComponent(c.request.path));
    expect(got.query).toEqual(c.request.query ?? {});
    if (c.request.body !== undefined) expect(got.body).toEqual(c.request.body);
  });
});

describe('nested body arguments (`as: a.b`)', () => {
  const { tools } = compileMapping(
    {
      toolkit: 'demo',
      tools: [
        {
          slug: 'DEMO_SEND',
          op: 'POST /{phone_id}/messages',
          args: {
            phone_id: { type: 'string', required: true },
            to: { type: 'string', required: true },
            text: { type: 'string', required: true, as: 'text.body' },
            preview_url: { type: 'boolean', as: 'text.preview_url' },
            kind: { type: 'string', as: 'type' },
            account: { type: 'string', as: 'customerid_account@odata.bind' },
          },
          defaults: { kind: 'text' },
        },
      ],
    },
    { generated: [], version: 'test', sha: 'test' },
  );
  const send = tools[0]!;

  it('puts dotted names under one nested object and leaves the others at the top', () => {
    const got = built(send, { phone_id: '42', to: '+15550001', text: 'hello', preview_url: true });
    expect(got.path).toBe('/42/messages');
    expect(got.body).toEqual({ to: '+15550001', type: 'text', text: { body: 'hello', preview_url: true } });
  });

  it('keeps a name with @ (an OData annotation) as one key', () => {
    const got = built(send, { phone_id: '1', to: '+1', account: '/accounts(7)' });
    expect(got.body).toEqual({ to: '+1', type: 'text', 'customerid_account@odata.bind': '/accounts(7)' });
  });

  it('creates no nested object for an absent argument', () => {
    const got = built(send, { phone_id: '42', to: '+1', kind: 'reaction' });
    expect(got.body).toEqual({ to: '+1', type: 'reaction' });
  });
});

describe('a credential-free toolkit', () => {
  const { toolkit, tools } = compileMapping(
    {
      toolkit: 'demo',
      define: {
        name: 'Demo',
        description: 'Public data only.',
        categories: [],
        base_url: 'https://api.demo.example',
        auth: [{ mode: 'NO_AUTH' }],
      },
      tools: [{ slug: 'DEMO_TIME', op: 'GET /time' }],
    },
    { generated: [], version: '20261127_00', sha: 'test' },
  );

  it('is listed with its NO_AUTH scheme, and its tools need no account', () => {
    expect(toolkit?.authSchemes.map((s) => s.mode)).toEqual(['NO_AUTH']);
    expect(toolkit?.noAuth).toBe(true);
    expect(tools[0]?.noAuth).toBe(true);
  });
});
