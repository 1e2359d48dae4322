import NextAuth from 'next-auth';
import { authConfig } from './lib/dashboard/auth.config';

// Dashboard pages need a session; /sign-in, /setup, /connect and every API path are left alone.
export default NextAuth(authConfig).auth;

export const config = {
  matcher: [
    '/',
    '/accounts/:path*',
    '/auth-configs/:path*',
    '/toolkits/:path*',
    '/tools/:path*',
    '/triggers/:path*',
    '/webhooks/:path*',
    '/tool-router/:path*',
    '/settings/:path*',
  ],
};
