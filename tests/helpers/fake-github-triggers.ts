import { createHmac } from 'node:crypto';
import { startFakeUpstream, type FakeReply, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback fake of the GitHub (and Stripe) endpoints the trigger engine uses: the list
 * operations it polls (issues, pulls, commits, stargazers), repository hooks, Stripe webhook
 * endpoints. Tests add items, inject failures (status codes, Retry-After), hold a request open
 * (to kill the server mid-poll) and revoke the token.
 */
export interface FakeGitHub extends FakeUpstream {
  token: string;
  issues: Record<string, unknown>[];
  hooks: {
    id: number;
    owner: string;
    repo: string;
    events: string[];
    config: { url: string; secret: string; content_type: string };
  }[];
  deletedHooks: number[];
  stripeEndpoints: { id: string; url: string; enabled_events: string[]; secret: string }[];
  deletedStripeEndpoints: string[];
  addIssue(title: string, opts?: { pullRequest?: boolean }): Record<string, unknown>;
  /** the next `n` list calls answer this (e.g. 500, or 429 with Retry-After) */
  failNext(n: number, reply: FakeReply): void;
  /** hold list calls until release() (the promise resolves when one has arrived) */
  hold(): Promise<void>;
  release(): void;
  revoke(): void;
  restore(): void;
  /** repository hook creation answers 403 (the token may not manage hooks) */
  forbidHooks(on: boolean): void;
  listCalls(): RecordedRequest[];
}

export async function startFakeGitHub(token = 'ghp_fake_token'): Promise<FakeGitHub> {
  const up = await startFakeUpstream();
  let valid = token;
  const issues: Record<string, unknown>[] = [];
  const hooks: FakeGitHub['hooks'] = [];
  const deletedHooks: number[] = [];
  const stripeEndpoints: FakeGitHub['stripeEndpoints'] = [];
  const deletedStripeEndpoints: string[] = [];
  const failures: { n: number; reply: FakeReply }[] = [];
  let holding: { arrived: () => void; gate: Promise<void>; open: () => void } | undefined;
  let seq = 0;
  let hooksForbidden = false;
  const authed = (r: RecordedRequest) => r.headers.authorization === `Bearer ${valid}`;
  const unauthorized: FakeReply = {
    status: 401,
    json: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' },
  };

  const listing = async (r: RecordedRequest, make: () => FakeReply): Promise<FakeReply> => {
    if (!authed(r)) return unauthorized;
    const f = failures[0];
    if (f) {
      if (--f.n <= 0) failures.shift();
      return f.reply;
    }
    if (holding) {
      const h = holding;
      h.arrived();
      await h.gate;
    }
    return make();
  };

  up.on('GET', '/repos/:owner/:repo/issues', (r) =>
    listing(r, () => ({
      json: [...issues].sort(
        (a, b) => String(b.created_at).localeCompare(String(a.created_at)) || Number(b.id) - Number(a.id),
      ),
    })),
  );
  up.on('GET', '/repos/:owner/:repo/pulls', (r) => listing(r, () => ({ json: issues.filter((i) => i.pull_request) })));
  up.on('GET', '/repos/:owner/:repo/commits', (r) => listing(r, () => ({ json: [] })));
  up.on('GET', '/repos/:owner/:repo/stargazers', (r) => listing(r, () => ({ json: [] })));
  up.on('POST', '/repos/:owner/:repo/hooks', (r, p) => {
    if (!authed(r)) return unauthorized;
    if (hooksForbidden) return { status: 403, json: { message: 'Resource not accessible by personal access token' } };
    const b = r.json as { events: string[]; config: { url: string; secret: string; content_type: string } };
    const hook = {
      id: 1000 + hooks.length + deletedHooks.length,
      owner: p.owner!,
      repo: p.repo!,
      events: b.events,
      config: b.config,
    };
    hooks.push(hook);
    return {
      status: 201,
      json: {
        id: hook.id,
        type: 'Repository',
        name: 'web',
        active: true,
        events: hook.events,
        config: { url: b.config.url, content_type: 'json', insecure_ssl: '0' },
      },
    };
  });
  up.on('DELETE', '/repos/:owner/:repo/hooks/:id', (r, p) => {
    if (!authed(r)) return unauthorized;
    const i = hooks.findIndex((h) => h.id === Number(p.id));
    if (i < 0) return { status: 404, json: { message: 'Not Found' } };
    deletedHooks.push(hooks[i]!.id);
    hooks.splice(i, 1);
    return { status: 204 };
  });
  // Stripe (same fake host: the Stripe account's base_url points here too)
  up.on('POST', '/v1/webhook_endpoints', (r) => {
    if (!authed(r)) return { status: 401, json: { error: { message: 'Invalid API Key provided' } } };
    const form = new URLSearchParams(r.body.toString('utf8'));
    const events = [...form.entries()].filter(([k]) => k.startsWith('enabled_events')).map(([, v]) => v);
    const ep = {
      id: `we_${++seq}`,
      url: form.get('url') ?? '',
      enabled_events: events,
      secret: `whsec_test_${seq}_${Math.random().toString(36).slice(2)}`,
    };
    stripeEndpoints.push(ep);
    return {
      json: {
        id: ep.id,
        object: 'webhook_endpoint',
        url: ep.url,
        enabled_events: ep.enabled_events,
        secret: ep.secret,
        status: 'enabled',
      },
    };
  });
  up.on('DELETE', '/v1/webhook_endpoints/:id', (r, p) => {
    if (!authed(r)) return { status: 401, json: { error: { message: 'Invalid API Key provided' } } };
    deletedStripeEndpoints.push(p.id!);
    return { json: { id: p.id, object: 'webhook_endpoint', deleted: true } };
  });

  let issueSeq = 0;
  return {
    ...up,
    token,
    issues,
    hooks,
    deletedHooks,
    stripeEndpoints,
    deletedStripeEndpoints,
    addIssue(title, opts = {}) {
      const n = ++issueSeq;
      const issue = {
        id: 5000 + n,
        number: n,
        title,
        body: `body of ${title}`,
        state: 'open',
        html_url: `https://github.com/o/r/issues/${n}`,
        user: { login: 'octocat', id: 1, html_url: 'https://github.com/octocat' },
        labels: [{ name: 'bug' }],
        created_at: new Date(Date.now() + n).toISOString(),
        ...(opts.pullRequest ? { pull_request: { url: `https://api.github.com/repos/o/r/pulls/${n}` } } : {}),
      };
      issues.push(issue);
      return issue;
    },
    failNext(n, reply) {
      failures.push({ n, reply });
    },
    hold() {
      let arrived!: () => void;
      let open!: () => void;
      const p = new Promise<void>((r) => {
        arrived = r;
      });
      const gate = new Promise<void>((r) => {
        open = r;
      });
      holding = { arrived, gate, open };
      return p;
    },
    release() {
      const h = holding;
      holding = undefined;
      h?.open();
    },
    revoke() {
      valid = `${token}-rotated-${Math.random()}`;
    },
    restore() {
      valid = token;
    },
    forbidHooks(on) {
      hooksForbidden = on;
    },
    listCalls() {
      return up.requests.filter((r) => r.method === 'GET' && /\/repos\/[^/]+\/[^/]+\/issues$/.test(r.path));
    },
  };
}

export function githubSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function stripeSignature(secret: string, body: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}
