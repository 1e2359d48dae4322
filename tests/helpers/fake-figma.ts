import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback api.figma.com for the paths the tests call. A personal access token arrives in the
 * X-Figma-Token header (an OAuth token as Bearer); anything else is answered as Figma does, 403
 * with {status, err}. Node ids must be given in API form (1:2), as Figma requires.
 */
export async function startFakeFigma(opts: { token: string }): Promise<FakeUpstream> {
  const up = await startFakeUpstream();
  const authed = (r: RecordedRequest) =>
    r.headers['x-figma-token'] === opts.token || r.headers.authorization === `Bearer ${opts.token}`;
  const denied = { status: 403, json: { status: 403, err: 'Invalid token' } };
  up.on('GET', '/v1/files/:key/nodes', (r, p) => {
    if (!authed(r)) return denied;
    const ids = (r.query.get('ids') ?? '').split(',').filter(Boolean);
    if (!ids.length || ids.some((id) => !/^\d+:\d+$/.test(id)))
      return { status: 400, json: { status: 400, err: 'Invalid node ids' } };
    return {
      json: {
        name: `File ${p.key}`,
        nodes: Object.fromEntries(ids.map((id) => [id, { document: { id, name: `Frame ${id}`, type: 'FRAME' } }])),
      },
    };
  });
  up.on('POST', '/v1/files/:key/comments', (r) => {
    if (!authed(r)) return denied;
    const body = r.json as { message?: string; client_meta?: unknown; comment_id?: string };
    if (!body?.message) return { status: 400, json: { status: 400, err: 'message is required' } };
    return {
      json: {
        id: '99',
        message: body.message,
        client_meta: body.client_meta ?? null,
        parent_id: body.comment_id ?? '',
      },
    };
  });
  up.on('GET', '/v2/folders/:id/meta', (r, p) => (authed(r) ? { json: { id: p.id, name: 'Design system' } } : denied));
  return up;
}
