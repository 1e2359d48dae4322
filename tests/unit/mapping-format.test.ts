import { describe, expect, it } from 'vitest';
import { compileMapping, MappingError } from '../../lib/catalog/mappings/compile';
import { parseMapping } from '../../lib/catalog/mappings/load';
import type { ToolDef } from '../../lib/catalog/types';
import { authScheme } from '../../lib/catalog/mappings/compile';
import { applyCredentials } from '../../lib/services/tools/credentials';
import { buildToolRequest, nestBody, RequestBuildError, rawPathValue } from '../../lib/services/tools/http';
import { MappingAuth } from '../../lib/catalog/mappings/schema';
import { connectionDefaults, withConnectionDefaults } from '../../lib/catalog/field-defaults';
import { getToolkit, getToolkitTools } from '../../lib/catalog/registry';
import { baseUrlFor } from '../../lib/services/tools/http';
import { pickHeaders } from '../../lib/catalog/http-types';

// The mapping format's request shapes beyond flat arguments: nested JSON bodies built from flat
// arguments (dotted `as`, `wrap`) and path arguments that keep their slashes (`raw`). Each case
// compiles a small file and builds the request the executor would send.
const compile = (yaml: string) =>
  compileMapping(parseMapping(`toolkit: demo\n${yaml}`, 'demo.yaml'), { generated: [], version: 'v', sha: 'abc' });

function request(tool: ToolDef, args: Record<string, unknown>) {
  const req = buildToolRequest(tool, 'https://api.demo.test', args);
  return {
    method: req.method,
    path: req.url.pathname,
    query: Object.fromEntries(req.url.searchParams),
    body: typeof req.body === 'string' ? JSON.parse(req.body) : req.body,
  };
}

