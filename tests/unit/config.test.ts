import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '@/lib/config';
import { ENV, envProblems } from '@/lib/env-schema';

describe('one typed configuration', () => {
  it('a bad environment stops the start with every problem listed, secrets not echoed', () => {
    const env = {
      PORT: 'eighty',
      JUNCTION_PUBLIC_URL: 'localhost:3000',
      JUNCTION_RATE_LIMIT_PER_MINUTE: '-5',
      JUNCTION_DASHBOARD: 'maybe',
      JUNCTION_WEBHOOK_RETRY_SCHEDULE: '0,5,soon',
      JUNCTION_ALLOW_INSECURE_URLS: 'sure',
      DATABASE_URL: 'mysql://x',
      JUNCTION_ADMIN_EMAIL: 'not-an-email',
    };
    let err: unknown;
    try {
      readConfig(env);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(Object.keys(env).sort());
    expect((err as Error).message).toContain('8 environment variables are invalid');
    expect(problems.find((p) => p.startsWith('PORT:'))).toBe('PORT: must be a whole number (got "eighty")');
    expect(problems.find((p) => p.startsWith('JUNCTION_RATE_LIMIT_PER_MINUTE'))).toContain('at least 0');
  });

  it('does not echo the values of secret variables', () => {
    const problems = envProblems({
      JUNCTION_METRICS_TOKEN: 'x',
      JUNCTION_S3_SECRET_ACCESS_KEY: 'y',
      JUNCTION_OIDC_ISSUER: 'sekrit-not-a-url',
    });
    expect(problems).toEqual(['JUNCTION_OIDC_ISSUER: must be an http(s) URL (got "sekrit-not-a-url")']);
  });

  it('unset and empty values take their defaults', () => {
    const c = readConfig({ JUNCTION_RATE_LIMIT_PER_MINUTE: '', PORT: '4000' });
    expect(c.port).toBe(4000);
    expect(c.rateLimitPerMinute).toBe(1200);
    expect(c.publicUrl).toBe('http://localhost:4000');
  });

  it("the README's configuration table and the schema name the same variables", () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const table = section.slice(0, section.indexOf('\n## ', 5));
    const rows = table.split('\n').filter((l) => l.startsWith('| `'));
    const named = new Set(rows.flatMap((r) => [...r.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)));
    const wildcards = rows.flatMap((r) => [...r.matchAll(/`([A-Z][A-Z0-9_]*_)\*`/g)].map((m) => m[1]!));
    const schema = Object.keys(ENV);
    const undocumented = schema.filter((n) => !named.has(n) && !wildcards.some((w) => n.startsWith(w)));
    expect(undocumented).toEqual([]);
    // Names in the table that are not variables Junction reads (values, other tools' variables) would show here.
    const unknown = [...named].filter((n) => !(n in ENV) && !/^JUNCTION_OAUTH_/.test(n));
    expect(unknown).toEqual([]);
  });
});
