import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback Google Drive API v3 (paths as Google serves them: /drive/v3/... and the upload host's
 * /upload/drive/v3/files). Multipart uploads are parsed back into metadata + bytes so tests check
 * what Drive would store; files keep their bytes so downloads and exports return them.
 */
export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  content?: Buffer;
  trashed?: boolean;
  description?: string;
}
export interface FakeDrive extends FakeUpstream {
  token: string;
  files: Map<string, DriveFile>;
  uploads: { metadata: Record<string, unknown>; contentType: string; content: Buffer; query: URLSearchParams }[];
  add(f: Omit<DriveFile, 'parents'> & { parents?: string[] }): void;
}

/** Parse a multipart/related body into its parts (headers + raw bytes), as Drive does. */
export function parseMultipartRelated(
  body: Buffer,
  contentType: string,
): { headers: Record<string, string>; body: Buffer }[] {
  const m = /boundary=("?)([^";]+)\1/.exec(contentType);
  if (!/^multipart\/related/i.test(contentType) || !m) throw new Error(`not multipart/related: ${contentType}`);
  const delim = Buffer.from(`--${m[2]}`);
  const parts: { headers: Record<string, string>; body: Buffer }[] = [];
  let pos = body.indexOf(delim);
  if (pos < 0) throw new Error('no boundary in body');
  for (;;) {
    pos += delim.length;
    if (body.subarray(pos, pos + 2).toString() === '--') break;
    pos += 2; // CRLF after the boundary line
    const headEnd = body.indexOf('\r\n\r\n', pos);
    const headers = Object.fromEntries(
      body
        .subarray(pos, headEnd)
        .toString()
        .split('\r\n')
        .map((l) => {
          const i = l.indexOf(':');
          return [l.slice(0, i).trim().toLowerCase(), l.slice(i + 1).trim()];
        }),
    );
    const next = body.indexOf(delim, headEnd + 4);
    if (next < 0) throw new Error('unterminated part');
    parts.push({ headers, body: body.subarray(headEnd + 4, next - 2) }); // minus the CRLF before the boundary
    pos = next;
  }
  return parts;
}

