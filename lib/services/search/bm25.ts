/**
 * A fielded BM25+ index compiled for fast queries over a fixed document set.
 *
 * The ranking is MiniSearch's (BM25+ per field with k=1.2, b=0.7, d=0.5, field boosts, prefix matches
 * weighted by how much longer the indexed term is, and the sum multiplied by the number of distinct query
 * terms a document matched). What differs is the layout: MiniSearch scores every (term, field, document)
 * triple at query time and allocates a result object with match details for each, which was 70 % of a
 * search over the ~9,000-tool catalog. Here each term's contributions from all fields are summed once at
 * build time into one posting list (typed arrays), a query adds postings into a dense score array, and
 * only the best `limit` documents are sorted. The document boost multiplies every contribution of a
 * document equally, so it is applied once per matched document at the end.
 */

const K = 1.2;
const B = 0.7;
const D = 0.5;

export interface QueryTerm {
  /** the processed (stemmed) term */
  term: string;
  /** also match indexed terms that start with it, weighted down */
  prefix: boolean;
  boost: number;
  /** terms with the same source count once towards the number of matched terms */
  source: number;
}

interface Posting {
  docs: Int32Array;
  scores: Float64Array;
}

export interface Bm25Options<F extends string> {
  fields: readonly F[];
  boost: Record<F, number>;
  tokenize: (text: string) => string[];
  processTerm: (term: string) => string | null;
  /** weight of a prefix match relative to an exact one (before the length discount) */
  prefixWeight: number;
}

/** The index as plain arrays: what a worker thread builds and hands over (typed arrays transfer). */
export interface Bm25Data {
  size: number;
  /** sorted */
  terms: string[];
  /** postings of terms[i] are docs/scores[offsets[i] .. offsets[i + 1]) */
  offsets: Int32Array;
  docs: Int32Array;
  scores: Float64Array;
}

export class CompiledBm25 {
  private readonly postings = new Map<string, Posting>();
  /** every indexed term, sorted, for prefix lookups */
  private readonly sortedTerms: string[];
  private readonly acc: Float64Array;
  private readonly matched: Uint16Array;
  private readonly epoch: Uint32Array;
  private readonly sourceEpoch: Uint32Array;
  private readonly touched: Int32Array;
  private stamp = 0;
  private sourceStamp = 0;

  /** Index `docs` (each a text per field). */
  static build<F extends string>(docs: Record<F, string>[], opts: Bm25Options<F>): CompiledBm25 {
    return new CompiledBm25(compile(docs, opts), opts.prefixWeight);
  }

  /** An index from `toData()`'s arrays (e.g. built in a worker thread). */
  static restore(data: Bm25Data, prefixWeight: number): CompiledBm25 {
    return new CompiledBm25(data, prefixWeight);
  }

  private constructor(
    private readonly data: Bm25Data,
    private readonly prefixWeight: number,
  ) {
    const { terms, offsets, docs, scores, size } = data;
    for (let i = 0; i < terms.length; i++) {
      const a = offsets[i]!;
      const b = offsets[i + 1]!;
      this.postings.set(terms[i]!, { docs: docs.subarray(a, b), scores: scores.subarray(a, b) });
    }
    this.sortedTerms = terms;
    this.acc = new Float64Array(size);
    this.matched = new Uint16Array(size);
    this.epoch = new Uint32Array(size);
    this.sourceEpoch = new Uint32Array(size);
    this.touched = new Int32Array(size);
  }

  toData(): Bm25Data {
    return this.data;
  }

  /** Indexed terms that start with `prefix` (excluding `prefix` itself). */
  private *withPrefix(prefix: string): Generator<string> {
    let lo = 0;
    let hi = this.sortedTerms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sortedTerms[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.sortedTerms.length; i++) {
      const t = this.sortedTerms[i]!;
      if (!t.startsWith(prefix)) break;
      if (t !== prefix) yield t;
    }
  }

