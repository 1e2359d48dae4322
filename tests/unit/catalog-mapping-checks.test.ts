import { describe, expect, it } from 'vitest';
import { readMappings } from '../../lib/catalog/mappings/load';
import { getTool } from '../../lib/catalog/registry';
import { buildToolRequest } from '../../lib/services/tools/http';
import { applyMappedArgs } from '../../lib/services/tools/mapped';

// Each mapping file's `check` (lib/catalog/mappings/README.md) is one request the provider documents for
// one tool. Here the compiled tool builds that request from the check's arguments (argument defaults
// applied, as execute does) and it must match: method, path below the base URL, query and JSON (or form) body.
const BASE = 'http://provider.test/base';
const withChecks = [...readMappings(process.cwd()).values()].filter((m) => m.file.check && !m.file.define);

describe.each(withChecks.map((m) => [m.file.toolkit, m.file.check!] as const))('%s check', (_toolkit, check) => {
  it(`${check.tool} builds the documented request`, () => {
    const tool = getTool(check.tool);
    expect(tool, check.tool).toBeDefined();
    if (tool!.sameAs) return; // the request side is the target toolkit's (tested with same_as)
    const req = buildToolRequest(tool!, BASE, applyMappedArgs(tool!, check.arguments as Record<string, unknown>));
    expect(req.method).toBe(check.request.method);
    expect(decodeURIComponent(req.url.pathname.slice(new URL(BASE).pathname.length))).toBe(
      decodeURIComponent(check.request.path),
    );
    const query: Record<string, string | string[]> = {};
    for (const k of new Set(req.url.searchParams.keys())) {
      const all = req.url.searchParams.getAll(k);
      query[k] = all.length > 1 ? all : all[0]!;
    }
    expect(query).toEqual(check.request.query ?? {});
    // form bodies (Stripe) are compared field by field, as the provider parses them
    if (check.request.body !== undefined)
      expect(req.formFields ?? JSON.parse(String(req.body))).toEqual(check.request.body);
    else expect(req.body).toBeUndefined();
  });
});
