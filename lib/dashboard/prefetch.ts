import 'server-only';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { v3 } from './api-client';
import { getActiveConnection } from './connections';
import { maskResponse } from './mask';
import { v3Key, type QueryParams } from './client/api';

/**
 * Server components fetch the first screen of data with the stored key and hand it to the
 * client's react-query cache; failed fetches are left out and the client shows their error.
 */
export async function prefetchV3(requests: Array<[path: string, query?: QueryParams]>): Promise<DehydratedState> {
  const qc = new QueryClient();
  const conn = await getActiveConnection();
  if (conn) {
    await Promise.all(
      requests.map(([path, query]) =>
        qc.prefetchQuery({
          queryKey: v3Key(path, query),
          queryFn: async () => maskResponse(path, await v3(conn, path, { query: query as Record<string, string> })),
        }),
      ),
    );
  }
  return dehydrate(qc);
}
