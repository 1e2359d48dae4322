/** What a caller passes to the compiler and gets back, and what the compiler's steps share while it runs. */
import type { AuthSchemeDef, ToolDef, ToolkitDef } from '../types';
import type { Json } from './json';

export interface CompileOptions {
  /** toolkit slug, lower-case ([a-z0-9_]); tool slugs are prefixed with its upper-case form */
  slug: string;
  name?: string;
  description?: string;
  logo?: string;
  appUrl?: string;
  categories?: { slug: string; name: string }[];
  version?: string;
  /** base URL for requests; default: the document's first server (variables take their defaults) */
  baseUrl?: string;
  /** default: derived from components.securitySchemes */
  authSchemes?: AuthSchemeDef[];
  noAuth?: boolean;
  getCurrentUserEndpoint?: string;
  source?: { package: string; version: string; document: string };
  /** operationIds, tool slugs or `METHOD /path` strings marking the important tools */
  important?: string[];
  /** parameter names (case-insensitive) never exposed as arguments, e.g. Google's `alt`, Slack's `token` */
  skipParameters?: string[];
  /** removed from the summary/operationId before slugging, e.g. /^gmail\./ */
  slugStrip?: RegExp;
  /** keep only operations for which this returns true */
  include?: (op: { method: string; path: string; operationId?: string; tags: string[] }) => boolean;
  /** tool description cap (chars), default 1000 */
  maxDescription?: number;
  /** caps on the serialized size of one tool's input/output schema (bytes) */
  maxInputSchemaBytes?: number;
  maxOutputSchemaBytes?: number;
  /** max slug length, default 64 (LLM function-name limit) */
  maxSlugLength?: number;
  /**
   * Tolerate broken parts of real-world documents: invalid parameters are skipped and
   * operations that still fail are left out, each with a warning. Default false (throw).
   */
  lenient?: boolean;
}

export interface CompileResult {
  toolkit: ToolkitDef;
  tools: ToolDef[];
  /** non-fatal notes (skipped operations, …) */
  warnings: string[];
}

/** One compilation's shared state: the document, the caller's options with their defaults applied, the warnings. */
export interface CompileContext {
  doc: Json;
  opts: CompileOptions;
  /** collected in document order; returned to the caller */
  warnings: string[];
  /** upper-case toolkit slug, the first part of every tool slug */
  prefix: string;
  maxSlug: number;
  maxDesc: number;
  maxIn: number;
  maxOut: number;
  /** lower-cased names of parameters never exposed */
  skip: Set<string>;
  /** lower-cased header and query names the security schemes consume */
  sec: { headers: Set<string>; queries: Set<string> };
  baseUrl: string;
  important: Set<string>;
  /** applies `opts.slugStrip` */
  strip: (s: string) => string;
}
