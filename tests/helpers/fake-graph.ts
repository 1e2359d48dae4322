import { startFakeUpstream, type FakeUpstream } from './fake-upstream';

/**
 * A loopback Microsoft Graph (v1.0 paths under /v1.0) for the Outlook, Teams and OneDrive tools.
 * Every call must carry the connection's bearer token; answers follow Graph's documented shapes
 * (sendMail 202 without body, created resources 201 with their id).
 */
export const GRAPH_TOKEN = 'graph-access-token';

export async function startFakeGraph(): Promise<FakeUpstream> {
  const g = await startFakeUpstream();
  const authed =
    (
      h: (
        req: Parameters<Parameters<FakeUpstream['on']>[2]>[0],
        p: Record<string, string>,
      ) => { status?: number; json?: unknown },
    ) =>
    (req: Parameters<Parameters<FakeUpstream['on']>[2]>[0], p: Record<string, string>) =>
      req.headers.authorization === `Bearer ${GRAPH_TOKEN}`
        ? h(req, p)
        : {
            status: 401,
            json: { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty or invalid.' } },
          };
  g.on(
    'POST',
    '/v1.0/me/sendMail',
    authed(() => ({ status: 202 })),
  );
  g.on(
    'GET',
    '/v1.0/me/mailFolders/:folder/messages',
    authed((_r, p) => ({ json: { value: [{ id: 'AAMk1', subject: `in ${p.folder}` }] } })),
  );
  g.on(
    'POST',
    '/v1.0/teams/:team/channels/:channel/messages',
    authed((req, p) => ({
      status: 201,
      json: {
        id: '1700000000000',
        channelIdentity: { teamId: p.team, channelId: p.channel },
        body: (req.json as { body?: unknown }).body,
      },
    })),
  );
  // small-file upload: PUT /me/drive/items/{parent-id}:/{filename}:/content
  g.on(
    'PUT',
    '/v1.0/me/drive/items/:parent/:name/content',
    authed((req, p) => ({
      status: 201,
      json: {
        id: '01NEWFILE',
        name: p.name!.replace(/:$/, ''),
        parentReference: { id: p.parent!.replace(/:$/, '') },
        size: req.body.length,
      },
    })),
  );
  return g;
}
