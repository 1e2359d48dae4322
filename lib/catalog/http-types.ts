/**
 * The request mapping and schema shapes shared by compiled and curated tools. They live apart from
 * types.ts so curated/types.ts can use them without importing the file that imports it.
 */

/** How one operation's JSON arguments map onto an HTTP request. */
export interface ToolHttp {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  path: string; // '/repos/{owner}/{repo}/issues'
  /** argument name → location. Body arguments listed here are sent as top-level body keys. */
  params: Record<
    string,
    {
      in: 'path' | 'query' | 'header' | 'body';
      name: string;
      /** body only: the key path the value goes under (`["text","body"]` → {"text":{"body":v}}); mappings write `as: text.body` */
      at?: string[];
    }
  >;
  /** when the whole body is one argument (non-object request bodies); that argument is NOT listed in params */
  bodyArg?: string;
  contentType?: string; // 'application/json' (default) | 'application/x-www-form-urlencoded' | 'multipart/form-data'
  serverUrl?: string; // operation-level server override
}

export interface JsonSchemaObject {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
  [k: string]: unknown;
}
