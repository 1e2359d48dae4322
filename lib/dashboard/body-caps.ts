import { MAX_BODY } from '../api/router';

/** The dashboard reads an upload into memory before staging it; the API enforces its own, usually lower, limit. */
export const MAX_DASHBOARD_UPLOAD_BYTES = 50 * 1024 * 1024;

/** Sign-in, setup, server actions, pages: small forms. */
export const NEXT_DEFAULT_MAX_BODY = 64 * 1024;

/**
 * The most body bytes a request handed to Next.js may carry, by its canonical path. server.ts
 * applies it before Next.js reads anything (Next.js itself reads next-auth posts and server
 * actions whole). Only the dashboard's own JSON and upload routes take more, and only after
 * their session check, which runs before they read.
 */
export function nextBodyCap(pathname: string): number {
  // multipart framing (boundaries, part headers, the two text fields) on top of the file
  if (pathname === '/api/dash/files/upload') return MAX_DASHBOARD_UPLOAD_BYTES + 64 * 1024;
  // the browser's way to the API: the API's own default cap
  if (pathname.startsWith('/api/dash/v3/')) return MAX_BODY;
  return NEXT_DEFAULT_MAX_BODY;
}
