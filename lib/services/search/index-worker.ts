/**
 * Builds the tool search index in a worker thread (see `toolSearchIndex` in ./index.ts). Reading the
 * whole catalog parses every toolkit's schemas, about 100 MB of heap that would stay resident in
 * the server's own heap after the build; here it goes away with the thread, and only the index's
 * arrays come back (the typed arrays are transferred, not copied).
 */
import { parentPort } from 'node:worker_threads';
import { listToolkits, scanAllTools } from '../../catalog/registry';
import { buildToolIndexData } from './index';

const data = buildToolIndexData(scanAllTools(), listToolkits());
parentPort!.postMessage(data, [data.bm25.offsets.buffer, data.bm25.docs.buffer, data.bm25.scores.buffer] as never);
