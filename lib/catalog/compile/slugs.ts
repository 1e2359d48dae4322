/**
 * Tool slugs: `<TOOLKIT>_` plus the upper-snake summary, else the operationId, else `METHOD_PATH`, cut to
 * the length limit and made unique deterministically in document order.
 */
import type { RawOp } from './document';
import type { CompileContext } from './options';
import { toUpperSnake } from './text';

/** the prefixed slug for one candidate body, cut at a word boundary when it is too long */
function fitSlug(c: CompileContext, body: string): string {
  const { prefix, maxSlug } = c;
  let b = body.startsWith(`${prefix}_`) ? body.slice(prefix.length + 1) : body;
  if (!b) b = 'CALL';
  let slug = `${prefix}_${b}`;
  if (slug.length > maxSlug) {
    slug = slug.slice(0, maxSlug);
    const cut = slug.lastIndexOf('_');
    if (cut > prefix.length + 8) slug = slug.slice(0, cut);
  }
  return slug;
}

/** the slugs one operation may take, best first */
function candidates(c: CompileContext, { method, path, op }: RawOp): string[] {
  const list: string[] = [];
  const summary = typeof op.summary === 'string' ? toUpperSnake(c.strip(op.summary.trim())) : '';
  const opId = typeof op.operationId === 'string' ? toUpperSnake(c.strip(op.operationId)) : '';
  const mp = toUpperSnake(`${method} ${path.replace(/[{}]/g, '')}`);
  const summaryOk = summary && summary.split('_').length <= 12 && `${c.prefix}_${summary}`.length <= c.maxSlug;
  if (summaryOk) list.push(fitSlug(c, summary));
  if (opId) list.push(fitSlug(c, opId));
  if (summary && !summaryOk) list.push(fitSlug(c, summary));
  list.push(fitSlug(c, mp));
  return list;
}

/** one slug per operation, in the operations' order */
export function assignSlugs(c: CompileContext, raw: RawOp[]): string[] {
  const all = raw.map((r) => candidates(c, r));
  const used = new Set<string>();
  return all.map((list) => {
    // a colliding primary is kept by the first operation only; later ones take their next candidate
    for (const s of list) {
      if (!used.has(s)) {
        used.add(s);
        return s;
      }
    }
    let n = 2;
    while (used.has(`${list[0]}_${n}`)) n++;
    const s = `${list[0]}_${n}`;
    used.add(s);
    return s;
  });
}
