import { z } from 'zod';
import { Reply, route } from '../router';
import { renderReference } from '../reference';
import { buildOpenApi } from '../openapi';
import type { RouteDef } from '../router';

let cached: Record<string, unknown> | undefined;
let html: string | undefined;

export const metaRoutes = (all: () => RouteDef[]) => [
  route({
    method: 'GET',
    path: '/openapi.json',
    tag: 'Meta',
    auth: 'none',
    summary: 'This OpenAPI document',
    extension: true,
    response: z.record(z.string(), z.unknown()),
    handler: ({ rt }) => (cached ??= buildOpenApi(all(), rt.config.publicUrl)),
  }),
  route({
    method: 'GET',
    path: '/reference',
    tag: 'Meta',
    auth: 'none',
    summary: 'Readable API reference (HTML)',
    extension: true,
    handler: ({ rt }) =>
      Reply.html((html ??= renderReference((cached ??= buildOpenApi(all(), rt.config.publicUrl)) as never))),
  }),
];
