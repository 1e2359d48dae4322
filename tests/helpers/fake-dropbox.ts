import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback Dropbox on one port for both hosts: RPC routes under /2/ (api.dropboxapi.com) take a
 * JSON object, content routes (content.dropboxapi.com) take their arguments from the
 * Dropbox-API-Arg header, which must be ASCII-only JSON. Files live in a map by lower-cased path.
 * Errors are answered as Dropbox does: 409 with error_summary and a tagged error.
 */
export interface FakeDropbox extends FakeUpstream {
  files: Map<string, { name: string; path_display: string; content: Buffer; rev: string }>;
}

export async function startFakeDropbox(opts: { token: string }): Promise<FakeDropbox> {
  const up = (await startFakeUpstream()) as FakeDropbox;
  up.files = new Map();
  let rev = 0;
  const authed = (r: RecordedRequest) => r.headers.authorization === `Bearer ${opts.token}`;
  const unauth = {
    status: 401,
    json: { error_summary: 'invalid_access_token/', error: { '.tag': 'invalid_access_token' } },
  };
  const conflict = (summary: string) => ({
    status: 409,
    json: { error_summary: summary, error: { '.tag': summary.split('/')[0] } },
  });
  const meta = (f: { name: string; path_display: string; content: Buffer; rev: string }) => ({
    '.tag': 'file',
    name: f.name,
    path_display: f.path_display,
    path_lower: f.path_display.toLowerCase(),
    id: `id:${f.rev}`,
    rev: f.rev,
    size: f.content.length,
  });
  const argOf = (r: RecordedRequest): Record<string, unknown> | undefined => {
    const raw = r.headers['dropbox-api-arg'];
    if (typeof raw !== 'string' || /[^\x20-\x7e]/.test(raw)) return undefined;
    return JSON.parse(raw) as Record<string, unknown>;
  };

  up.on('POST', '/2/files/list_folder', (r) => {
    if (!authed(r)) return unauth;
    if (!/^application\/json/.test(String(r.headers['content-type'])))
      return { status: 400, text: 'Error in call to API function "files/list_folder": Bad HTTP "Content-Type" header' };
    const { path } = r.json as { path: string };
    if (path !== '' && !path.startsWith('/')) return { status: 400, text: `path: '${path}' did not match pattern` };
    const prefix = `${path.toLowerCase()}/`;
    const entries = [...up.files.entries()].filter(([k]) => k.startsWith(prefix)).map(([, f]) => meta(f));
    return { json: { entries, cursor: 'cursor-1', has_more: false } };
  });
  up.on('POST', '/2/files/upload', (r) => {
    if (!authed(r)) return unauth;
    const arg = argOf(r);
    if (!arg) return { status: 400, text: 'Error in call to API function "files/upload": bad Dropbox-API-Arg header' };
    if (r.headers['content-type'] !== 'application/octet-stream')
      return { status: 400, text: 'Bad HTTP "Content-Type" header: expected application/octet-stream' };
    const path = String(arg.path);
    if (up.files.has(path.toLowerCase()) && arg.mode !== 'overwrite' && !arg.autorename)
      return conflict('path/conflict/file/..');
    const f = { name: path.split('/').pop()!, path_display: path, content: r.body, rev: `0${++rev}abc` };
    up.files.set(path.toLowerCase(), f);
    return { json: meta(f) };
  });
  up.on('POST', '/2/files/download', (r) => {
    if (!authed(r)) return unauth;
    const arg = argOf(r);
    if (!arg) return { status: 400, text: 'bad Dropbox-API-Arg header' };
    const f = up.files.get(String(arg.path).toLowerCase());
    if (!f) return conflict('path/not_found/..');
    return {
      body: f.content,
      headers: { 'content-type': 'application/octet-stream', 'dropbox-api-result': JSON.stringify(meta(f)) },
    };
  });
  return up;
}
