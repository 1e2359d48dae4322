import type { ToolDef } from '../../catalog/types';

export type Hint = 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint';
export const HINTS: Hint[] = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];

/**
 * MCP tool annotations of a catalog tool, derived from its HTTP method (the catalog is compiled
 * from OpenAPI, where the method is the only reliable statement of intent): reads are read-only
 * and idempotent, DELETE/PUT are idempotent, DELETE is destructive, and every catalog tool talks
 * to an outside service (open world).
 */
export function toolHints(tool: Pick<ToolDef, 'http'> & Partial<Pick<ToolDef, 'mcp'>>): Hint[] {
  // a remote MCP server's tool says it itself; absent hints take the MCP specification's defaults
  if (tool.mcp) {
    const a = tool.mcp.annotations ?? {};
    const readOnly = a.readOnlyHint === true;
    const out: Hint[] = [];
    if (readOnly) out.push('readOnlyHint');
    if (!readOnly && a.destructiveHint !== false) out.push('destructiveHint');
    if (a.idempotentHint === true) out.push('idempotentHint');
    if (a.openWorldHint !== false) out.push('openWorldHint');
    return out;
  }
  const m = tool.http.method;
  if (m === 'GET' || m === 'HEAD') return ['readOnlyHint', 'idempotentHint', 'openWorldHint'];
  if (m === 'DELETE') return ['destructiveHint', 'idempotentHint', 'openWorldHint'];
  if (m === 'PUT') return ['idempotentHint', 'openWorldHint'];
  return ['openWorldHint'];
}

export interface HintAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export function hintAnnotations(hints: Hint[]): HintAnnotations {
  return {
    readOnlyHint: hints.includes('readOnlyHint'),
    destructiveHint: hints.includes('destructiveHint'),
    idempotentHint: hints.includes('idempotentHint'),
    openWorldHint: hints.includes('openWorldHint'),
  };
}
