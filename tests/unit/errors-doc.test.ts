import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_TABLE, namedError } from '@/lib/contract/errors';
import { errorsMarkdown } from '../../scripts/errors-doc';

describe('the one table of named errors', () => {
  it('docs/errors.md is generated from the table and lists every code', () => {
    const doc = fs.readFileSync(path.join(import.meta.dirname, '../../docs/errors.md'), 'utf8');
    expect(doc).toBe(errorsMarkdown());
    for (const e of Object.values(ERROR_TABLE)) expect(doc).toContain(`| ${e.code} | ${e.status} |`);
  });

  it('a named error takes its code, status, slug and fix from the table', () => {
    const e = namedError('ConnectedAccount_NotActiveForToken', 'not active');
    expect([e.status, e.code, e.slug, e.message]).toEqual([400, 1810, 'ConnectedAccount_NotActive', 'not active']);
    const u = namedError('Auth_Unauthorized', 'who are you');
    expect(u.extra.suggested_fix).toContain('x-api-key');
  });

  it('no two names share a slug and code unless the table says so', () => {
    const seen = new Map<string, string>();
    for (const [name, e] of Object.entries(ERROR_TABLE) as [string, { code: number; slug?: string }][]) {
      const key = `${e.code}:${e.slug ?? name}`;
      expect(seen.get(key), `${name} duplicates ${seen.get(key)}`).toBeUndefined();
      seen.set(key, name);
    }
  });
});
