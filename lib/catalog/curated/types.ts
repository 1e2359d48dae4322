/**
 * Curated tools: agent-grade tools in the hosted service's vocabulary, declared once per
 * toolkit in `lib/catalog/curated/<toolkit>.ts` and merged into the registry over the
 * generated operations (same slug → the curated one wins). See README.md in this folder.
 *
 * A curated tool is either
 * - a **mapping** onto one provider operation (`http` + optional `defaults`, `prepare`, `shape`), or
 * - a **composite** (`run(ctx, args)`) for multi-step or encoding work, calling the provider
 *   through `ctx.call`, which is the same path generated tools use (credentials, refresh on 401,
 *   SSRF guard, base-URL override, execution log).
 * This module is a leaf: it knows nothing of lib/services; the executor supplies the context.
 */
import type { JsonSchemaObject, ToolHttp } from '../http-types';

/** One provider request made by a composite. `path` is relative to the toolkit's base URL unless `url` is given. */
export interface ProviderRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path?: string;
  /** absolute URL on another host of the same provider (e.g. people.googleapis.com); a connection's base_url override still replaces the origin */
  url?: string;
  query?: Record<string, string | number | boolean | (string | number)[] | undefined | null>;
  /** JSON-encoded unless `rawBody` */
  body?: unknown;
  rawBody?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface ProviderResponse {
  status: number;
  ok: boolean;
  /** parsed JSON, or text */
  body: unknown;
  /** raw bytes of a binary answer */
  binary?: Buffer;
  contentType: string;
  headers: Record<string, string>;
}

/** A staged file given as a tool argument (`POST /files/upload/request`). */
export interface FileDescriptor {
  name?: string;
  mimetype?: string;
  s3key: string;
}

export interface ReadFile {
  name: string;
  mimetype: string;
  content: Buffer;
}

/** What a composite handler gets: authenticated provider calls, staged files, the clock. */
export interface CuratedContext {
  /** Provider call through the execute pipeline. Network failures throw; HTTP errors are returned. */
  call(req: ProviderRequest): Promise<ProviderResponse>;
  /** Like `call`, but a non-2xx answer ends the tool with `successful:false` and the provider's message. */
  json<T = Record<string, unknown>>(req: ProviderRequest): Promise<T>;
  /** Read a staged input file (only this project's). */
  readFile(file: FileDescriptor): Promise<ReadFile>;
  /** Stage bytes for download; returns the `{name, mimetype, s3url, size}` file object tools return. */
  stageFile(content: Buffer, name: string, mimetype: string): Promise<StagedFile>;
  now(): Date;
  /** Named workbench sandboxes (codeinterpreter); absent where the server has no workbench. */
  sandbox?: SandboxApi;
  /** An operator setting from the server's environment (a provider key for keyless hosted toolkits). */
  setting?(name: OperatorSetting): string | undefined;
}

/** Settings an operator gives in the environment for toolkits the hosted service runs on its own keys. */
export type OperatorSetting = 'search_serpapi_key' | 'search_serpapi_url' | 'search_groq_key';

/** A sandbox with a file tree under /home/user that lives across calls (see lib/services/workbench/boxes.ts). */
export interface SandboxApi {
  create(keepAliveSeconds?: unknown): { sandbox_id: string; keep_alive: number };
  /** Run JavaScript; `read_file`, `write_file`, `list_files` reach the box's files. */
  execute(
    sandboxId: unknown,
    code: string,
    timeoutSeconds?: unknown,
    keepAliveSeconds?: unknown,
  ): Promise<{ sandbox_id: string; results: unknown[]; stdout: string; stderr: string; error: string | null }>;
  shell(
    sandboxId: unknown,
    command: string,
    timeoutSeconds?: unknown,
    keepAliveSeconds?: unknown,
  ): Promise<{ sandbox_id: string; stdout: string; stderr: string; exit_code: number }>;
  readFile(sandboxId: unknown, path: string): { sandbox_id: string; path: string; content: Buffer };
  writeFile(
    sandboxId: unknown,
    path: string,
    content: Buffer,
    keepAliveSeconds?: unknown,
  ): { sandbox_id: string; path: string; size: number };
}

export interface StagedFile {
  name: string;
  mimetype: string;
  s3url: string;
  size: number;
}

/** Thrown by a handler (or `ctx.json`) to end the call with `successful:false`. */
export class ToolFailure extends Error {
  constructor(
    message: string,
    readonly data: Record<string, unknown> = {},
    /** why, for the execution log only (e.g. the network error behind "not reachable or not allowed") */
    readonly logDetail?: string,
  ) {
    super(message);
  }
}

/** Thrown for bad arguments that the schema cannot express (becomes a 400 validation error). */
export class ToolArgumentError extends Error {}

interface CuratedBase {
  slug: string;
  /** display name */
  name: string;
  /** our own words, for an agent: what, when, what to pass, what comes back, what next */
  description: string;
  /** input schema with the hosted argument names */
  input: JsonSchemaObject;
  /** schema of `data` (wrapped into {data, successful, error} for listings) */
  output?: JsonSchemaObject;
  tags?: string[];
  scopes?: string[];
  important?: boolean;
  /** older slugs that still resolve, listed as deprecated */
  aliases?: string[];
  /** hosted marks it deprecated itself */
  deprecated?: boolean;
  noAuth?: boolean;
  /** rewrite arguments before validation, for inputs the hosted tool accepts in several shapes (e.g. strings or objects) */
  normalize?: (args: Record<string, unknown>) => Record<string, unknown>;
}

export interface MappingTool extends CuratedBase {
  kind: 'mapping';
  /** argument name → location (the provider's name), as in generated tools */
  http: ToolHttp;
  /** defaults applied to absent arguments before the request is built */
  defaults?: Record<string, unknown>;
  /** argument rewriting beyond renames (e.g. join a list, wrap a body) */
  prepare?: (args: Record<string, unknown>) => Record<string, unknown>;
  /** reshape the provider's 2xx JSON into the documented `data` */
  shape?: (body: unknown, args: Record<string, unknown>) => Record<string, unknown>;
}

export interface CompositeTool extends CuratedBase {
  kind: 'composite';
  run: (ctx: CuratedContext, args: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

export type CuratedTool = MappingTool | CompositeTool;

/** Run-time part attached to a registry ToolDef (not serialised). */
export interface CuratedImpl {
  kind: 'mapping' | 'composite';
  normalize?: CuratedBase['normalize'];
  defaults?: Record<string, unknown>;
  prepare?: MappingTool['prepare'];
  shape?: MappingTool['shape'];
  run?: CompositeTool['run'];
}
