import { health } from '@/lib/services/health';

export const dynamic = 'force-dynamic';
export async function GET() {
  const h = await health();
  return Response.json(h.body, { status: h.status });
}
