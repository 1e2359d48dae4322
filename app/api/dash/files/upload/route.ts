import { NextResponse } from 'next/server';
import { errorResponse, guard } from '@/lib/dashboard/bff';
import { MAX_DASHBOARD_UPLOAD_BYTES, stageFile } from '@/lib/dashboard/upload';
import { V3Error } from '@/lib/dashboard/api-client';

// POST /api/dash/files/upload (multipart: file, tool_slug, toolkit_slug) → {name, mimetype, s3key} for a tool's file argument.
export async function POST(req: Request) {
  const g = await guard(req);
  if (g instanceof NextResponse) return g;
  try {
    const form = await req.formData().catch(() => null);
    const file = form?.get('file');
    const toolSlug = form?.get('tool_slug');
    const toolkitSlug = form?.get('toolkit_slug');
    if (
      !(file instanceof File) ||
      typeof toolSlug !== 'string' ||
      typeof toolkitSlug !== 'string' ||
      !toolSlug ||
      !toolkitSlug
    ) {
      throw new V3Error(400, 'Send a multipart form with file, tool_slug and toolkit_slug', 'Dashboard_BadUpload');
    }
    if (file.size > MAX_DASHBOARD_UPLOAD_BYTES)
      throw new V3Error(413, `The file is larger than ${MAX_DASHBOARD_UPLOAD_BYTES} bytes`, 'Dashboard_UploadTooLarge');
    const staged = await stageFile(
      g.conn,
      { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name || 'upload', mimetype: file.type },
      { toolSlug, toolkitSlug },
    );
    return NextResponse.json(staged, { status: 201, headers: { 'cache-control': 'no-store' } });
  } catch (err) {
    return errorResponse(err);
  }
}
