import { z } from 'zod';

/*
 * Every environment variable Junction reads, in one table: its kind, and the rule a value must meet.
 * `readConfig` checks the whole environment against it once, at start, and a bad value stops the
 * start with a list of every problem instead of silently falling back to a default. The README's
 * configuration table is checked against this list by tests/unit/config.test.ts.
 */

const wholeNumber = (min = 0) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'must be a whole number')
    .refine((v) => Number(v) >= min, `must be at least ${min}`);
const number = (min = -Infinity) =>
  z
    .string()
    .trim()
    .refine((v) => v !== '' && Number.isFinite(Number(v)), 'must be a number')
    .refine((v) => Number(v) >= min, `must be at least ${min}`);
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(1|0|true|false|yes|no|on|off)$/, 'must be 1/0, true/false, yes/no or on/off');
const httpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');
const postgresUrl = z
  .string()
  .trim()
  .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string');
const oneOf = (...values: [string, ...string[]]) => z.enum(values, { message: `must be one of ${values.join(', ')}` });
const text = z.string();

export const ENV = {
  PORT: wholeNumber(0),
  HOST: text,
  NODE_ENV: text,
  DATABASE_URL: postgresUrl,
  AUTH_SECRET: text,
  AUTH_URL: httpUrl,
  LOG_LEVEL: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
  LOG_FORMAT: oneOf('pretty', 'json'),
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl,
  OTEL_SERVICE_NAME: text,
  JUNCTION_DATA_DIR: text,
  JUNCTION_PUBLIC_URL: httpUrl,
  JUNCTION_FILES_PUBLIC_URL: httpUrl,
  JUNCTION_MCP_CLIENT_METADATA_URL: httpUrl,
  JUNCTION_API_KEY: text,
  JUNCTION_ORG_API_KEY: text,
  JUNCTION_ENCRYPTION_KEY: text,
  JUNCTION_ENCRYPTION_KEY_PREVIOUS: text,
  JUNCTION_ADMIN_EMAIL: z
    .string()
    .trim()
    .regex(/^[^@\s]+@[^@\s]+$/, 'must be an email address'),
  JUNCTION_ADMIN_PASSWORD: text,
  JUNCTION_SETUP_TOKEN: text,
  JUNCTION_ALLOW_INSECURE_URLS: flag,
  JUNCTION_VALIDATE_RESPONSES: flag,
  JUNCTION_TRUST_PROXY: flag,
  JUNCTION_ROLE: oneOf('all', 'web', 'worker'),
  JUNCTION_DASHBOARD: oneOf('on', 'off'),
  JUNCTION_AUTH_FAILURE_THRESHOLD: wholeNumber(1),
  JUNCTION_API_KEY_CACHE_MS: wholeNumber(),
  JUNCTION_ACCOUNT_CACHE_MS: wholeNumber(),
  JUNCTION_CUSTOM_TOOLKIT_CACHE_MS: wholeNumber(),
  JUNCTION_METRICS_TOKEN: text,
  JUNCTION_REQUEST_LOG: oneOf('on', 'off'),
  JUNCTION_SHUTDOWN_TIMEOUT_MS: wholeNumber(),
  JUNCTION_DB_ACQUIRE_TIMEOUT_MS: wholeNumber(),
  JUNCTION_DB_STATEMENT_TIMEOUT_MS: wholeNumber(),
  JUNCTION_OIDC_ISSUER: httpUrl,
  JUNCTION_OIDC_CLIENT_ID: text,
  JUNCTION_OIDC_CLIENT_SECRET: text,
  JUNCTION_OIDC_NAME: text,
  JUNCTION_OIDC_ALLOWED_EMAILS: text,
  JUNCTION_RATE_LIMIT_PER_MINUTE: wholeNumber(),
  JUNCTION_RATE_LIMIT_IP_PER_MINUTE: wholeNumber(),
  JUNCTION_AUDIT_RETENTION_DAYS: wholeNumber(1),
  JUNCTION_UPSTREAM_MAX_BYTES: wholeNumber(1),
  JUNCTION_WORKBENCH_MAX_CONCURRENT: wholeNumber(1),
  JUNCTION_WORKBENCH_MAX_PER_PROJECT: wholeNumber(1),
  JUNCTION_WORKBENCH_MEMORY_MB: wholeNumber(8),
  JUNCTION_WORKBENCH_WORKER: text,
  JUNCTION_SEARCH_SERPAPI_KEY: text,
  JUNCTION_SEARCH_SERPAPI_URL: httpUrl,
  JUNCTION_SEARCH_GROQ_KEY: text,
  JUNCTION_FILES_MAX_BYTES: wholeNumber(1),
  JUNCTION_S3_BUCKET: text,
  JUNCTION_S3_ENDPOINT: httpUrl,
  JUNCTION_S3_REGION: text,
  JUNCTION_S3_ACCESS_KEY_ID: text,
  JUNCTION_S3_SECRET_ACCESS_KEY: text,
  JUNCTION_S3_FORCE_PATH_STYLE: flag,
  JUNCTION_LLM_BASE_URL: httpUrl,
  JUNCTION_LLM_API_KEY: text,
  JUNCTION_LLM_MODEL: text,
  JUNCTION_LLM_TIMEOUT_MS: wholeNumber(1),
  JUNCTION_EMBEDDINGS_BASE_URL: httpUrl,
  JUNCTION_EMBEDDINGS_API_KEY: text,
  JUNCTION_EMBEDDINGS_MODEL: text,
  JUNCTION_SEARCH_WARM: flag,
  JUNCTION_TOOL_TIMEOUT_MS: wholeNumber(1),
  JUNCTION_TOOL_LOG_RETENTION_DAYS: number(0),
  JUNCTION_PGLITE_TIERING_BUDGET: wholeNumber(1),
  JUNCTION_PGLITE_SHARED_BUFFERS: z
    .string()
    .trim()
    .regex(/^\d+(kB|MB|GB)?$/, 'must be a size such as 32MB'),
  JUNCTION_PGLITE_TEMPLATE: oneOf('on', 'off'),
  JUNCTION_PGLITE_PREPARED: flag,
  JUNCTION_PGLITE_TEMPLATE_DIR: text,
  JUNCTION_CATALOG_DIR: text,
  JUNCTION_TRIGGERS_DIR: text,
  JUNCTION_CLOCK_OFFSET_MS: wholeNumber(-Number.MAX_SAFE_INTEGER),
  JUNCTION_TRIGGER_MIN_INTERVAL_MS: wholeNumber(),
  JUNCTION_TRIGGER_MAX_BACKOFF_MS: wholeNumber(),
  JUNCTION_TRIGGER_LEASE_MS: wholeNumber(),
  JUNCTION_TRIGGER_SWEEP_MS: wholeNumber(),
  JUNCTION_TRIGGER_JITTER: number(0),
  JUNCTION_TRIGGER_AUTH_FAILURE_LIMIT: wholeNumber(1),
  JUNCTION_TRIGGER_SIGNATURE_TOLERANCE_SEC: wholeNumber(),
  JUNCTION_TRIGGER_LOG_RETENTION_DAYS: number(0),
  JUNCTION_WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*$/, 'must be comma-separated seconds, such as 0,5,300'),
  JUNCTION_WEBHOOK_TIMEOUT_MS: wholeNumber(1),
  JUNCTION_WEBHOOK_SECRET_OVERLAP_SECONDS: number(0),
  JUNCTION_WEBHOOK_DISABLE_AFTER_SECONDS: number(0),
  JUNCTION_WEBHOOK_STALL_SECONDS: number(0),
  JUNCTION_WEBHOOK_SWEEP_SECONDS: number(0),
  JUNCTION_WEBHOOK_WORKERS: wholeNumber(1),
  JUNCTION_WEBHOOK_BATCH_SIZE: wholeNumber(1),
  JUNCTION_WEBHOOK_JITTER: number(0),
  JUNCTION_WEBHOOK_RETENTION_DAYS: number(0),
  JUNCTION_WEBHOOK_PRUNE_SECONDS: number(0),
} as const satisfies Record<string, z.ZodType<unknown, string>>;

export type EnvName = keyof typeof ENV;

/** The server's own OAuth apps: `JUNCTION_OAUTH_<TOOLKIT>_CLIENT_ID` / `_CLIENT_SECRET`, one pair per toolkit. */
export const OAUTH_APP_VARIABLE = /^JUNCTION_OAUTH_[A-Z0-9_]+_CLIENT_(ID|SECRET)$/;

/** Every problem with the environment, one line each (`JUNCTION_X: must be … (got "…")`); empty when it is fine. */
export function envProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const [name, rule] of Object.entries(ENV) as [EnvName, z.ZodType][]) {
    const value = env[name];
    if (value === undefined || value === '') continue; // unset: the default applies
    const r = rule.safeParse(value);
    if (!r.success) {
      const secret = /KEY|SECRET|PASSWORD|TOKEN/.test(name);
      problems.push(
        `${name}: ${r.error.issues[0]?.message ?? 'invalid'}${secret ? '' : ` (got ${JSON.stringify(value.slice(0, 80))})`}`,
      );
    }
  }
  return problems;
}
