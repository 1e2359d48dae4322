import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileMapping } from '../../lib/catalog/mappings/compile';
import { parseMapping } from '../../lib/catalog/mappings/load';
import { getTool, getToolkit, resetCatalogCache } from '../../lib/catalog/registry';
import type { ToolkitDef } from '../../lib/catalog/types';
import { applyMappedArgs, requestToolkitOf } from '../../lib/services/tools/mapped';

// `same_as` tools resolved by the registry from a catalog directory built the way the build writes it:
// the committed Gmail toolkit (whose GMAIL_SEND_EMAIL is a curated composite in code and whose
// generated operations are in its data file) and a toolkit defined by a mapping file that mirrors them.
const real = path.join(process.cwd(), 'lib/catalog/data');
let dir: string;

const mirror = parseMapping(
  `toolkit: mirrorkit
define:
  name: Mirror
  description: Gmail tools under another connection.
  base_url: https://mirror.example
  auth:
    - { mode: OAUTH2, authorization_url: https://mirror.example/auth, token_url: https://mirror.example/token, scopes: [a, b] }
tools:
  - { slug: MIRRORKIT_SEND_EMAIL, same_as: GMAIL_SEND_EMAIL, important: true, description: Send an email from the mirrored mailbox. }
  - { slug: MIRRORKIT_GET_PROFILE, same_as: GMAIL_GET_PROFILE, aliases: [MIRRORKIT_PROFILE], rename: { userId: user_id } }
  - { slug: MIRRORKIT_NOWHERE, same_as: NOSUCHKIT_TOOL }
`,
  'mirrorkit.yaml',
);

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'junction-sameas-'));
  mkdirSync(path.join(dir, 'tools'));
  const kits = JSON.parse(readFileSync(path.join(real, 'toolkits.json'), 'utf8')) as ToolkitDef[];
  const gmail = kits.find((k) => k.slug === 'gmail')!;
  const r = compileMapping(mirror, { generated: [], version: 'v', sha: 'x' });
  writeFileSync(path.join(dir, 'toolkits.json'), JSON.stringify([gmail, { ...r.toolkit, toolsCount: r.tools.length }]));
  writeFileSync(path.join(dir, 'tools', 'gmail.json.gz'), readFileSync(path.join(real, 'tools', 'gmail.json.gz')));
  writeFileSync(path.join(dir, 'tools', 'mirrorkit.json.gz'), gzipSync(JSON.stringify(r.tools)));
  process.env.JUNCTION_CATALOG_DIR = dir;
  resetCatalogCache();
});
afterAll(() => {
  delete process.env.JUNCTION_CATALOG_DIR;
  resetCatalogCache();
  rmSync(dir, { recursive: true, force: true });
});

describe('same_as', () => {
  it("takes a curated composite's arguments and implementation, with this toolkit's slug and words", () => {
    const target = getTool('GMAIL_SEND_EMAIL')!;
    expect(target.curated?.kind).toBe('composite');
    const t = getTool('MIRRORKIT_SEND_EMAIL')!;
    expect(t).toMatchObject({
      slug: 'MIRRORKIT_SEND_EMAIL',
      toolkit: 'mirrorkit',
      sameAs: 'GMAIL_SEND_EMAIL',
      important: true,
      description: 'Send an email from the mirrored mailbox.',
    });
    expect(t.inputParameters).toEqual(target.inputParameters);
    expect(t.curated).toBe(target.curated);
  });

  it("takes a mapping tool's request; aliases and renames carry over", () => {
    const target = getTool('GMAIL_GET_PROFILE')!;
    const t = getTool('MIRRORKIT_GET_PROFILE')!;
    expect(t.http).toEqual(target.http);
    expect(t.description).toBe(target.description);
    expect(getTool('MIRRORKIT_PROFILE')).toMatchObject({
      deprecated: true,
      aliasOf: 'MIRRORKIT_GET_PROFILE',
      sameAs: 'GMAIL_GET_PROFILE',
    });
    expect(applyMappedArgs(t, { userId: 'me' })).toEqual({ user_id: 'me' });
  });

  it('a target that does not exist leaves the tool out', () => {
    expect(getTool('MIRRORKIT_NOWHERE')).toBeUndefined();
  });

  it("is built with the target toolkit's base URL and headers and this toolkit's schemes", () => {
    const own = getToolkit('mirrorkit')!;
    const side = requestToolkitOf(getTool('MIRRORKIT_SEND_EMAIL')!, own);
    const gmail = getToolkit('gmail')!;
    expect(side.baseUrl).toBe(gmail.baseUrl);
    expect(side.slug).toBe('mirrorkit');
    expect(side.authSchemes.map((a) => a.oauth?.authorizationUrl)).toEqual(['https://mirror.example/auth']);
    expect(requestToolkitOf(getTool('GMAIL_GET_PROFILE')!, gmail)).toBe(gmail);
  });
});

describe('rename and defaults at run time', () => {
  it('an alternate spelling fills the declared name unless both are given; defaults fill absent arguments', () => {
    const t = { argRenames: { fileId: 'file_id' }, argDefaults: { page_size: 100 }, http: {} } as never;
    expect(applyMappedArgs(t, { fileId: 'f1' })).toEqual({ file_id: 'f1', page_size: 100 });
    expect(applyMappedArgs(t, { fileId: 'f1', file_id: 'f2', page_size: 5 })).toEqual({ file_id: 'f2', page_size: 5 });
  });
});
