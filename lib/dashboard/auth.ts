import 'server-only';
import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { z } from 'zod';
import { authConfig } from './auth.config';
import { config, envValue } from '../config';
import { findAdmin, rehashPassword, touchSignIn } from './admins';
import { needsRehash, PasswordHashingBusy, verifyPassword } from './passwords';
import { attemptSucceeded, countAttempt } from './throttle';
import { requestAddress } from './client-address';
import { oidcEmailAllowed } from './oidc-policy';
import { isRevoked, newSessionId, revokeSession } from './sessions';
import { auditSignIn } from './sign-in-audit';
import { log } from '../log';

export class RateLimitedSignIn extends CredentialsSignin {
  code = 'rate_limited';
}

export class BusySignIn extends CredentialsSignin {
  code = 'busy';
}

const SignInInput = z.object({ email: z.email().max(254), password: z.string().min(1).max(1024) });

/** OIDC is offered only with an allowlist (the server refuses to start with an issuer and none). */
export function oidcConfigured(): boolean {
  const cfg = config();
  return Boolean(cfg.oidcIssuer && envValue('JUNCTION_OIDC_CLIENT_ID') && cfg.oidcAllowedEmails.length);
}

export function oidcName(): string {
  return envValue('JUNCTION_OIDC_NAME') || 'single sign-on';
}

const providers: NextAuthConfig['providers'] = [
  Credentials({
    credentials: { email: { label: 'Email' }, password: { label: 'Password', type: 'password' } },
    async authorize(raw, request) {
      const parsed = SignInInput.safeParse(raw);
      if (!parsed.success) return null;
      const email = parsed.data.email.toLowerCase();
      const ip = requestAddress(request.headers);
      // Counted before the password is checked: parallel posts each take a slot or are refused.
      const verdict = await countAttempt(email, ip);
      if (!verdict.ok) {
        await auditSignIn(email, false, ip, 'password', 'locked', verdict.bucket);
        throw new RateLimitedSignIn();
      }
      const admin = await findAdmin(email);
      let ok: boolean;
      try {
        ok = await verifyPassword(parsed.data.password, admin?.passwordHash);
      } catch (err) {
        if (err instanceof PasswordHashingBusy) throw new BusySignIn();
        throw err;
      }
      if (!ok || !admin) {
        await auditSignIn(email, false, ip, 'password', admin ? 'wrong password' : 'unknown email');
        return null;
      }
      await auditSignIn(email, true, ip, 'password');
      await attemptSucceeded(email, ip);
      // A hash from before the current scrypt parameters is replaced now that the password is known.
      if (needsRehash(admin.passwordHash)) await rehashPassword(admin.id, parsed.data.password);
      await touchSignIn(admin.id);
      return { id: admin.id, email: admin.email };
    },
  }),
];

if (oidcConfigured()) {
  providers.push({
    id: 'oidc',
    name: oidcName(),
    type: 'oidc',
    issuer: config().oidcIssuer,
    clientId: envValue('JUNCTION_OIDC_CLIENT_ID'),
    clientSecret: envValue('JUNCTION_OIDC_CLIENT_SECRET'),
  });
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  providers,
  // A refused sign-in is an expected event: one warning line, never next-auth's stack trace.
  logger: {
    error(error) {
      const kind = (error as { type?: string }).type ?? error.name;
      if (error instanceof CredentialsSignin || kind === 'CredentialsSignin') {
        log.warn({ code: (error as CredentialsSignin).code }, 'dashboard sign-in refused');
        return;
      }
      log.error({ err: { name: error.name, message: error.message, kind } }, 'dashboard auth error');
    },
    warn(code) {
      log.warn({ code }, 'dashboard auth warning');
    },
    debug() {},
  },
  callbacks: {
    ...authConfig.callbacks,
    // OIDC: only a verified address on the allowlist (the id_token's claims, not the mapped user).
    async signIn({ account, profile }) {
      if (account?.provider !== 'oidc') return true;
      const allowed = oidcEmailAllowed(profile, config().oidcAllowedEmails);
      await auditSignIn(
        typeof profile?.email === 'string' ? profile.email : '',
        allowed,
        null,
        'oidc',
        allowed ? undefined : 'not on the allowlist',
      );
      return allowed;
    },
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