export async function startFakeDrive(token = 'ya29.drive'): Promise<FakeDrive> {
  const up = await startFakeUpstream();
  const d = up as FakeDrive;
  d.token = token;
  d.files = new Map();
  d.uploads = [];
  let n = 0;
  const authed = (r: RecordedRequest) => r.headers.authorization === `Bearer ${token}`;
  const unauth = {
    status: 401,
    json: { error: { code: 401, message: 'Request had invalid authentication credentials.' } },
  };
  const notFound = (id: string) => ({ status: 404, json: { error: { code: 404, message: `File not found: ${id}.` } } });
  const view = (f: DriveFile) => ({
    kind: 'drive#file',
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    parents: f.parents,
    trashed: !!f.trashed,
    webViewLink: `https://drive.google.com/file/d/${f.id}/view`,
    ...(f.content ? { size: String(f.content.length) } : {}),
  });
  d.add = (f) => d.files.set(f.id, { parents: ['root'], ...f });

  d.on('POST', '/upload/drive/v3/files', (r) => {
    if (!authed(r)) return unauth;
    const type = String(r.headers['content-type']);
    if (r.query.get('uploadType') !== 'multipart')
      return { status: 400, json: { error: { code: 400, message: 'uploadType must be multipart here' } } };
    const parts = parseMultipartRelated(r.body, type);
    if (parts.length !== 2 || !/^application\/json/.test(parts[0]!.headers['content-type'] ?? ''))
      return { status: 400, json: { error: { code: 400, message: 'expected metadata + media parts' } } };
    const metadata = JSON.parse(parts[0]!.body.toString('utf8')) as Record<string, any>;
    d.uploads.push({
      metadata,
      contentType: parts[1]!.headers['content-type'] ?? '',
      content: parts[1]!.body,
      query: r.query,
    });
    const f: DriveFile = {
      id: `up${++n}xxxxxxxxxx`,
      name: metadata.name,
      mimeType: metadata.mimeType ?? parts[1]!.headers['content-type'],
      parents: metadata.parents ?? ['root'],
      content: parts[1]!.body,
    };
    d.files.set(f.id, f);
    return { json: view(f) };
  });
  d.on('PATCH', '/upload/drive/v3/files/:id', (r, p) => {
    const f = d.files.get(p.id!);
    if (!f) return notFound(p.id!);
    if (r.query.get('uploadType') !== 'media')
      return { status: 400, json: { error: { code: 400, message: 'uploadType must be media' } } };
    f.content = r.body;
    f.mimeType = String(r.headers['content-type']);
    return { json: view(f) };
  });
  d.on('POST', '/drive/v3/files', (r) => {
    if (!authed(r)) return unauth;
    const b = r.json as Record<string, any>;
    const f: DriveFile = {
      id: `new${++n}xxxxxxxxxx`,
      name: b.name,
      mimeType: b.mimeType,
      parents: b.parents ?? ['root'],
    };
    d.files.set(f.id, f);
    return { json: view(f) };
  });
  d.on('GET', '/drive/v3/files', (r) => {
    if (!authed(r)) return unauth;
    // enough of Drive's q for the filters the tools build
    const q = r.query.get('q') ?? '';
    const files = [...d.files.values()].filter((f) => {
      if (/trashed = false/.test(q) && f.trashed) return false;
      const exact = /name = '((?:[^'\\]|\\.)*)'/.exec(q);
      if (exact && f.name !== exact[1]!.replace(/\\(.)/g, '$1')) return false;
      const contains = /(?<!not )name contains '((?:[^'\\]|\\.)*)'/.exec(q);
      if (contains && !f.name.toLowerCase().includes(contains[1]!.toLowerCase())) return false;
      const mime = /mimeType = '([^']*)'/.exec(q);
      if (mime && f.mimeType !== mime[1]) return false;
      const parent = /'([^']*)' in parents/.exec(q);
      if (parent && !f.parents.includes(parent[1]!)) return false;
      return true;
    });
    return {
      json: {
        kind: 'drive#fileList',
        files: files.map(view),
        ...(files.length > 1 && !r.query.get('pageToken') ? { nextPageToken: 'p2' } : {}),
      },
    };
  });
  d.on('GET', '/drive/v3/files/:id', (r, p) => {
    if (!authed(r)) return unauth;
    const f = d.files.get(p.id!);
    if (!f) return notFound(p.id!);
    if (r.query.get('alt') === 'media')
      return { body: f.content ?? Buffer.alloc(0), headers: { 'content-type': f.mimeType } };
    return { json: view(f) };
  });
  d.on('GET', '/drive/v3/files/:id/export', (r, p) => {
    const f = d.files.get(p.id!);
    if (!f) return notFound(p.id!);
    if (!f.mimeType.startsWith('application/vnd.google-apps.'))
      return { status: 403, json: { error: { code: 403, message: 'Export only supports Docs Editors files.' } } };
    const to = r.query.get('mimeType')!;
    const text = `${f.name} exported as ${to}\n${f.content?.toString('utf8') ?? ''}`;
    return {
      body: Buffer.from(to === 'application/pdf' ? `%PDF-1.4\n${text}` : text),
      headers: { 'content-type': to },
    };
  });
  d.on('PATCH', '/drive/v3/files/:id', (r, p) => {
    const f = d.files.get(p.id!);
    if (!f) return notFound(p.id!);
    const b = (r.json ?? {}) as Record<string, any>;
    if (b.name) f.name = b.name;
    if (b.trashed !== undefined) f.trashed = b.trashed;
    const add = r.query.get('addParents');
    const remove = r.query.get('removeParents');
    if (remove) f.parents = f.parents.filter((x) => !remove.split(',').includes(x));
    if (add) f.parents.push(...add.split(','));
    return { json: view(f) };
  });
  d.on('POST', '/drive/v3/files/:id/permissions', (r, p) => {
    if (!d.files.has(p.id!)) return notFound(p.id!);
    return { json: { kind: 'drive#permission', id: `perm-${p.id}`, ...(r.json as object) } };
  });
  d.on('POST', '/drive/v2/files/:id/parents', (r, p) => {
    const f = d.files.get(p.id!);
    if (!f) return notFound(p.id!);
    const id = (r.json as { id: string }).id;
    f.parents.push(id);
    return { json: { kind: 'drive#parentReference', id } };
  });
  // permissions, the change feed and shared drives: enough to check how the arguments arrive
  d.on('GET', '/drive/v3/files/:id/permissions', (r, p) => {
    if (!authed(r)) return unauth;
    if (!d.files.has(p.id!)) return notFound(p.id!);
    const perm = { kind: 'drive#permission', id: `perm-${p.id}`, type: 'user', role: 'owner' };
    return { json: { kind: 'drive#permissionList', permissions: [perm] } };
  });
  d.on('GET', '/drive/v3/files/:id/permissions/:pid', (r, p) => {
    if (!authed(r)) return unauth;
    if (!d.files.has(p.id!)) return notFound(p.id!);
    return { json: { kind: 'drive#permission', id: p.pid, type: 'user', role: 'owner' } };
  });
  d.on('GET', '/drive/v3/changes', (r) => {
    if (!authed(r)) return unauth;
    const token = r.query.get('pageToken');
    if (!token) return { status: 400, json: { error: { code: 400, message: 'Required parameter: pageToken' } } };
    return { json: { kind: 'drive#changeList', changes: [], newStartPageToken: String(Number(token) + 1) } };
  });
  d.on('GET', '/drive/v3/drives/:id', (r, p) => {
    if (!authed(r)) return unauth;
    return { json: { kind: 'drive#drive', id: p.id, name: `Drive ${p.id}` } };
  });
  d.on('POST', '/drive/v3/drives/:id/hide', (r, p) => {
    if (!authed(r)) return unauth;
    return { json: { kind: 'drive#drive', id: p.id, hidden: true } };
  });
  return d;
}
