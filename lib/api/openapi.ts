import { z } from 'zod';
import type { RouteDef } from './router';
import { ErrorEnvelope } from '../contract/common';

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests and responses. */
function schema(t: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  try {
    const s = z.toJSONSchema(t, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
    delete s.$schema;
    return s;
  } catch {
    return {};
  }
}

export function buildOpenApi(routes: RouteDef[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorSchema = schema(ErrorEnvelope, 'output');
  for (const r of routes) {
    const op: Record<string, unknown> = {
      operationId: `${r.method.toLowerCase()}${r.path.replace(/[{}]/g, '').replace(/[/_.-](\w)/g, (_, c: string) => c.toUpperCase())}`,
      summary: r.summary,
      tags: [r.tag],
      ...(r.extension ? { 'x-junction-extension': true } : {}),
      security:
        r.auth === 'none'
          ? []
          : r.auth === 'org'
            ? [{ OrgApiKeyAuth: [] }]
            : [{ ApiKeyAuth: [] }, { UserApiKeyAuth: [] }],
      parameters: [] as unknown[],
      responses: {
        [String(r.status ?? 200)]: {
          description: 'Success',
          ...(r.response ? { content: { 'application/json': { schema: schema(r.response, 'output') } } } : {}),
        },
        default: { description: 'Error', content: { 'application/json': { schema: errorSchema } } },
      },
    };
    const params = op.parameters as unknown[];
    for (const m of r.path.matchAll(/\{(\w+)\}/g))
      params.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
    if (r.query) {
      const q = schema(r.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, s] of Object.entries(q.properties ?? {})) {
        params.push({
          name,
          in: 'query',
          required: q.required?.includes(name) ?? false,
          schema: s,
          style: 'form',
          explode: false,
        });
      }
    }
    if (r.body)
      op.requestBody = { required: true, content: { 'application/json': { schema: schema(r.body, 'input') } } };
    paths[`/api/v3${r.path}`] ??= {};
    paths[`/api/v3${r.path}`]![r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Junction v3 API',
      version: '3.0.0',
      description:
        "A self-hostable implementation of the Tool Integration Service v3 API. Every path is also served under /api/v3.1. Operations marked x-junction-extension are Junction's own additions.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        UserApiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-user-api-key' },
        OrgApiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-org-api-key' },
      },
    },
    paths,
  };
}
