import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

/**
 * A YAML "billion laughs" document: nine lines of anchors, each alias list nine times the one
 * before, about 387 million strings once expanded. Imported as a custom toolkit, in the body or
 * by URL, it must be refused as the caller's bad input (400 in the envelope), not end in a 500.
 */
const bomb = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefghi'.split('').map((k, i) => {
    const prev = 'abcdefgh'[i];
    return `${k}: &${k} [${Array(9).fill(`*${prev}`).join(',')}]`;
  }),
].join('\n');

/** A small valid document that reuses one schema through an alias, which is still fine. */
const withAlias = (base: string) => `openapi: 3.0.0
info: {title: Laughs, version: "1"}
servers: [{url: "${base}"}]
paths:
  /items:
    get:
      operationId: listItems
      summary: List items
      responses:
        "200": &ok
          description: ok
  /things:
    get:
      operationId: listThings
      summary: List things
      responses:
        "200": *ok
`;

let s: TestServer;
let up: FakeUpstream;
beforeAll(async () => {
  [s, up] = await Promise.all([startServer(), startFakeUpstream()]);
  up.on('GET', '/bomb.yaml', () => ({ text: bomb, headers: { 'content-type': 'application/yaml' } }));
});
afterAll(async () => {
  await Promise.all([s?.stop(), up?.close()]);
});

describe('custom toolkit import of a YAML alias bomb', () => {
  it('in the body: 400 validation envelope naming the aliases', async () => {
    const r = await s.api('POST', '/toolkits/custom', { slug: 'laughs_body', document: bomb });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBeTypeOf('number');
    expect(r.body.error.message).toMatch(/aliases expand too far/);
    expect(r.body.error.status).toBe(400);
  });

  it('by URL: the same 400', async () => {
    const r = await s.api('POST', '/toolkits/custom', { slug: 'laughs_url', url: `${up.url}/bomb.yaml` });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/aliases expand too far/);
  });

  it('the server is still answering, and an ordinary alias still imports', async () => {
    const r = await s.api('POST', '/toolkits/custom', { slug: 'laughs_ok', document: withAlias(up.url) });
    expect(r.status).toBe(201);
    expect(r.body.tools_count).toBe(2);
  });
});
