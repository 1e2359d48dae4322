import { startFakeUpstream, type FakeReply, type FakeUpstream } from './fake-upstream';

/**
 * A loopback Google Docs API v1 (/v1/documents...) keeping each document's body text. batchUpdate
 * requests are checked the way Docs checks them (indexes inside the body, ranges not past the
 * final newline, known request kinds) and applied in order, all or nothing, so tests can read the
 * resulting text back. Every accepted request list is recorded.
 */
export interface FakeDocs extends FakeUpstream {
  token: string;
  docs: Map<
    string,
    {
      title: string;
      text: string;
      bullets: [number, number][];
      table?: { startIndex: number; cellStarts: number[][] };
      /** text written into the cells of an inserted table, by the cell's content index */
      cells?: Map<number, string>;
    }
  >;
  batches: { id: string; requests: Record<string, any>[] }[];
}

const KNOWN = new Set([
  'insertText',
  'addDocumentTab',
  'deleteTab',
  'updateDocumentTabProperties',
  'deleteContentRange',
  'replaceAllText',
  'updateTextStyle',
  'updateParagraphStyle',
  'createParagraphBullets',
  'deleteParagraphBullets',
  'insertTable',
  'insertPageBreak',
  'insertInlineImage',
  'createHeader',
  'createFooter',
  'createFootnote',
  'createNamedRange',
  'deleteNamedRange',
  'insertTableRow',
  'insertTableColumn',
  'deleteTableRow',
  'deleteTableColumn',
  'unmergeTableCells',
  'updateTableRowStyle',
  'updateDocumentStyle',
  'replaceImage',
  'deleteHeader',
  'deleteFooter',
]);

