import NextAuth from 'next-auth';
import { NextResponse, type NextRequest } from 'next/server';
import { authConfig } from './lib/dashboard/auth.config';
import { config as junctionConfig } from './lib/config';
import { newNonce, pageCsp } from './lib/net/security-headers';

/**
 * Every page gets a Content-Security-Policy with a fresh nonce (Next.js reads it from the request's
 * CSP header and puts it on its scripts; app/layout.tsx reads x-nonce for its own). Dashboard pages
 * also need a session: /sign-in, /setup and /connect are left open.
 */
const SESSION_PAGES =
  /^\/(?:$|(?:accounts|auth-configs|toolkits|tools|triggers|webhooks|tool-router|mcp-clients|settings)(?:\/|$))/;

function origin(url: string | undefined): string[] {
  try {
    return url ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
}

function withCsp(req: NextRequest, res?: Response): Response {
  const cfg = junctionConfig();
  const nonce = newNonce();
  const csp = pageCsp({
    nonce,
    pathname: req.nextUrl.pathname,
    publicUrl: cfg.publicUrl,
    dev: process.env.NODE_ENV === 'development',
    // The OIDC sign-in form is answered with a redirect to the identity provider.
    formOrigins: origin(cfg.oidcIssuer),
  });
  const out =
    res ??
    (() => {
      const headers = new Headers(req.headers);
      headers.set('x-nonce', nonce);
      headers.set('content-security-policy', csp);
      // The path as routed, for pages that get no params (a Connect link's not-found page); never the client's value.
      headers.set('x-junction-path', req.nextUrl.pathname);
      return NextResponse.next({ request: { headers } });
    })();
  out.headers.set('content-security-policy', csp);
  return out;
}

const withSession = NextAuth(authConfig).auth((req) => {
  if (!req.auth?.user?.email) {
    const signIn = req.nextUrl.clone();
    signIn.pathname = '/sign-in';
    signIn.search = '';
    signIn.searchParams.set('callbackUrl', req.nextUrl.href);
    return withCsp(req, NextResponse.redirect(signIn));
  }
  return withCsp(req);
});

export default function proxy(req: NextRequest, ev: unknown) {
  return SESSION_PAGES.test(req.nextUrl.pathname)
    ? (withSession as (r: NextRequest, e: unknown) => Promise<Response>)(req, ev)
    : withCsp(req);
}

export const config = {
  // Pages only: not the dashboard's JSON routes under /api, nor build assets.
  matcher: ['/((?!api/|_next/static/|_next/image|favicon.ico|favicon.svg|logos/).*)'],
};
