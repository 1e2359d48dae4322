import { z } from 'zod';
import { Reply, route, type Ctx } from '../router';
import { CLIENT_IP_HEADER } from '../../net/client-ip';
import { ApiError } from '../../contract/errors';
import { approveRequest, denyRequest, describeRequest } from '../../services/mcp-auth/authorize';
import {
  checkFormToken,
  consentCookie,
  consentLinkFromCookies,
  END_USER_CONSENT_PATH,
  formToken,
  markConsentLinkOpened,
  markConsentLinkUsed,
  readConsentLink,
} from '../../services/mcp-auth/consent-links';
import { recordAudit } from '../../services/audit/record';

/**
 * The end user's side of MCP client consent (see services/mcp-auth/consent-links.ts): the page
 * an approval link opens, and the consent page an MCP client's authorization request leads to
 * when the browser holds that link. Plain server-rendered HTML without script, so it works
 * whether or not the dashboard runs.
 */
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };
/** The consent form holds three short fields. */
const CONSENT_FORM_MAX = 16 * 1024;
// No script at all; the form posts to this origin, whose answer redirects to the client.
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'none'; base-uri 'none'";
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string, status = 200, headers: Record<string, string> = {}) {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${esc(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#18181b}` +
    `code{word-break:break-all;background:#f4f4f5;padding:0 .2rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{font-weight:600}` +
    `button{font:inherit;padding:.5rem 1rem;border-radius:.4rem;border:1px solid #3f3f46;margin-right:.5rem;cursor:pointer}` +
    `button[value=approve]{background:#18181b;color:#fff}</style></head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
  return new Reply(status, html, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': CSP,
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    ...NO_STORE,
    ...headers,
  });
}

const gone = () =>
  page(
    'This approval link does not work',
    '<p>It has expired, was revoked, or is not a link this server issued. Ask the application that sent it for a new one.</p>',
    400,
  );

const noLink = () =>
  page(
    'Open your approval link first',
    '<p>This page needs the approval link the application gave you, opened in this browser. Open it, then start the connection from your MCP client again.</p>',
    403,
  );

const ip = (ctx: Ctx<unknown, unknown, unknown>) => ctx.req.header(CLIENT_IP_HEADER) ?? null;

/** The pending request behind the consent page, checked against the browser's link. */
async function requestForLink(ctx: Ctx<unknown, unknown, unknown>, requestId: string) {
  // the row is read again on every step: a link revoked after this browser stored it stops here
  const held = await consentLinkFromCookies(ctx.rt, ctx.req.header('cookie'));
  if (!held) return { reply: noLink() };
  try {
    const shown = await describeRequest(ctx.rt, held.link.projectId, requestId);
    // the link approves exactly one MCP URL: a request for any other goes to an admin
    if (shown.resource !== held.link.resource || shown.user_id !== held.link.userId) return { reply: noLink() };
    return { held, shown };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      return {
        reply: page(
          'This request has ended',
          '<p>It was already answered or has expired. Start the connection from your MCP client again.</p>',
          404,
        ),
      };
    throw err;
  }
}

const Token = z.object({ token: z.string().min(1).max(4000) });

export const mcpConsentPageRoutes = [
  route({
    method: 'GET',
    path: '/oauth/link/{token}',
    tag: 'MCP authorization',
    auth: 'none',
    ipLimit: true,
    summary: "An approval link: stores it in the user's browser, then the user connects their MCP client",
    params: Token,
    handler: async ({ rt, params }) => {
      const link = await readConsentLink(rt, params.token);
      if (!link) return gone();
      await markConsentLinkOpened(rt, link);
      return page(
        'You can connect your MCP client now',
        `<p>This browser may now approve MCP clients for you (user <code>${esc(link.userId)}</code>) on this MCP URL:</p>` +
          `<p><code>${esc(link.resource)}</code></p>` +
          '<p>Add that URL to your MCP client. When it opens a sign-in page in this browser, you will be asked to approve it. ' +
          `This link works until ${esc(new Date(link.expires * 1000).toUTCString())}.</p>`,
        200,
        { 'set-cookie': consentCookie(rt, params.token, link) },
      );
    },
  }),
  route({
    method: 'GET',
    path: END_USER_CONSENT_PATH,
    tag: 'MCP authorization',
    auth: 'none',
    ipLimit: true,
    summary: 'The end-user consent page of an MCP client authorization request',
    handler: async (ctx) => {
      const requestId = ctx.req.search.get('request') ?? '';
      const r = await requestForLink(ctx, requestId);
      if ('reply' in r) return r.reply;
      const { shown, held } = r;
      const name = shown.client.client_name ?? 'An MCP client';
      const redirectHost = (() => {
        try {
          return new URL(shown.redirect_uri).host;
        } catch {
          return shown.redirect_uri;
        }
      })();
      return page(
        `Allow ${name} to use your tools?`,
        `<p><strong>${esc(name)}</strong> asks to use the tools of this MCP URL as <code>${esc(shown.user_id)}</code>, with the accounts you connected.</p>` +
          '<dl>' +
          `<dt>MCP URL</dt><dd><code>${esc(shown.resource)}</code></dd>` +
          `<dt>Returns to</dt><dd><code>${esc(redirectHost)}</code></dd>` +
          (shown.client.client_uri ? `<dt>Client site</dt><dd><code>${esc(shown.client.client_uri)}</code></dd>` : '') +
          '</dl>' +
          `<form method="post" action="${END_USER_CONSENT_PATH}">` +
          `<input type="hidden" name="request" value="${esc(shown.id)}">` +
          `<input type="hidden" name="form_token" value="${esc(formToken(ctx.rt, shown.id, held.token))}">` +
          '<p><button type="submit" name="decision" value="approve">Allow</button>' +
          '<button type="submit" name="decision" value="deny">Deny</button></p></form>' +
          '<p>You can withdraw this later: the application can revoke the client at any time.</p>',
      );
    },
  }),
  route({
    method: 'POST',
    path: END_USER_CONSENT_PATH,
    tag: 'MCP authorization',
    auth: 'none',
    ipLimit: true,
    maxBody: CONSENT_FORM_MAX,
    summary: 'The end user approves or denies an MCP client; answers with a redirect to the client',
    handler: async (ctx) => {
      if (!/^application\/x-www-form-urlencoded/i.test(ctx.req.header('content-type') ?? ''))
        return page('Unsupported form', '<p>The consent form must be posted as a form.</p>', 415);
      const buf = await ctx.req.body();
      if (buf.length > CONSENT_FORM_MAX) return page('Form too large', '<p>The consent form is too large.</p>', 413);
      const form = new URLSearchParams(buf.toString('utf8'));
      const requestId = form.get('request') ?? '';
      const r = await requestForLink(ctx, requestId);
      if ('reply' in r) return r.reply;
      const { held, shown } = r;
      if (!checkFormToken(ctx.rt, requestId, held.token, form.get('form_token')))
        return page('This form has expired', '<p>Reload the consent page and answer again.</p>', 403);
      const decision = form.get('decision');
      if (decision !== 'approve' && decision !== 'deny') return page('No answer', '<p>Choose Allow or Deny.</p>', 400);
      const out =
        decision === 'approve'
          ? await approveRequest(ctx.rt, held.link.projectId, requestId, `user:${held.link.userId}`)
          : await denyRequest(ctx.rt, held.link.projectId, requestId, 'user');
      if (decision === 'approve') await markConsentLinkUsed(ctx.rt, held.link);
      await recordAudit(ctx.rt.db, {
        orgId: held.link.orgId,
        projectId: held.link.projectId,
        actorType: 'end_user',
        actor: held.link.userId,
        action: decision === 'approve' ? 'mcp_client.approve' : 'mcp_client.deny',
        target: shown.client.client_id,
        outcome: 'success',
        ip: ip(ctx),
        detail: { resource: shown.resource, via: 'consent_link', consent_link_id: held.link.id },
      });
      return new Reply(303, undefined, { location: out.redirect_to, ...NO_STORE });
    },
  }),
];
