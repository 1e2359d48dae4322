import 'server-only';
import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { z } from 'zod';
import { authConfig } from './auth.config';
import { findAdmin, touchSignIn } from './admins';
import { verifyPassword } from './passwords';
import { clearFailures, lockedUntil, recordFailure, throttleKey } from './throttle';
import { isRevoked, newSessionId, revokeSession } from './sessions';

export class RateLimitedSignIn extends CredentialsSignin {
  code = 'rate_limited';
}

const SignInInput = z.object({ email: z.email().max(254), password: z.string().min(1).max(1024) });

export function oidcConfigured(): boolean {
  return Boolean(process.env.JUNCTION_OIDC_ISSUER && process.env.JUNCTION_OIDC_CLIENT_ID);
}

export function oidcName(): string {
  return process.env.JUNCTION_OIDC_NAME || 'single sign-on';
}

/** JUNCTION_OIDC_ALLOWED_EMAILS: comma list of addresses or `@domain`s; unset lets every IdP user in. */
function oidcAllowed(email: string | null | undefined): boolean {
  const list = process.env.JUNCTION_OIDC_ALLOWED_EMAILS?.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (!list?.length) return true;
  const e = email?.toLowerCase() ?? '';
  return list.some((rule) => (rule.startsWith('@') ? e.endsWith(rule) : e === rule));
}

const providers: NextAuthConfig['providers'] = [
  Credentials({
    credentials: { email: { label: 'Email' }, password: { label: 'Password', type: 'password' } },
    async authorize(raw) {
      const parsed = SignInInput.safeParse(raw);
      if (!parsed.success) return null;
      const email = parsed.data.email.toLowerCase();
      const keys = [throttleKey(email)];
      for (const k of keys) if (await lockedUntil(k)) throw new RateLimitedSignIn();
      const admin = await findAdmin(email);
      if (!(await verifyPassword(parsed.data.password, admin?.passwordHash))) {
        for (const k of keys) await recordFailure(k);
        return null;
      }
      for (const k of keys) await clearFailures(k);
      await touchSignIn(admin!.id);
      return { id: admin!.id, email: admin!.email };
    },
  }),
];

if (oidcConfigured()) {
  providers.push({
    id: 'oidc',
    name: oidcName(),
    type: 'oidc',
    issuer: process.env.JUNCTION_OIDC_ISSUER,
    clientId: process.env.JUNCTION_OIDC_CLIENT_ID,
    clientSecret: process.env.JUNCTION_OIDC_CLIENT_SECRET,
  });
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  providers,
  callbacks: {
    ...authConfig.callbacks,
    signIn: ({ account, user }) => (account?.provider === 'oidc' ? oidcAllowed(user.email) : true),
    // Every session gets an id at sign-in; a signed-out (revoked) or id-less one is no session.
    async jwt({ token, user }) {
      if (user) return { ...token, sid: newSessionId() };
      if (typeof token.sid !== 'string' || (await isRevoked(token.sid))) return null;
      return token;
    },
  },
  events: {
    async signOut(message) {
      const sid = 'token' in message ? message.token?.sid : undefined;
      if (typeof sid === 'string') await revokeSession(sid);
    },
  },
});

/** The signed-in admin's email, or throws (server actions and route handlers). */
export async function requireAdmin(): Promise<string> {
  const session = await auth();
  const email = session?.user?.email;
  if (!email) throw new Error('Not signed in');
  return email;
}
