import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback Reddit: the OAuth endpoints of www.reddit.com (authorize, access_token) and the API
 * of oauth.reddit.com on one server. It checks what Reddit checks: the authorize request asks for
 * a permanent grant, the token endpoint gets the app's id and secret as HTTP Basic (never in the
 * form), API calls carry the bearer token and a User-Agent, writes are form posts with api_type=json.
 */
export interface FakeReddit extends FakeUpstream {
  /** form fields of every write, in order */
  forms: { path: string; form: Record<string, string> }[];
  /** Authorization headers the token endpoint received */
  tokenAuth: string[];
}

export async function startFakeReddit(opts: { token: string; clientId: string; clientSecret: string }) {
  const up = (await startFakeUpstream()) as FakeReddit;
  up.forms = [];
  up.tokenAuth = [];
  const codes = new Set<string>();
  // RFC 6749 §2.3.1: id and secret are form-encoded, then joined with ':' and base64-encoded
  const fromForm = (v: string) => decodeURIComponent(v.replace(/\+/g, ' '));
  const basicOk = (h: unknown) => {
    const m = /^Basic (.+)$/.exec(String(h ?? ''));
    if (!m) return false;
    const [id, ...rest] = Buffer.from(m[1]!, 'base64').toString('utf8').split(':');
    return fromForm(id ?? '') === opts.clientId && fromForm(rest.join(':')) === opts.clientSecret;
  };

  up.on('GET', '/api/v1/authorize', (r) => {
    const q = r.query;
    if (q.get('client_id') !== opts.clientId || q.get('response_type') !== 'code' || !q.get('redirect_uri'))
      return { status: 400, text: 'invalid request' };
    if (q.get('duration') !== 'permanent') return { status: 400, text: 'this fake grants permanent access only' };
    const code = `code-${codes.size + 1}`;
    codes.add(code);
    const back = new URL(q.get('redirect_uri')!);
    back.searchParams.set('state', q.get('state') ?? '');
    back.searchParams.set('code', code);
    return { status: 302, headers: { location: back.toString() } };
  });
  up.on('POST', '/api/v1/access_token', (r) => {
    const form = Object.fromEntries(new URLSearchParams(r.body.toString('utf8')));
    up.tokenAuth.push(String(r.headers.authorization ?? ''));
    // Reddit authenticates the app with HTTP Basic only
    if (!basicOk(r.headers.authorization) || form.client_secret !== undefined)
      return { status: 401, json: { message: 'Unauthorized', error: 401 } };
    if (form.grant_type !== 'authorization_code' || !codes.delete(form.code ?? ''))
      return { status: 400, json: { error: 'invalid_grant' } };
    return {
      json: {
        access_token: opts.token,
        token_type: 'bearer',
        expires_in: 86400,
        refresh_token: 'reddit-refresh',
        scope: 'identity read submit',
      },
    };
  });

  const authed =
    (h: (r: RecordedRequest, p: Record<string, string>) => ReturnType<Parameters<FakeUpstream['on']>[2]>) =>
    (r: RecordedRequest, p: Record<string, string>) => {
      if (r.headers.authorization !== `Bearer ${opts.token}`)
        return { status: 401, json: { message: 'Unauthorized', error: 401 } };
      if (!r.headers['user-agent']) return { status: 429, json: { message: 'Too Many Requests', error: 429 } };
      return h(r, p);
    };
  const formOf = (r: RecordedRequest) => {
    if (!String(r.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return undefined;
    const form = Object.fromEntries(new URLSearchParams(r.body.toString('utf8')));
    up.forms.push({ path: r.path, form });
    return form;
  };

  up.on(
    'POST',
    '/api/submit',
    authed((r) => {
      const f = formOf(r);
      if (!f || f.api_type !== 'json') return { status: 400, json: { message: 'expected a form with api_type=json' } };
      const errors: string[][] = [];
      if (!f.title) errors.push(['NO_TEXT', 'we need something here', 'title']);
      if (f.sr === 'flairrequired' && !f.flair_id)
        errors.push(['SUBMIT_VALIDATION_FLAIR_REQUIRED', 'Your post must contain post flair.', 'flair']);
      if (errors.length) return { json: { json: { errors } } };
      return {
        json: {
          json: {
            errors: [],
            data: { id: 'abc123', name: 't3_abc123', url: `https://www.reddit.com/r/${f.sr}/comments/abc123/x/` },
          },
        },
      };
    }),
  );
  up.on(
    'GET',
    '/r/:sub/:sort',
    authed((r, p) => ({
      json: {
        kind: 'Listing',
        data: {
          after: 't3_next',
          children: [
            { kind: 't3', data: { id: 'p1', name: 't3_p1', subreddit: p.sub, title: 'Rust & Go', sort: p.sort } },
          ],
          limit: r.query.get('limit'),
        },
      },
    })),
  );
  return up;
}
