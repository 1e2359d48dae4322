import { describe, expect, it } from 'vitest';
import MiniSearch from 'minisearch';
import { CompiledBm25, type QueryTerm } from '../../lib/services/search/bm25';
import { isStopWord, stem, words } from '../../lib/services/search/text';
import { getToolkitTools } from '../../lib/catalog/registry';
import { loadLabelledSet } from '../../bench/tool-search';

// The compiled index must rank exactly as MiniSearch, the library it replaced for speed: same scores
// (BM25+ per field, boosts, prefix weights, matched-term multiplier), same order.
const FIELDS = ['name', 'description', 'params'] as const;
type F = (typeof FIELDS)[number];
const BOOST: Record<F, number> = { name: 4, description: 1.2, params: 0.35 };
const processTerm = (t: string) => (isStopWord(t) ? null : stem(t));

function corpus() {
  const tools = ['gmail', 'slack', 'github', 'notion', 'stripe'].flatMap((tk) => getToolkitTools(tk));
  return tools.map((t) => ({
    slug: t.slug,
    name: t.name,
    description: t.description,
    params: Object.keys(t.inputParameters.properties ?? {}).join(' '),
  }));
}

describe('compiled BM25 index', () => {
  const docs = corpus();
  const mini = new MiniSearch<{ id: number } & Record<F, string>>({
    fields: [...FIELDS],
    storeFields: [],
    tokenize: words,
    processTerm,
  });
  mini.addAll(docs.map((d, id) => ({ id, name: d.name, description: d.description, params: d.params })));
  // built, turned into plain data and cloned (as the index worker hands it over), then restored
  const built = CompiledBm25.build<F>(docs, {
    fields: FIELDS,
    boost: BOOST,
    tokenize: words,
    processTerm,
    prefixWeight: 0.4,
  });
  const compiled = CompiledBm25.restore(structuredClone(built.toData()), 0.4);
  const boostOf = (id: number) => (docs[id]!.slug.startsWith('SLACK_') ? 1.5 : 1);

  it('ranks the labelled requests as MiniSearch does, scores included', () => {
    const queries = loadLabelledSet().map((i) => i.query);
    expect(docs.length).toBeGreaterThan(1000);
    let compared = 0;
    for (const query of queries) {
      const ws = words(query)
        .map(processTerm)
        .filter((t): t is string => !!t);
      if (!ws.length) continue;
      const original = new Set(ws.slice(0, 3));
      const expected = mini
        .search(ws.join(' '), {
          boost: BOOST,
          combineWith: 'OR',
          prefix: (t) => t.length >= 5 && original.has(t),
          weights: { fuzzy: 0, prefix: 0.4 },
          boostTerm: (t) => (original.has(t) ? 1 : 0.35),
          boostDocument: (id) => boostOf(id as number),
        })
        .slice(0, 10);
      const sources = new Map<string, number>();
      // MiniSearch processes the query string again, as Junction's search does before calling the index
      const processed = words(ws.join(' '))
        .map(processTerm)
        .filter((t): t is string => !!t);
      const terms: QueryTerm[] = processed.map((term) => {
        if (!sources.has(term)) sources.set(term, sources.size);
        return {
          term,
          prefix: term.length >= 5 && original.has(term),
          boost: original.has(term) ? 1 : 0.35,
          source: sources.get(term)!,
        };
      });
      const got = compiled.search(terms, 10, boostOf, () => true);
      expect(got.length, query).toBe(expected.length);
      got.forEach((g, i) => {
        const e = expected[i]!;
        expect(g.score, `${query} #${i}`).toBeCloseTo(e.score, 6);
        // documents with equal scores may come in another order; any other document must be the same
        const tied = (j: number) => expected[j] !== undefined && Math.abs(expected[j]!.score - e.score) < 1e-9;
        if (!tied(i - 1) && !tied(i + 1)) expect(g.doc, `${query} #${i}`).toBe(e.id);
      });
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('keeps only documents the filter accepts, and nothing for an empty limit', () => {
    const terms: QueryTerm[] = [{ term: 'send', prefix: false, boost: 1, source: 0 }];
    const slackOnly = compiled.search(
      terms,
      5,
      () => 1,
      (id) => docs[id]!.slug.startsWith('SLACK_'),
    );
    expect(slackOnly.length).toBe(5);
    for (const hit of slackOnly) expect(docs[hit.doc]!.slug).toMatch(/^SLACK_/);
    expect(
      compiled.search(
        terms,
        0,
        () => 1,
        () => true,
      ),
    ).toEqual([]);
  });
});
