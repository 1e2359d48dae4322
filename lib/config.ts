import path from 'node:path';
import { envProblems, type EnvName } from './env-schema';

/** Server configuration, read once from the environment. Names are documented in README.md. */
function bool(v: string | undefined): boolean {
  return v === '1' || v === 'true' || v === 'yes';
}

/**
 * A number setting: the value when it is a finite number of at least `min`, else the default.
 * The one parser for numeric settings (the engines' settings modules use it too); values were
 * already checked against lib/env-schema.ts by `checkedEnv`, so this only supplies defaults.
 */
export function envNumber(v: string | undefined, fallback: number, min = 0): number {
  const n = v === undefined || v.trim() === '' ? NaN : Number(v);
  return Number.isFinite(n) && n >= min ? n : fallback;
}

const int = (v: string | undefined, fallback: number) => Math.trunc(envNumber(v, fallback, -Infinity));

export interface Config {
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  bootstrapApiKey: string | undefined;
  bootstrapOrgApiKey: string | undefined;
  encryptionKey: string | undefined;
  encryptionKeyPrevious: string | undefined;
  allowInsecureUrls: boolean;
  authFailureThreshold: number;
  logLevel: string;
  /** validate every API response against the contract (on in tests) */
  validateResponses: boolean;
  /** API key lookups are cached this long; revocation takes effect within it on other processes */
  apiKeyCacheMs: number;
  /** how long a process may use an account read for execution (change notices drop it sooner); 0 = no cache */
  accountCacheMs: number;
  /** how long a process caches a project's imported toolkits (other processes see a change within it) */
  customToolkitCacheMs: number;
  /** JUNCTION_METRICS_TOKEN: GET /metrics requires `Authorization: Bearer <token>`; unset, /metrics is off (403) */
  metricsToken: string | undefined;
  /** JUNCTION_SHUTDOWN_TIMEOUT_MS: on SIGTERM/SIGINT, how long requests and jobs in progress may take to finish */
  shutdownTimeoutMs: number;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: OpenTelemetry traces are exported there (OTLP over HTTP); unset = tracing off */
  otlpEndpoint: string | undefined;
  /** LOG_FORMAT: `pretty` or `json`; by default pretty when stdout is a terminal, JSON otherwise */
  logFormat: 'pretty' | 'json';
  /** JUNCTION_DB_ACQUIRE_TIMEOUT_MS: how long a request waits for a PostgreSQL pool connection before failing (0 = forever) */
  dbAcquireTimeoutMs: number;
  /** JUNCTION_DB_STATEMENT_TIMEOUT_MS: PostgreSQL statement_timeout of the pool's connections (0 = none) */
  dbStatementTimeoutMs: number;
  /** JUNCTION_SETUP_TOKEN: pins the dashboard's first-run setup token (automation); otherwise one is generated and printed */
  setupToken: string | undefined;
  /** JUNCTION_OIDC_ISSUER: dashboard single sign-on; needs oidcAllowedEmails */
  oidcIssuer: string | undefined;
  /** JUNCTION_OIDC_ALLOWED_EMAILS: who may sign in with OIDC (addresses, or `@domain` for a whole domain), lower-cased */
  oidcAllowedEmails: string[];
  /** JUNCTION_RATE_LIMIT_PER_MINUTE: requests per API key per minute (token bucket); 0 = off */
  rateLimitPerMinute: number;
  /** JUNCTION_RATE_LIMIT_IP_PER_MINUTE: requests per client address per minute on unauthenticated endpoints; 0 = off */
  rateLimitIpPerMinute: number;
  /** JUNCTION_TRUST_PROXY: take the client address from the last X-Forwarded-For entry (behind one reverse proxy) */
  trustProxy: boolean;
  /** JUNCTION_AUDIT_RETENTION_DAYS: audit log entries are kept this long */
  auditRetentionDays: number;
  /** JUNCTION_FILES_PUBLIC_URL: a separate origin for stored-file download links (local storage) */
  filesPublicUrl: string;
  /** JUNCTION_UPSTREAM_MAX_BYTES: the most Junction reads of one upstream response body */
  upstreamMaxBytes: number;
  /** JUNCTION_WORKBENCH_MAX_CONCURRENT: workbench sandboxes running at once in this process */
  workbenchMaxConcurrent: number;
  /** JUNCTION_WORKBENCH_MAX_PER_PROJECT: sandboxes one project may hold at once (default half the slots, rounded up) */
  workbenchMaxPerProject: number;
  /** JUNCTION_WORKBENCH_MEMORY_MB: memory limit of one workbench sandbox's JavaScript runtime */
  workbenchMemoryMb: number;
}