  /**
   * The best `limit` documents for the query terms, by score × matched terms × docBoost(doc),
   * among documents `keep` accepts.
   */
  search(
    terms: QueryTerm[],
    limit: number,
    docBoost: (doc: number) => number,
    keep: (doc: number) => boolean,
  ): { doc: number; score: number }[] {
    if (limit <= 0) return [];
    // stamps mark which documents this query (and this source term) touched, so nothing is cleared
    if (++this.stamp === 0xffffffff) {
      this.epoch.fill(0);
      this.stamp = 1;
    }
    let count = 0;
    const bySource = new Map<number, QueryTerm[]>();
    for (const t of terms) {
      const list = bySource.get(t.source);
      if (list) list.push(t);
      else bySource.set(t.source, [t]);
    }
    for (const group of bySource.values()) {
      if (++this.sourceStamp === 0xffffffff) {
        this.sourceEpoch.fill(0);
        this.sourceStamp = 1;
      }
      for (const q of group) {
        const derived: [string, number][] = [[q.term, 1]];
        if (q.prefix)
          for (const t of this.withPrefix(q.term)) {
            const distance = t.length - q.term.length;
            derived.push([t, (this.prefixWeight * t.length) / (t.length + 0.3 * distance)]);
          }
        for (const [term, weight] of derived) {
          const p = this.postings.get(term);
          if (!p) continue;
          const w = weight * q.boost;
          const { docs, scores } = p;
          for (let i = 0; i < docs.length; i++) {
            const d = docs[i]!;
            if (this.epoch[d] !== this.stamp) {
              this.epoch[d] = this.stamp;
              this.acc[d] = 0;
              this.matched[d] = 0;
              this.touched[count++] = d;
            }
            this.acc[d]! += w * scores[i]!;
            if (this.sourceEpoch[d] !== this.sourceStamp) {
              this.sourceEpoch[d] = this.sourceStamp;
              this.matched[d]!++;
            }
          }
        }
      }
    }
    // keep the best `limit` in a small array sorted by score (ties: lower document first)
    const top: { doc: number; score: number }[] = [];
    for (let i = 0; i < count; i++) {
      const d = this.touched[i]!;
      const boost = docBoost(d);
      if (!boost) continue;
      const score = this.acc[d]! * this.matched[d]! * boost;
      if (top.length === limit && !(score > top[limit - 1]!.score)) continue;
      if (!keep(d)) continue;
      let j = top.length < limit ? top.length : limit - 1;
      while (j > 0 && (top[j - 1]!.score < score || (top[j - 1]!.score === score && top[j - 1]!.doc > d))) {
        top[j] = top[j - 1]!;
        j--;
      }
      top[j] = { doc: d, score };
    }
    return top;
  }
}

/** Per term, every field's BM25+ contribution summed per document, laid out as `Bm25Data`. */
function compile<F extends string>(docs: Record<F, string>[], opts: Bm25Options<F>): Bm25Data {
  const n = docs.length;
  // per field: term -> (doc -> frequency), and each document's field length (distinct raw tokens)
  const freq = new Map<string, Map<number, number>[]>();
  const lengths = opts.fields.map(() => new Float64Array(n));
  const avg = opts.fields.map(() => 0);
  opts.fields.forEach((field, f) => {
    let total = 0;
    for (let d = 0; d < n; d++) {
      const tokens = opts.tokenize(docs[d]![field] ?? '');
      const length = new Set(tokens).size;
      lengths[f]![d] = length;
      total += length;
      for (const token of tokens) {
        const term = opts.processTerm(token);
        if (!term) continue;
        let byField = freq.get(term);
        if (!byField) freq.set(term, (byField = opts.fields.map(() => new Map<number, number>())));
        const m = byField[f]!;
        m.set(d, (m.get(d) ?? 0) + 1);
      }
    }
    avg[f] = n ? total / n : 0;
  });
  const terms = [...freq.keys()].sort();
  const offsets = new Int32Array(terms.length + 1);
  const allDocs: number[] = [];
  const allScores: number[] = [];
  terms.forEach((term, i) => {
    const sum = new Map<number, number>();
    freq.get(term)!.forEach((m, f) => {
      const df = m.size;
      if (!df) return;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      const boost = opts.boost[opts.fields[f]!] ?? 1;
      for (const [d, tf] of m) {
        const norm = tf + K * (1 - B + (B * lengths[f]![d]!) / avg[f]!);
        sum.set(d, (sum.get(d) ?? 0) + boost * idf * (D + (tf * (K + 1)) / norm));
      }
    });
    for (const d of [...sum.keys()].sort((a, b) => a - b)) {
      allDocs.push(d);
      allScores.push(sum.get(d)!);
    }
    offsets[i + 1] = allDocs.length;
  });
  return { size: n, terms, offsets, docs: Int32Array.from(allDocs), scores: Float64Array.from(allScores) };
}