describe('nested bodies from flat arguments', () => {
  const [ticket] = compile(`tools:
  - slug: DEMO_CREATE_TICKET
    op: POST /tickets
    wrap: ticket
    args:
      subject: { type: string, required: true }
      comment_body: { type: string, as: comment.body, required: true }
      comment_public: { type: boolean, as: comment.public }
      requester_email: { type: string, as: requester.email }
      ticket: { type: object, description: "the whole ticket object, merged with the flat arguments" }
      notify: { type: boolean, in: query }
`).tools;

  it('compiles dotted names and wrap into body paths', () => {
    expect(ticket!.http.params).toEqual({
      subject: { in: 'body', name: 'subject', at: ['ticket', 'subject'] },
      comment_body: { in: 'body', name: 'comment.body', at: ['ticket', 'comment', 'body'] },
      comment_public: { in: 'body', name: 'comment.public', at: ['ticket', 'comment', 'public'] },
      requester_email: { in: 'body', name: 'requester.email', at: ['ticket', 'requester', 'email'] },
      ticket: { in: 'body', name: 'ticket' },
      notify: { in: 'query', name: 'notify' },
    });
    expect(ticket!.inputParameters.required).toEqual(['subject', 'comment_body']);
  });

  it('sends the provider the nested object', () => {
    expect(
      request(ticket!, { subject: 'Printer', comment_body: 'It jams', comment_public: false, notify: true }),
    ).toEqual({
      method: 'POST',
      path: '/tickets',
      query: { notify: 'true' },
      body: { ticket: { subject: 'Printer', comment: { body: 'It jams', public: false } } },
    });
  });

  it('merges a wrapper object given whole with the flat arguments (flat ones win)', () => {
    const got = request(ticket!, {
      ticket: { subject: 'old', priority: 'high', comment: { html_body: '<b>x</b>', public: true } },
      subject: 'new',
      comment_body: 'text',
    });
    expect(got.body).toEqual({
      ticket: { subject: 'new', priority: 'high', comment: { html_body: '<b>x</b>', public: true, body: 'text' } },
    });
  });

  it('a dotted name without wrap nests from the top; a dotted GET parameter stays a query name', () => {
    const r = compile(`tools:
  - slug: DEMO_CREATE_ALBUM
    op: POST /albums
    args: { title: { type: string, as: album.title } }
  - slug: DEMO_LIST
    op: GET /things
    args: { kind: { type: string, as: filter.kind } }
`).tools;
    expect(request(r[0]!, { title: 'Trip' }).body).toEqual({ album: { title: 'Trip' } });
    expect(request(r[1]!, { kind: 'a' }).query).toEqual({ 'filter.kind': 'a' });
  });

  it('keeps a caller’s __proto__ key a plain key, never a prototype', () => {
    const body = nestBody([
      [['data'], JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')],
      [['data', 'b'], 2],
    ]);
    expect(Object.getPrototypeOf(body.data)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(body.data as object)).toEqual(['__proto__', 'a', 'b']);
    expect(JSON.stringify(body)).toBe('{"data":{"__proto__":{"polluted":true},"a":1,"b":2}}');
  });

  it.each([
    ['wrap with body_arg', '    wrap: x\n    body_arg: y\n    args: { y: { type: object } }', /exclude each other/],
  ])('rejects %s', (_what, lines, re) => {
    expect(() => compile(`tools:\n  - slug: DEMO_X\n    op: POST /x\n${lines}\n`)).toThrow(re);
    expect(() => compile(`tools:\n  - slug: DEMO_X\n    op: POST /x\n${lines}\n`)).toThrow(MappingError);
  });

  it('wrap on an operation entry is a mapping error', () => {
    expect(() =>
      compileMapping(
        parseMapping('toolkit: demo\ntools:\n  - { slug: DEMO_X, operation: GetThing, wrap: data }\n', 'demo.yaml'),
        {
          generated: [
            {
              slug: 'DEMO_GET_THING',
              name: 'Get thing',
              description: 'd',
              toolkit: 'demo',
              tags: [],
              scopes: [],
              important: false,
              noAuth: false,
              deprecated: false,
              inputParameters: { type: 'object', properties: {} },
              outputParameters: { type: 'object', properties: {} },
              http: { method: 'POST', path: '/things', params: {} },
              operationId: 'GetThing',
            },
          ],
          version: 'v',
          sha: 'abc',
        },
      ),
    ).toThrow(/wrap is for op: entries/);
  });

  it("a key with an empty part (Dropbox's .tag) stays one key", () => {
    const [t] = compile(`tools:
  - slug: DEMO_DELETE_GROUP
    op: POST /groups/delete
    args: { tag: { type: string, as: .tag }, odd: { type: string, as: a..b } }
`).tools;
    expect(request(t!, { tag: 'group_id', odd: 'x' }).body).toEqual({ '.tag': 'group_id', 'a..b': 'x' });
  });

  it('an OData annotation name stays one key, also under wrap', () => {
    const [t] = compile(`tools:
  - slug: DEMO_CREATE_CONTACT
    op: POST /contacts
    wrap: record
    args: { account: { type: string, as: parentcustomerid_account@odata.bind } }
`).tools;
    expect(request(t!, { account: '/accounts(1)' }).body).toEqual({
      record: { 'parentcustomerid_account@odata.bind': '/accounts(1)' },
    });
  });

  it('the schema rejects a malformed wrap', () => {
    expect(() => parseMapping('toolkit: demo\ntools:\n  - { slug: DEMO_X, op: POST /x, wrap: "a b" }\n', 'd')).toThrow(
      /wrap/,
    );
  });
});

describe('path arguments that keep their slashes', () => {
  const [get] = compile(`tools:
  - slug: DEMO_GET_RESOURCE
    op: GET /v2/{name}
    args:
      name: { type: string, raw: true }
      view: { type: string }
  - slug: DEMO_GET_SPACE
    op: GET /v2/spaces/{space}
    args: { space: { type: string } }
`).tools;

  it('compiles raw onto the path parameter', () => {
    expect(get!.http.params.name).toEqual({ in: 'path', name: 'name', raw: true });
  });

  it('sends a resource name with its slashes, each segment encoded', () => {
    expect(request(get!, { name: 'conferenceRecords/a b/participants/c?d' }).path).toBe(
      '/v2/conferenceRecords/a%20b/participants/c%3Fd',
    );
    expect(rawPathValue('name', 'spaces/abc-def')).toBe('spaces/abc-def');
  });

  it.each([['spaces/../admin'], ['../x'], ['spaces//x'], ['/spaces/x'], ['spaces/x/'], ['./x']])('refuses %s', (v) => {
    expect(() => request(get!, { name: v })).toThrow(RequestBuildError);
  });

  it('an encoded dot-dot stays data, not a segment', () => {
    expect(rawPathValue('name', 'spaces/%2e%2e')).toBe('spaces/%252e%252e');
  });

  it('a plain path argument still encodes its slashes', () => {
    const [, space] = compile(`tools:
  - slug: DEMO_GET_RESOURCE
    op: GET /v2/{name}
    args: { name: { type: string, raw: true } }
  - slug: DEMO_GET_SPACE
    op: GET /v2/spaces/{space}
    args: { space: { type: string } }
`).tools;
    expect(request(space!, { space: 'a/b' }).path).toBe('/v2/spaces/a%2Fb');
  });

  it('a prefix is added when the value is the id alone, never twice', () => {
    const [t] = compile(`tools:
  - slug: DEMO_END
    op: POST /v2/{space}:end
    args: { space: { type: string, raw: true, prefix: spaces/ } }
`).tools;
    expect(t!.http.params.space).toEqual({ in: 'path', name: 'space', raw: true, prefix: 'spaces/' });
    expect(request(t!, { space: 'abc' }).path).toBe('/v2/spaces/abc:end');
    expect(request(t!, { space: 'spaces/abc' }).path).toBe('/v2/spaces/abc:end');
    expect(() => request(t!, { space: '../x' })).toThrow(RequestBuildError);
  });

  it('prefix without raw is a mapping error; a malformed prefix a schema error', () => {
    expect(() =>
      compile('tools:\n  - slug: DEMO_X\n    op: GET /x/{a}\n    args: { a: { type: string, prefix: spaces/ } }\n'),
    ).toThrow(/prefix needs raw/);
    expect(() =>
      compile(
        'tools:\n  - slug: DEMO_X\n    op: GET /x/{a}\n    args: { a: { type: string, raw: true, prefix: ../ } }\n',
      ),
    ).toThrow(/prefix/);
  });

  it('raw on a query argument is a mapping error', () => {
    expect(() =>
      compile('tools:\n  - slug: DEMO_X\n    op: GET /x\n    args: { q: { type: string, raw: true } }\n'),
    ).toThrow(/raw is for path arguments/);
  });
});

describe('API key as the Basic user name', () => {
  const basicOf = (placement: Record<string, unknown>) => {
    const scheme = authScheme(MappingAuth.parse({ mode: 'API_KEY', placement }), 'Demo');
    const req = { method: 'GET', url: new URL('https://api.demo.test/x'), headers: {} as Record<string, string> };
    applyCredentials(req, { mode: 'API_KEY', val: { api_key: 'k-1' } }, { authSchemes: [scheme] } as never);
    return { scheme, header: req.headers.authorization };
  };

  it('sends the fixed password the provider documents', () => {
    const { scheme, header } = basicOf({ in: 'basic', password: 'X' });
    expect(scheme.placement).toEqual([{ in: 'basic', usernameField: 'api_key', passwordField: '', password: 'X' }]);
    expect(header).toBe(`Basic ${Buffer.from('k-1:X').toString('base64')}`);
  });

  it('without one, the password stays empty', () => {
    expect(basicOf({ in: 'basic' }).header).toBe(`Basic ${Buffer.from('k-1:').toString('base64')}`);
  });
});

describe('connection-field defaults', () => {
  const scheme = authScheme(
    MappingAuth.parse({
      mode: 'API_KEY',
      fields: [
        { name: 'region', default: 'us', required: false },
        { name: 'team', required: false },
      ],
    }),
    'Demo',
  );

  it('fills an absent or empty field, keeps a given one, leaves fields without a default alone', () => {
    expect(connectionDefaults(scheme)).toEqual({ region: 'us' });
    expect(withConnectionDefaults(scheme, { api_key: 'k' })).toEqual({ api_key: 'k', region: 'us' });
    expect(withConnectionDefaults(scheme, { region: '' })).toEqual({ region: 'us' });
    expect(withConnectionDefaults(scheme, { region: 'eu' })).toEqual({ region: 'eu' });
    expect(withConnectionDefaults(undefined, { a: 1 })).toEqual({ a: 1 });
  });

  it('an account created before defaults were stored still reaches the default host', () => {
    const posthog = getToolkit('posthog')!;
    expect(baseUrlFor(posthog, undefined, [{ api_key: 'k' }], undefined, 'API_KEY')).toBe('https://us.posthog.com');
    expect(baseUrlFor(posthog, undefined, [{ subdomain: 'eu' }], undefined, 'API_KEY')).toBe('https://eu.posthog.com');
    const wrike = getToolkit('wrike')!;
    expect(baseUrlFor(wrike, undefined, [{}], undefined, 'OAUTH2')).toBe('https://www.wrike.com');
  });
});

describe('dotted hosts from a field that lists them', () => {
  const mixpanel = getToolkit('mixpanel')!;
  const amplitude = getToolkit('amplitude')!;
  const ingest = (slug: string, kit: typeof mixpanel, val: Record<string, unknown>) => {
    const tool = getToolkitTools(kit.slug).find((t) => t.slug === slug)!;
    return baseUrlFor(kit, tool, [val], undefined, 'BASIC');
  };

  it('US by default, EU and India when the connection names their hosts', () => {
    expect(baseUrlFor(mixpanel, undefined, [{}], undefined, 'BASIC')).toBe('https://mixpanel.com');
    expect(ingest('MIXPANEL_PROFILE_SET', mixpanel, {})).toBe('https://api.mixpanel.com');
    const eu = { api_host: 'eu.mixpanel.com', ingestion_host: 'api-eu.mixpanel.com' };
    expect(baseUrlFor(mixpanel, undefined, [eu], undefined, 'BASIC')).toBe('https://eu.mixpanel.com');
    expect(ingest('MIXPANEL_PROFILE_SET', mixpanel, eu)).toBe('https://api-eu.mixpanel.com');
    expect(ingest('MIXPANEL_PROFILE_SET', mixpanel, { ingestion_host: 'api-in.mixpanel.com' })).toBe(
      'https://api-in.mixpanel.com',
    );
    const euAmp = { api_host: 'analytics.eu.amplitude.com', ingestion_host: 'api.eu.amplitude.com' };
    expect(baseUrlFor(amplitude, undefined, [euAmp], undefined, 'BASIC')).toBe('https://analytics.eu.amplitude.com');
    expect(ingest('AMPLITUDE_SEND_EVENTS', amplitude, euAmp)).toBe('https://api.eu.amplitude.com');
    expect(ingest('AMPLITUDE_SEND_EVENTS', amplitude, {})).toBe('https://api2.amplitude.com');
  });

  it.each([['evil.example'], ['mixpanel.com.evil.example'], ['eu.mixpanel.com/#'], ['EU.MIXPANEL.COM']])(
    'refuses %s, which the catalog does not list',
    (host) => {
      expect(() => baseUrlFor(mixpanel, undefined, [{ api_host: host }], undefined, 'BASIC')).toThrow(
        /must be one of mixpanel.com, eu.mixpanel.com, in.mixpanel.com/,
      );
    },
  );

  it('a field without listed values still takes one DNS label only', () => {
    const posthog = getToolkit('posthog')!;
    expect(() => baseUrlFor(posthog, undefined, [{ subdomain: 'eu.evil.example' }], undefined, 'API_KEY')).toThrow(
      /single DNS label/,
    );
  });

  it('the schema wants a default among the listed values', () => {
    expect(() =>
      MappingAuth.parse({ mode: 'BASIC', fields: [{ name: 'host', enum: ['a.example'], default: 'b.example' }] }),
    ).toThrow(/default must be one of enum/);
  });
});

describe('response headers returned beside the body', () => {
  const [usage] = compile(`tools:
  - slug: DEMO_USAGE
    op: GET /usage
    response_headers: [X-Request-Cost, Zr-*]
`).tools;

  it('compiles lower-case names and declares the fixed ones in the output schema', () => {
    expect(usage!.http.responseHeaders).toEqual(['x-request-cost', 'zr-*']);
    const data = (usage!.outputParameters.properties as any).data;
    expect(Object.keys(data.properties.response_headers.properties)).toEqual(['x-request-cost']);
  });

  it('picks listed names and prefixes, null for an absent name, never cookies or credentials', () => {
    const picked = pickHeaders(usage!.http.responseHeaders!, [
      ['Zr-Final-Url', 'https://a.test/'],
      ['Zr-Cookies', 'sid=1'],
      ['zr-auth-token', 't'],
      ['content-type', 'text/html'],
    ]);
    expect(picked).toEqual({ 'x-request-cost': null, 'zr-final-url': 'https://a.test/' });
  });

  it('the schema refuses cookie and credential headers, and same_as entries cannot take them', () => {
    for (const h of ['Set-Cookie', 'Authorization', 'X-Api-Key', '*'])
      expect(() => compile(`tools:\n  - slug: DEMO_X\n    op: GET /x\n    response_headers: ['${h}']\n`), h).toThrow();
    expect(() =>
      compile(`tools:\n  - slug: DEMO_X\n    same_as: OTHER_TOOL\n    response_headers: [X-Cost]\n`),
    ).toThrow(/response_headers is for op/);
  });
});
