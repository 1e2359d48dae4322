import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildLogos, fallbackSvg } from '../../scripts/logos';

describe('toolkit logos built from simple-icons', () => {
  it('writes a brand mark where simple-icons has one and a neutral tile otherwise', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-'));
    const r = buildLogos(
      [
        { slug: 'github', name: 'GitHub' },
        { slug: 'acme_internal', name: 'Acme Internal' },
      ],
      out,
    );
    expect(r).toEqual({ total: 2, brands: 1 });
    const gh = fs.readFileSync(path.join(out, 'github.svg'), 'utf8');
    expect(gh).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    expect(gh).toContain('<title>GitHub</title>');
    expect(gh).toMatch(/<path fill="#[0-9A-Fa-f]{6}" d="M/);
    const acme = fs.readFileSync(path.join(out, 'acme_internal.svg'), 'utf8');
    expect(acme).toContain('>AI</text>');
    expect(fs.existsSync(path.join(out, '_fallback.svg'))).toBe(true);
  });

  it('escapes toolkit names in the fallback tile', () => {
    const svg = fallbackSvg('<script>x</script>');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;');
  });
});