export async function startFakeDocs(token = 'ya29.docs'): Promise<FakeDocs> {
  const up = await startFakeUpstream();
  const f = up as FakeDocs;
  f.token = token;
  f.docs = new Map();
  f.batches = [];
  let n = 0;
  const bad = (message: string): FakeReply => ({
    status: 400,
    json: { error: { code: 400, message, status: 'INVALID_ARGUMENT' } },
  });
  const view = (id: string) => {
    const d = f.docs.get(id)!;
    const content: Record<string, unknown>[] = [{ endIndex: 1, sectionBreak: {} }];
    let idx = 1;
    for (const line of d.text.split(/(?<=\n)/)) {
      const start = idx;
      idx += line.length;
      const bullet = d.bullets.some(([s, e]) => start >= s && start < e);
      content.push({
        startIndex: start,
        endIndex: idx,
        paragraph: {
          elements: [{ startIndex: start, endIndex: idx, textRun: { content: line } }],
          ...(bullet ? { bullet: { listId: 'l1' } } : {}),
        },
      });
    }
    // a table given by the test: cells whose content starts at the listed indexes
    if (d.table)
      content.push({
        startIndex: d.table.startIndex,
        endIndex: d.table.startIndex + 1,
        table: {
          tableRows: d.table.cellStarts.map((row) => ({
            tableCells: row.map((start) => ({
              startIndex: start - 1,
              content: [{ startIndex: start, paragraph: { elements: [] } }],
            })),
          })),
        },
      });
    return { documentId: id, title: d.title, revisionId: `r${d.text.length}`, body: { content } };
  };
  f.on('POST', '/v1/documents', (r) => {
    if (r.headers.authorization !== `Bearer ${token}`)
      return { status: 401, json: { error: { code: 401, message: 'Invalid Credentials' } } };
    const id = `doc${++n}`;
    f.docs.set(id, { title: (r.json as { title?: string }).title ?? 'Untitled document', text: '\n', bullets: [] });
    return { json: { documentId: id, title: f.docs.get(id)!.title } };
  });
  f.on('GET', '/v1/documents/:id', (_r, p) =>
    f.docs.has(p.id!)
      ? { json: view(p.id!) }
      : { status: 404, json: { error: { code: 404, message: 'Requested entity was not found.' } } },
  );
  f.on('POST', '/v1/documents/:idop', (r, p) => {
    const [id, op] = p.idop!.split(':');
    const doc = f.docs.get(id!);
    if (!doc || op !== 'batchUpdate')
      return { status: 404, json: { error: { code: 404, message: 'Requested entity was not found.' } } };
    const requests = (r.json as { requests?: Record<string, any>[] }).requests;
    if (!Array.isArray(requests) || !requests.length) return bad('Must specify at least one request.');
    let text = doc.text;
    const bullets = [...doc.bullets];
    const replies: Record<string, unknown>[] = [];
    const end = () => text.length + 1; // body indexes start at 1; the last char is the final newline
    for (const [i, q] of requests.entries()) {
      const kind = Object.keys(q)[0]!;
      if (Object.keys(q).length !== 1 || !KNOWN.has(kind))
        return bad(`Invalid requests[${i}]: unknown or ambiguous request kind`);
      const b = q[kind];
      const checkRange = (
        rg: { startIndex?: number; endIndex?: number; segmentId?: string } | undefined,
        allowLast = false,
      ) => {
        if (!rg || typeof rg.startIndex !== 'number' || typeof rg.endIndex !== 'number')
          return `Invalid requests[${i}].${kind}: range is required`;
        if (rg.segmentId) return null;
        if (
          rg.startIndex < 1 ||
          rg.endIndex <= rg.startIndex ||
          rg.endIndex > end() - (allowLast ? 0 : 1) + (allowLast ? 0 : 1) ||
          rg.endIndex > end()
        )
          return `Invalid requests[${i}].${kind}: Index ${rg.endIndex} must be less than the end index of the referenced segment, ${end()}.`;
        return null;
      };
      if (kind === 'insertText') {
        if (typeof b.text !== 'string') return bad(`Invalid requests[${i}].insertText: text is required`);
        if (b.location?.segmentId) {
          replies.push({});
          continue;
        }
        const at = b.endOfSegmentLocation ? end() - 1 : b.location?.index;
        if (doc.cells && doc.table?.cellStarts.flat().includes(at)) {
          doc.cells.set(at, (doc.cells.get(at) ?? '') + b.text);
          replies.push({});
          continue;
        }
        if (typeof at !== 'number' || at < 1 || at >= end())
          return bad(
            `Invalid requests[${i}].insertText: Index ${at} must be less than the end index of the referenced segment, ${end()}.`,
          );
        text = text.slice(0, at - 1) + b.text + text.slice(at - 1);
      } else if (kind === 'deleteContentRange') {
        const why = checkRange(b.range);
        if (why) return bad(why);
        if (b.range.endIndex >= end())
          return bad(
            `Invalid requests[${i}].deleteContentRange: The range cannot include the newline character at the end of the segment.`,
          );
        text = text.slice(0, b.range.startIndex - 1) + text.slice(b.range.endIndex - 1);
      } else if (kind === 'replaceAllText') {
        const find = b.containsText?.text as string;
        if (!find) return bad(`Invalid requests[${i}].replaceAllText: containsText.text is required`);
        const re = new RegExp(
          find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          b.containsText.matchCase === false ? 'gi' : 'g',
        );
        const count = (text.match(re) ?? []).length;
        text = text.replace(re, () => b.replaceText ?? '');
        replies.push({ replaceAllText: { occurrencesChanged: count } });
        continue;
      } else if (
        ['updateTextStyle', 'updateParagraphStyle', 'createParagraphBullets', 'deleteParagraphBullets'].includes(kind)
      ) {
        const why = checkRange(b.range);
        if (why) return bad(why);
        if (kind !== 'createParagraphBullets' && kind !== 'deleteParagraphBullets' && !b.fields)
          return bad(`Invalid requests[${i}].${kind}: fields is required`);
        if (kind === 'createParagraphBullets') {
          // Docs reads leading tabs as nesting and removes them
          const seg = text.slice(b.range.startIndex - 1, b.range.endIndex - 1);
          const stripped = seg.replace(/(^|\n)\t+/g, '$1');
          text = text.slice(0, b.range.startIndex - 1) + stripped + text.slice(b.range.endIndex - 1);
          bullets.push([b.range.startIndex, b.range.endIndex - (seg.length - stripped.length)]);
        }
      } else if (kind === 'createHeader') {
        replies.push({ createHeader: { headerId: 'kix.header1' } });
        continue;
      } else if (kind === 'insertTable' && b.endOfSegmentLocation && !doc.table) {
        // an empty table after the body text, laid out as Docs does: the table at S, row r at
        // S + 1 + r * (2 * columns + 1), each cell's paragraph two indexes after the previous one
        const S = end();
        const cols = Number(b.columns);
        const cellStarts = Array.from({ length: Number(b.rows) }, (_r, r) =>
          Array.from({ length: cols }, (_c, c) => S + 3 + r * (2 * cols + 1) + 2 * c),
        );
        doc.table = { startIndex: S, cellStarts };
        doc.cells = new Map();
      } else if (kind === 'addDocumentTab') {
        if (!b.tabProperties || typeof b.tabProperties !== 'object')
          return bad(`Invalid requests[${i}].addDocumentTab: tabProperties is required`);
        replies.push({ addDocumentTab: { tabProperties: { tabId: `t.${++n}`, ...b.tabProperties } } });
        continue;
      } else if (kind === 'deleteTab') {
        if (typeof b.tabId !== 'string') return bad(`Invalid requests[${i}].deleteTab: tabId is required`);
      } else if (kind === 'updateDocumentTabProperties') {
        if (typeof b.tabProperties?.tabId !== 'string' || !b.fields)
          return bad(`Invalid requests[${i}].updateDocumentTabProperties: tabProperties.tabId and fields are required`);
      }
      replies.push({});
    }
    doc.text = text;
    doc.bullets = bullets;
    f.batches.push({ id: id!, requests });
    return { json: { documentId: id, replies, writeControl: { requiredRevisionId: `r${text.length}` } } };
  });
  f.on('POST', '/drive/v3/files/:id/copy', (r, p) => {
    const src = f.docs.get(p.id!);
    if (!src) return { status: 404, json: { error: { code: 404, message: 'File not found' } } };
    const id = `doc${++n}`;
    const name = (r.json as { name?: string }).name ?? `Copy of ${src.title}`;
    f.docs.set(id, { ...src, title: name, bullets: [...src.bullets] });
    return { json: { id, name } };
  });
  return f;
}