/** A bad environment: every problem, so one restart fixes them all. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Junction cannot start: ${problems.length} environment variable${problems.length === 1 ? ' is' : 's are'} invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
}

export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems = envProblems(env);
  if (problems.length) throw new ConfigError(problems);
  const port = int(env.PORT, 3000);
  return {
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(/* turbopackIgnore: true */ env.JUNCTION_DATA_DIR || '.data'),
    publicUrl: (env.JUNCTION_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    bootstrapApiKey: env.JUNCTION_API_KEY || undefined,
    bootstrapOrgApiKey: env.JUNCTION_ORG_API_KEY || undefined,
    encryptionKey: env.JUNCTION_ENCRYPTION_KEY || undefined,
    encryptionKeyPrevious: env.JUNCTION_ENCRYPTION_KEY_PREVIOUS || undefined,
    allowInsecureUrls: bool(env.JUNCTION_ALLOW_INSECURE_URLS),
    authFailureThreshold: int(env.JUNCTION_AUTH_FAILURE_THRESHOLD, 5),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    validateResponses: bool(env.JUNCTION_VALIDATE_RESPONSES),
    apiKeyCacheMs: int(env.JUNCTION_API_KEY_CACHE_MS, 5000),
    accountCacheMs: int(env.JUNCTION_ACCOUNT_CACHE_MS, 60_000),
    customToolkitCacheMs: int(env.JUNCTION_CUSTOM_TOOLKIT_CACHE_MS, 3000),
    metricsToken: env.JUNCTION_METRICS_TOKEN || undefined,
    shutdownTimeoutMs: Math.max(0, int(env.JUNCTION_SHUTDOWN_TIMEOUT_MS, 10_000)),
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || undefined,
    logFormat:
      env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty'
        ? env.LOG_FORMAT
        : process.stdout?.isTTY
          ? 'pretty'
          : 'json',
    dbAcquireTimeoutMs: Math.max(0, int(env.JUNCTION_DB_ACQUIRE_TIMEOUT_MS, 10_000)),
    dbStatementTimeoutMs: Math.max(0, int(env.JUNCTION_DB_STATEMENT_TIMEOUT_MS, 30_000)),
    setupToken: env.JUNCTION_SETUP_TOKEN || undefined,
    oidcIssuer: env.JUNCTION_OIDC_ISSUER || undefined,
    oidcAllowedEmails: (env.JUNCTION_OIDC_ALLOWED_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    rateLimitPerMinute: Math.max(0, int(env.JUNCTION_RATE_LIMIT_PER_MINUTE, 1200)),
    rateLimitIpPerMinute: Math.max(0, int(env.JUNCTION_RATE_LIMIT_IP_PER_MINUTE, 120)),
    trustProxy: bool(env.JUNCTION_TRUST_PROXY),
    auditRetentionDays: Math.max(1, int(env.JUNCTION_AUDIT_RETENTION_DAYS, 365)),
    filesPublicUrl: (env.JUNCTION_FILES_PUBLIC_URL || env.JUNCTION_PUBLIC_URL || `http://localhost:${port}`).replace(
      /\/+$/,
      '',
    ),
    upstreamMaxBytes: Math.max(1, int(env.JUNCTION_UPSTREAM_MAX_BYTES, 25 * 1024 * 1024)),
    workbenchMaxConcurrent: Math.max(1, int(env.JUNCTION_WORKBENCH_MAX_CONCURRENT, 4)),
    workbenchMaxPerProject: Math.max(
      1,
      int(
        env.JUNCTION_WORKBENCH_MAX_PER_PROJECT,
        Math.ceil(Math.max(1, int(env.JUNCTION_WORKBENCH_MAX_CONCURRENT, 4)) / 2),
      ),
    ),
    workbenchMemoryMb: Math.max(8, int(env.JUNCTION_WORKBENCH_MEMORY_MB, 64)),
  };
}

let cached: Config | undefined;
export function config(): Config {
  cached ??= readConfig();
  return cached;
}

/**
 * One variable's raw value, already checked against lib/env-schema.ts, for the areas that parse their
 * own settings (webhook and trigger policy, storage, search). The only other reader of the environment
 * under lib/: the name must be in the schema, so the list there stays complete.
 */
export function envValue(name: EnvName): string | undefined {
  config(); // validates the whole environment once
  const v = process.env[name];
  return v === '' ? undefined : v;
}

/** Fills a variable a library reads from the environment itself (next-auth's AUTH_SECRET), unless set. */
export function setEnvDefault(name: EnvName, value: string): void {
  const env = process.env as Record<string, string | undefined>;
  if (!env[name]) env[name] = value;
}

/** The environment, once lib/env-schema.ts has checked it: for settings readers that take an env argument (tests pass their own). */
export function checkedEnv(): NodeJS.ProcessEnv {
  config();
  return process.env;
}
