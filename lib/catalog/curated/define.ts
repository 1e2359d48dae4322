/**
 * Small builders for curated tool declarations: JSON-Schema fragments, request locations,
 * and `mapping()` / `composite()` that fix the `kind`. Declarations stay readable and every
 * schema node carries one primitive `type` (the SDK's strict parse requires it).
 */
import type { JsonSchemaObject, ToolHttp } from '../types';
import type { CompositeTool, MappingTool } from './types';

type Extra = Record<string, unknown>;

export const s = {
  string: (description: string, extra: Extra = {}) => ({ type: 'string', description, ...extra }),
  integer: (description: string, extra: Extra = {}) => ({ type: 'integer', description, ...extra }),
  number: (description: string, extra: Extra = {}) => ({ type: 'number', description, ...extra }),
  boolean: (description: string, extra: Extra = {}) => ({ type: 'boolean', description, ...extra }),
  enum: (values: string[], description: string, extra: Extra = {}) => ({
    type: 'string',
    enum: values,
    description,
    ...extra,
  }),
  array: (items: Record<string, unknown>, description: string, extra: Extra = {}) => ({
    type: 'array',
    items,
    description,
    ...extra,
  }),
  strings: (description: string, extra: Extra = {}) => ({
    type: 'array',
    items: { type: 'string' },
    description,
    ...extra,
  }),
  object: (properties: Record<string, unknown>, description: string, extra: Extra = {}) => ({
    type: 'object',
    properties,
    description,
    ...extra,
  }),
  /** a staged file `{name, mimetype, s3key}` (POST /files/upload/request) */
  file: (description: string, extra: Extra = {}) => ({
    type: 'object',
    description,
    file_uploadable: true,
    properties: {
      name: { type: 'string', description: 'File name as the recipient should see it' },
      mimetype: { type: 'string', description: 'MIME type, e.g. application/pdf' },
      s3key: { type: 'string', description: 'Key returned by POST /api/v3/files/upload/request' },
    },
    required: ['s3key'],
    ...extra,
  }),
};

/** The input (or data) schema of a tool. */
export function params(properties: Record<string, unknown>, required: string[] = []): JsonSchemaObject {
  return required.length ? { type: 'object', properties, required } : { type: 'object', properties };
}

/** Request locations for `http.params`: argument → provider name. */
export const at = {
  path: (name: string) => ({ in: 'path' as const, name }),
  query: (name: string) => ({ in: 'query' as const, name }),
  body: (name: string) => ({ in: 'body' as const, name }),
  header: (name: string) => ({ in: 'header' as const, name }),
};

export function http(
  method: ToolHttp['method'],
  path: string,
  p: ToolHttp['params'] = {},
  extra: Partial<ToolHttp> = {},
): ToolHttp {
  return { method, path, params: p, ...extra };
}

export function mapping(def: Omit<MappingTool, 'kind'>): MappingTool {
  return { kind: 'mapping', ...def };
}

export function composite(def: Omit<CompositeTool, 'kind'>): CompositeTool {
  return { kind: 'composite', ...def };
}
