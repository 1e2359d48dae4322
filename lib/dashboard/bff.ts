import 'server-only';
import { NextResponse } from 'next/server';
import { auth } from './auth';
import { getActiveConnection, type ActiveConnection } from './connections';
import { V3Error } from './api-client';

/** Shared checks of the dashboard's own route handlers: a session, and for writes a same-origin marker header. */
export async function guard(req: Request): Promise<{ admin: string; conn: ActiveConnection } | NextResponse> {
  const session = await auth();
  if (!session?.user?.email)
    return errorResponse(new V3Error(401, 'Your dashboard session has ended. Sign in again.', 'Dashboard_SignedOut'));
  // A custom header cannot be sent cross-site without a CORS preflight, which we never answer.
  if (req.method !== 'GET' && req.headers.get('x-junction-dashboard') !== '1') {
    return errorResponse(new V3Error(403, 'Missing dashboard request header', 'Dashboard_Forbidden'));
  }
  const conn = await getActiveConnection();
  if (!conn) {
    return errorResponse(
      new V3Error(
        409,
        'No API connection is configured',
        'Dashboard_NoConnection',
        'Add one under Settings → API connections.',
      ),
    );
  }
  return { admin: session.user.email, conn };
}

export function errorResponse(err: unknown): NextResponse {
  const e =
    err instanceof V3Error
      ? err
      : new V3Error(500, 'The dashboard failed to handle this request', 'Dashboard_Internal');
  return NextResponse.json(e.toJSON(), { status: e.status, headers: { 'cache-control': 'no-store' } });
}
