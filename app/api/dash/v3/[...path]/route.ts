import { NextResponse, type NextRequest } from 'next/server';
import { v3 } from '@/lib/dashboard/api-client';
import { errorResponse, guard } from '@/lib/dashboard/bff';
import { maskResponse } from '@/lib/dashboard/mask';

// /api/dash/v3/<path> – the browser's way to the v3 API: the stored key is added here, secrets are masked.
async function forward(req: NextRequest, ctx: { params: Promise<{ path: string[] }> }) {
  const g = await guard(req);
  if (g instanceof NextResponse) return g;
  const path = '/' + (await ctx.params).path.map(encodeURIComponent).join('/');
  const query = Object.fromEntries(req.nextUrl.searchParams);
  const body = req.method === 'GET' || req.method === 'DELETE' ? undefined : await req.json().catch(() => ({}));
  const slow = path.startsWith('/tools/execute') || path.startsWith('/tool_router/');
  try {
    const data = await v3(g.conn, path, { method: req.method, query, body, timeoutMs: slow ? 120_000 : 30_000 });
    return NextResponse.json(maskResponse(path, data), { headers: { 'cache-control': 'no-store' } });
  } catch (err) {
    return errorResponse(err);
  }
}

export { forward as GET, forward as POST, forward as PATCH, forward as DELETE, forward as PUT };
