import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every public method of @composio/core 0.21.0 and 1.0.0-beta.1 (tests/sdk-next/methods.json, read from
// the installed SDKs by scripts/sdk-next-methods.mjs) has an entry in tests/sdk-next/flows-inventory.json:
// the SDK tests that run it, and for a method the SDK itself cannot run, the reason. This keeps the
// closing claim "every flow is tested" checkable: an entry must point at a test that exists.
const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (f: string) => JSON.parse(fs.readFileSync(path.join(ROOT, f), 'utf8'));

interface Entry {
  /** "<file>::<title fragment>"; the test runs the method through the SDK */
  tests: string[];
  /** the SDK cannot run the method: names the @composio/client call it makes that client 2.0.0-rc.6 lacks */
  blockedByClient?: string;
  /** what the method does without Junction (a local helper), or why a flow stops short */
  note?: string;
}
const methods: { versions: Record<string, { methods: string[]; clientGaps: string[] }> } =
  read('tests/sdk-next/methods.json');
const inventory: { flows: Record<string, Entry> } = read('tests/sdk-next/flows-inventory.json');
const titles = new Map<string, string>();
const source = (file: string) => {
  if (!titles.has(file))
    titles.set(file, fs.existsSync(path.join(ROOT, file)) ? fs.readFileSync(path.join(ROOT, file), 'utf8') : '');
  return titles.get(file)!;
};

describe.each(Object.entries(methods.versions))('@composio/core %s', (version, { methods: list, clientGaps }) => {
  it('every public method has an inventory entry', () => {
    expect(list.length).toBeGreaterThan(90);
    expect(list.filter((m) => !inventory.flows[m])).toEqual([]);
  });

  it('every entry names SDK tests that exist, and a blocked method names a client call this SDK lacks', () => {
    for (const m of list) {
      const e = inventory.flows[m]!;
      expect(e.tests.length, m).toBeGreaterThan(0);
      for (const ref of e.tests) {
        const [file, title] = ref.split('::');
        expect(source(file!), `${m}: ${file}`).not.toBe('');
        // the fragment appears in a test title: it('…fragment…'
        expect(
          new RegExp(`it\\(\\s*['"\`][^'"\`]*${title!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(source(file!)),
          `${m}: ${ref}`,
        ).toBe(true);
      }
      if (e.blockedByClient) {
        // a method blocked in one version may be blocked in the other too; it must be a gap where it exists
        expect(clientGaps, `${m} (${version})`).toContain(e.blockedByClient);
      }
    }
  });
});

it('the inventory lists no method that neither SDK has', () => {
  const all = new Set(Object.values(methods.versions).flatMap((v) => v.methods));
  expect(Object.keys(inventory.flows).filter((m) => !all.has(m))).toEqual([]);
});
