import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback Atlassian API gateway for Confluence: /ex/confluence/{cloudId}/wiki/… with the v2
 * page routes and the v1 CQL search. Basic auth (email + API token) or a Bearer token; an unknown
 * cloud id answers 404 as the gateway does. Page creation checks the v2 body (spaceId, title,
 * body.representation) and titles must be unique within a space.
 */
export interface FakeConfluence extends FakeUpstream {
  pages: { id: string; spaceId: string; title: string; body: unknown; version: { number: number } }[];
}

export async function startFakeConfluence(opts: { cloudId: string; email: string; token: string }) {
  const up = (await startFakeUpstream()) as FakeConfluence;
  up.pages = [];
  const basic = `Basic ${Buffer.from(`${opts.email}:${opts.token}`).toString('base64')}`;
  const check = (r: RecordedRequest, cloud: string) => {
    if (cloud !== opts.cloudId) return { status: 404, json: { message: 'Cloud id not found' } };
    if (r.headers.authorization !== basic && r.headers.authorization !== `Bearer ${opts.token}`)
      return { status: 401, json: { code: 401, message: 'Unauthorized; scope does not match' } };
    return undefined;
  };
  const wiki = '/ex/confluence/:cloud/wiki';

  up.on('POST', `${wiki}/api/v2/pages`, (r, p) => {
    const denied = check(r, p.cloud!);
    if (denied) return denied;
    const b = (r.json ?? {}) as {
      spaceId?: string;
      title?: string;
      body?: { representation?: string; value?: string };
    };
    const errors: { status: number; code: string; title: string }[] = [];
    if (!b.spaceId) errors.push({ status: 400, code: 'INVALID_REQUEST_PARAMETER', title: 'spaceId is required' });
    if (b.body && !['storage', 'atlas_doc_format', 'wiki'].includes(String(b.body.representation)))
      errors.push({ status: 400, code: 'INVALID_REQUEST_PARAMETER', title: 'body.representation is invalid' });
    if (up.pages.some((pg) => pg.spaceId === b.spaceId && pg.title === b.title))
      errors.push({ status: 400, code: 'BAD_REQUEST', title: 'A page with this title already exists' });
    if (errors.length) return { status: 400, json: { errors } };
    const page = {
      id: String(65_000 + up.pages.length + 1),
      spaceId: b.spaceId!,
      title: b.title!,
      body: b.body,
      version: { number: 1 },
    };
    up.pages.push(page);
    return {
      json: { ...page, _links: { webui: `/spaces/X/pages/${page.id}`, base: `https://acme.atlassian.net/wiki` } },
    };
  });
  up.on('GET', `${wiki}/rest/api/search`, (r, p) => {
    const denied = check(r, p.cloud!);
    if (denied) return denied;
    const cql = r.query.get('cql') ?? '';
    const m = /text ~ "([^"]+)"/.exec(cql);
    if (!m) return { status: 400, json: { statusCode: 400, message: 'Could not parse cql' } };
    const hits = up.pages.filter((pg) => JSON.stringify(pg.body ?? '').includes(m[1]!));
    return {
      json: {
        results: hits.map((pg) => ({ content: { id: pg.id, type: 'page', title: pg.title }, excerpt: m[1] })),
        size: hits.length,
      },
    };
  });
  return up;
}
