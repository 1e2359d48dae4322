import path from 'node:path';

/** Server configuration, read once from the environment. Names are documented in README.md. */
function bool(v: string | undefined): boolean {
  return v === '1' || v === 'true' || v === 'yes';
}

function int(v: string | undefined, fallback: number): number {
  const n = v ? Number.parseInt(v, 10) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

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
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
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
  };
}

let cached: Config | undefined;
export function config(): Config {
  cached ??= readConfig();
  return cached;
}
