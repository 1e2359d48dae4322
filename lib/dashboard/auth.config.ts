import type { NextAuthConfig } from 'next-auth';

/** The part of the auth setup proxy.ts needs: no providers, no database. */
export const SESSION_MAX_AGE = 8 * 60 * 60;

export const authConfig = {
  // A refused sign-in (e.g. an OIDC address not on the allowlist) returns to the sign-in page, which shows
  // the failure, instead of next-auth's own unstyled error page.
  pages: { signIn: '/sign-in', error: '/sign-in' },
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE, updateAge: 15 * 60 },
  trustHost: true,
  providers: [],
  callbacks: {
    authorized: ({ auth }) => Boolean(auth?.user?.email),
  },
} satisfies NextAuthConfig;
