import { apiRouter } from '@/lib/api/routes';
import { serveWeb } from '@/lib/api/web-adapter';

// The v3 API when Next.js serves the request itself (`next dev`); `server.ts` answers these
// paths before Next.js with the same router.
export const dynamic = 'force-dynamic';
const handle = (req: Request) => serveWeb(apiRouter(), req, '/api/v3');
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
