import { NextResponse, type NextRequest } from 'next/server';
import { v3 } from '@/lib/dashboard/api-client';
import { audit } from '@/lib/dashboard/audit';
import { errorResponse, guard } from '@/lib/dashboard/bff';

// POST /api/dash/reveal/{id} – the unmasked state.val of one connected account, recorded in the audit log.
export async function POST(req: NextRequest, ctx: { params: Promise<{ id: string }> }) {
  const g = await guard(req);
  if (g instanceof NextResponse) return g;
  const { id } = await ctx.params;
  try {
    const acc = await v3<{ state?: { val?: Record<string, unknown> } }>(
      g.conn,
      `/connected_accounts/${encodeURIComponent(id)}/reveal`,
      { method: 'POST' },
    );
    await audit(g.admin, 'connected_account.reveal_secrets', id, g.conn.id);
    return NextResponse.json({ val: acc.state?.val ?? {} }, { headers: { 'cache-control': 'no-store' } });
  } catch (err) {
    return errorResponse(err);
  }
}
