/**
 * Google Docs in the hosted vocabulary. Composites create documents from text or Markdown
 * (documents.create, then one batchUpdate), read a document as plain text, insert and replace
 * text; most other hosted names are one batchUpdate request built from flat arguments. Drive
 * work (copy, export, search) goes to the Drive host, charts to the Sheets host.
 */
import { composite, params, s } from './define';
import { findWorkspaceFiles } from './googledrive-files';
import { documentText, endIndex, markdownRequests } from './googledocs-text';
import { acceptCamel } from './rest-mapping';
import { ToolArgumentError, ToolFailure, type CuratedContext, type CuratedTool } from './types';

const enc = encodeURIComponent;
const DRIVE = 'https://www.googleapis.com/drive/v3';
const DOC_ID = s.string(
  'Document id: the id in docs.google.com/document/d/<id>/edit (or from GOOGLEDOCS_SEARCH_DOCUMENTS).',
  { examples: ['1A2b3C4d5E6f7G8h9I0jKlMnOpQrStUvWxYz'] },
);
const INDEX = (what: string) =>
  s.integer(`${what} (a UTF-16 offset in the body; 1 is the start; see GOOGLEDOCS_GET_DOCUMENT_END_INDEX).`, {
    minimum: 1,
  });
const DOC_OUT = params({
  document_id: s.string('Document id'),
  title: s.string('Title'),
  document_url: s.string('Link to edit it'),
});

const docUrl = (id: string) => `https://docs.google.com/document/d/${id}/edit`;

async function getDoc(ctx: CuratedContext, id: string) {
  return ctx.json<Record<string, any>>({ method: 'GET', path: `/v1/documents/${enc(id)}` });
}

async function batch(ctx: CuratedContext, id: string, requests: unknown[]) {
  if (!requests.length) return { documentId: id, replies: [] };
  return ctx.json<Record<string, unknown>>({
    method: 'POST',
    path: `/v1/documents/${enc(id)}:batchUpdate`,
    body: { requests },
  });
}

async function createDoc(ctx: CuratedContext, title: unknown) {
  const doc = await ctx.json<{ documentId: string; title: string }>({
    method: 'POST',
    path: '/v1/documents',
    body: { title: typeof title === 'string' && title ? title : 'Untitled document' },
  });
  return doc;
}

const createDocument = composite({
  slug: 'GOOGLEDOCS_CREATE_DOCUMENT',
  name: 'Create document',
  important: true,
  aliases: ['GOOGLEDOCS_CREATE_DOCUMENT2'],
  tags: ['googledocs', 'create', 'write'],
  description:
    'Create a Google Doc titled title holding the plain text text (optional; newlines start new paragraphs). For headings, lists and bold text use GOOGLEDOCS_CREATE_DOCUMENT_MARKDOWN. Returns document_id, title and document_url; add more with GOOGLEDOCS_INSERT_TEXT_ACTION.',
  input: params(
    {
      title: s.string('Document title (file name in Drive).', { examples: ['Meeting notes'] }),
      text: s.string('Initial plain text.'),
    },
    ['title'],
  ),
  output: DOC_OUT,
  async run(ctx, a) {
    const doc = await createDoc(ctx, a.title);
    if (typeof a.text === 'string' && a.text)
      await batch(ctx, doc.documentId, [{ insertText: { location: { index: 1 }, text: a.text } }]);
    return {
      document_id: doc.documentId,
      title: doc.title,
      document_url: docUrl(doc.documentId),
      documentId: doc.documentId,
    };
  },
});

const createMarkdown = composite({
  slug: 'GOOGLEDOCS_CREATE_DOCUMENT_MARKDOWN',
  name: 'Create document from Markdown',
  important: true,
  tags: ['googledocs', 'create', 'write', 'markdown'],
  description:
    'Create a Google Doc titled title from markdown_text: # headings become Heading 1-3, - and 1. lists become real bulleted and numbered lists, > quotes are indented, ``` code is monospace, and **bold**, *italic*, ~~strike~~, `code` and [links](url) keep their style. Returns document_id, title and document_url.',
  input: params(
    {
      title: s.string('Document title.'),
      markdown_text: s.string('Content in Markdown.', {
        examples: ['# Plan\n\n- **Ship** v2\n- Write [docs](https://example.com)'],
      }),
    },
    ['title'],
  ),
  output: DOC_OUT,
  async run(ctx, a) {
    const doc = await createDoc(ctx, a.title);
    await batch(ctx, doc.documentId, markdownRequests(String(a.markdown_text ?? '')).requests);
    return {
      document_id: doc.documentId,
      title: doc.title,
      document_url: docUrl(doc.documentId),
      documentId: doc.documentId,
    };
  },
});

const updateMarkdown = composite({
  slug: 'GOOGLEDOCS_UPDATE_DOCUMENT_MARKDOWN',
  name: 'Replace document with Markdown',
  tags: ['googledocs', 'write', 'markdown'],
  description:
    'Replace the whole body of an existing Google Doc with new_markdown_text, formatted as in GOOGLEDOCS_CREATE_DOCUMENT_MARKDOWN. Everything in the body is removed first. Returns document_id and the batchUpdate replies.',
  input: params({ document_id: DOC_ID, new_markdown_text: s.string('The new content in Markdown.') }, [
    'document_id',
    'new_markdown_text',
  ]),
  normalize: acceptCamel(['document_id']),
  async run(ctx, a) {
    const id = String(a.document_id);
    const end = endIndex(await getDoc(ctx, id));
    const reqs: unknown[] = end > 1 ? [{ deleteContentRange: { range: { startIndex: 1, endIndex: end } } }] : [];
    const res = await batch(ctx, id, [...reqs, ...markdownRequests(String(a.new_markdown_text)).requests]);
    return { document_id: id, replies: res.replies ?? [] };
  },
});

const sectionMarkdown = composite({
  slug: 'GOOGLEDOCS_UPDATE_DOCUMENT_SECTION_MARKDOWN',
  name: 'Insert or replace a section with Markdown',
  tags: ['googledocs', 'write', 'markdown'],
  description:
    'Put Markdown into part of a document: it is inserted at start_index, replacing start_index..end_index when end_index is given. Find indexes with GOOGLEDOCS_GET_DOCUMENT_BY_ID (startIndex/endIndex of paragraphs). Returns document_id and the replies.',
  input: params(
    {
      document_id: DOC_ID,
      start_index: INDEX('Where the section starts'),
      end_index: INDEX('Where the replaced part ends (exclusive)'),
      markdown_text: s.string('Section content in Markdown.'),
    },
    ['document_id', 'start_index', 'markdown_text'],
  ),
  normalize: acceptCamel(['document_id', 'start_index', 'end_index']),
  async run(ctx, a) {
    const id = String(a.document_id);
    const start = Number(a.start_index);
    const reqs: unknown[] = [];
    if (a.end_index !== undefined) {
      if (Number(a.end_index) <= start) throw new ToolArgumentError('end_index must be greater than start_index');
      reqs.push({ deleteContentRange: { range: { startIndex: start, endIndex: Number(a.end_index) } } });
    }
    const res = await batch(ctx, id, [...reqs, ...markdownRequests(String(a.markdown_text), start).requests]);
    return { document_id: id, replies: res.replies ?? [] };
  },
});

const plainText = composite({
  slug: 'GOOGLEDOCS_GET_DOCUMENT_PLAINTEXT',
  name: 'Read document as text',
  important: true,
  tags: ['googledocs', 'read'],
  description:
    'Read a Google Doc as plain text: paragraphs in order, list items with bullets, tables as tab-separated rows; no Docs JSON to walk. Returns document_id, title and text. For indexes and styles use GOOGLEDOCS_GET_DOCUMENT_BY_ID.',
  input: params(
    {
      document_id: DOC_ID,
      include_tabs_content: s.boolean('Read every tab of a multi-tab document.', { default: true }),
    },
    ['document_id'],
  ),
  output: params({ document_id: s.string('Document id'), title: s.string('Title'), text: s.string('The text') }),
  normalize: acceptCamel(['document_id']),
  async run(ctx, a) {
    const id = String(a.document_id);
    const doc = await ctx.json<Record<string, any>>({
      method: 'GET',
      path: `/v1/documents/${enc(id)}`,
      query: { includeTabsContent: a.include_tabs_content === false ? undefined : true },
    });
    return { document_id: id, title: doc.title, text: documentText(doc), revision_id: doc.revisionId };
  },
});

const getById = composite({
  slug: 'GOOGLEDOCS_GET_DOCUMENT_BY_ID',
  name: 'Get document',
  important: true,
  tags: ['googledocs', 'read'],
  description:
    "Get a Google Doc's full structure (Docs API JSON): title, body.content with every paragraph's startIndex/endIndex and text runs, styles, lists, headers and footers. Use it to find indexes for insert/delete tools; to just read the words use GOOGLEDOCS_GET_DOCUMENT_PLAINTEXT.",
  input: params({ id: DOC_ID }, ['id']),
  normalize: (a) =>
    a.id === undefined && a.document_id !== undefined ? { ...a, id: a.document_id, document_id: undefined } : a,
  run: (ctx, a) => getDoc(ctx, String(a.id)),
});

const endIdx = composite({
  slug: 'GOOGLEDOCS_GET_DOCUMENT_END_INDEX',
  name: 'Get document end index',
  tags: ['googledocs', 'read'],
  description:
    'Where the body of a document ends: end_index (the last valid insertion index, before the final newline) and the paragraphs with their start and end indexes, for choosing insertion points.',
  input: params({ document_id: DOC_ID }, ['document_id']),
  normalize: acceptCamel(['document_id']),
  async run(ctx, a) {
    const doc = await getDoc(ctx, String(a.document_id));
    const paragraphs = ((doc.body?.content ?? []) as Record<string, any>[])
      .filter((c) => c.paragraph)
      .map((c) => ({
        start_index: c.startIndex ?? 0,
        end_index: c.endIndex,
        text: (c.paragraph.elements ?? []).map((e: any) => e.textRun?.content ?? '').join(''),
      }));
    return { document_id: a.document_id, end_index: endIndex(doc), paragraphs };
  },
});

const insertText = composite({
  slug: 'GOOGLEDOCS_INSERT_TEXT_ACTION',
  name: 'Insert text',
  important: true,
  tags: ['googledocs', 'write'],
  description:
    'Insert text_to_insert into a document: append_to_end=true adds it at the end (the safe choice), or give insertion_index (inside an existing paragraph; 1 is the very start). Start the text with \\n to make it a new paragraph. Returns document_id and the index used.',
  input: params(
    {
      document_id: DOC_ID,
      text_to_insert: s.string('Text to insert.'),
      insertion_index: INDEX('Where to insert'),
      append_to_end: s.boolean('Insert at the end of the body.', { default: false }),
    },
    ['document_id', 'text_to_insert'],
  ),
  normalize: acceptCamel(['document_id', 'text_to_insert', 'insertion_index', 'append_to_end']),
  async run(ctx, a) {
    const id = String(a.document_id);
    const text = String(a.text_to_insert);
    if (!text) throw new ToolArgumentError('text_to_insert is empty');
    let req: Record<string, unknown>;
    let index: number | null = null;
    if (a.append_to_end || a.insertion_index === undefined) req = { insertText: { endOfSegmentLocation: {}, text } };
    else {
      index = Number(a.insertion_index);
      req = { insertText: { location: { index }, text } };
    }
    const res = await batch(ctx, id, [req]);
    return { document_id: id, insertion_index: index, appended: index === null, replies: res.replies ?? [] };
  },
});

const replaceAll = composite({
  slug: 'GOOGLEDOCS_REPLACE_ALL_TEXT',
  name: 'Replace all text',
  important: true,
  tags: ['googledocs', 'write', 'replace'],
  description:
    'Replace every occurrence of find_text with replace_text throughout a document (templates: {{name}} → Ana). match_case makes it case-sensitive. Returns occurrences_changed.',
  input: params(
    {
      document_id: DOC_ID,
      find_text: s.string('Text to find.'),
      replace_text: s.string('Replacement (empty string removes).'),
      match_case: s.boolean('Case-sensitive.', { default: true }),
      tab_ids: s.strings('Only these tabs.'),
    },
    ['document_id', 'find_text', 'replace_text'],
  ),
  normalize: acceptCamel(['document_id', 'find_text', 'replace_text', 'match_case']),
  async run(ctx, a) {
    const id = String(a.document_id);
    if (!a.find_text) throw new ToolArgumentError('find_text is empty');
    const req: Record<string, unknown> = {
      containsText: { text: a.find_text, matchCase: a.match_case !== false },
      replaceText: a.replace_text ?? '',
    };
    if (Array.isArray(a.tab_ids) && a.tab_ids.length) req.tabsCriteria = { tabIds: a.tab_ids };
    const res = await batch(ctx, id, [{ replaceAllText: req }]);
    const changed =
      ((res.replies as { replaceAllText?: { occurrencesChanged?: number } }[] | undefined) ?? [])[0]?.replaceAllText
        ?.occurrencesChanged ?? 0;
    return { document_id: id, occurrences_changed: changed, replies: res.replies ?? [] };
  },
});

const rawBatch = (
  slug: string,
  arg: string,
  description: string,
  extra: Partial<{ aliases: string[]; deprecated: boolean }> = {},
) =>
  composite({
    slug,
    name: 'Apply batchUpdate requests',
    tags: ['googledocs', 'write', 'batch'],
    ...extra,
    description,
    input: params(
      {
        document_id: DOC_ID,
        [arg]: s.array(
          s.object({}, 'One Docs request, e.g. {"insertText": {...}}'),
          'Docs API batchUpdate requests, applied in order, all or nothing.',
        ),
      },
      ['document_id', arg],
    ),
    normalize: acceptCamel(['document_id']),
    async run(ctx, a) {
      const reqs = a[arg];
      if (!Array.isArray(reqs) || !reqs.length)
        throw new ToolArgumentError(`${arg} must be a non-empty list of requests`);
      return batch(ctx, String(a.document_id), reqs);
    },
  });

/** One batchUpdate request built from flat arguments. */
function docOp(def: {
  slug: string;
  name: string;
  description: string;
  input: Record<string, unknown>;
  required?: string[];
  request: (a: Record<string, unknown>) => unknown;
  reply?: string;
}): CuratedTool {
  return composite({
    slug: def.slug,
    name: def.name,
    description: def.description,
    tags: ['googledocs', 'write'],
    input: params({ document_id: DOC_ID, ...def.input }, ['document_id', ...(def.required ?? [])]),
    normalize: acceptCamel(['document_id', ...Object.keys(def.input)]),
    async run(ctx, a) {
      const res = await batch(ctx, String(a.document_id), [def.request(a)]);
      const reply = ((res.replies as Record<string, unknown>[] | undefined) ?? [])[0];
      return {
        document_id: a.document_id,
        ...(def.reply && reply ? ((reply[def.reply] as Record<string, unknown>) ?? {}) : {}),
        replies: res.replies ?? [],
      };
    },
  });
}

const loc = (a: Record<string, unknown>, key = 'index') =>
  a[key] !== undefined
    ? { location: { index: a[key], ...(a.segment_id ? { segmentId: a.segment_id } : {}) } }
    : { endOfSegmentLocation: a.segment_id ? { segmentId: a.segment_id } : {} };
const cell = (a: Record<string, unknown>) => ({
  tableStartLocation: { index: a.table_start_index },
  rowIndex: a.row_index ?? 0,
  columnIndex: a.column_index ?? 0,
});
const TABLE_CELL = {
  table_start_index: s.integer('startIndex of the table (from GOOGLEDOCS_GET_DOCUMENT_BY_ID).'),
  row_index: s.integer('Zero-based row.', { default: 0 }),
  column_index: s.integer('Zero-based column.', { default: 0 }),
};
const RANGE = {
  start_index: INDEX('Start'),
  end_index: INDEX('End (exclusive)'),
  segment_id: s.string('Header/footer/footnote id (omit for the body).'),
};
const range = (a: Record<string, unknown>) => {
  if (Number(a.end_index) <= Number(a.start_index))
    throw new ToolArgumentError('end_index must be greater than start_index');
  return { startIndex: a.start_index, endIndex: a.end_index, ...(a.segment_id ? { segmentId: a.segment_id } : {}) };
};

const ops: CuratedTool[] = [
  docOp({
    slug: 'GOOGLEDOCS_DELETE_CONTENT_RANGE',
    name: 'Delete content range',
    input: RANGE,
    required: ['start_index', 'end_index'],
    description:
      "Delete the content between start_index and end_index (exclusive). The body's final newline cannot be deleted, so end before it.",
    request: (a) => ({ deleteContentRange: { range: range(a) } }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_INSERT_PAGE_BREAK',
    name: 'Insert page break',
    input: { index: INDEX('Where (omit for the end)') },
    description: 'Insert a page break at index, or at the end of the body when index is omitted.',
    request: (a) => ({ insertPageBreak: loc(a) }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_INSERT_TABLE_ACTION',
    name: 'Insert table',
    input: {
      rows: s.integer('Rows.', { minimum: 1 }),
      columns: s.integer('Columns.', { minimum: 1 }),
      index: INDEX('Where (omit for the end)'),
      segment_id: s.string('Segment id (omit for the body).'),
    },
    required: ['rows', 'columns'],
    description:
      'Insert an empty table of rows x columns at index or at the end. Fill cells with GOOGLEDOCS_INSERT_TEXT_ACTION at the cell indexes shown by GOOGLEDOCS_GET_DOCUMENT_BY_ID.',
    request: (a) => ({ insertTable: { rows: a.rows, columns: a.columns, ...loc(a) } }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_INSERT_INLINE_IMAGE',
    name: 'Insert image',
    input: {
      uri: s.string('Public image URL (PNG, JPEG or GIF, under 50 MB).'),
      index: INDEX('Where (omit for the end)'),
      width_pt: s.number('Width in points.'),
      height_pt: s.number('Height in points.'),
    },
    required: ['uri'],
    reply: 'insertInlineImage',
    description:
      'Insert an image from a public URL at index (or the end), optionally sized in points. Returns objectId of the image.',
    request: (a) => ({
      insertInlineImage: {
        uri: a.uri,
        ...loc(a),
        ...(a.width_pt || a.height_pt
          ? {
              objectSize: {
                width: a.width_pt ? { magnitude: a.width_pt, unit: 'PT' } : undefined,
                height: a.height_pt ? { magnitude: a.height_pt, unit: 'PT' } : undefined,
              },
            }
          : {}),
      },
    }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_REPLACE_IMAGE',
    name: 'Replace image',
    input: {
      image_object_id: s.string('objectId of the image.'),
      uri: s.string('New image URL.'),
      image_replace_method: s.string('CENTER_CROP or CENTER_INSIDE.', { default: 'CENTER_CROP' }),
    },
    required: ['image_object_id', 'uri'],
    description:
      'Swap an existing image (image_object_id from GOOGLEDOCS_GET_DOCUMENT_BY_ID inlineObjects) for a new image URL.',
    request: (a) => ({
      replaceImage: {
        imageObjectId: a.image_object_id,
        uri: a.uri,
        imageReplaceMethod: a.image_replace_method ?? 'CENTER_CROP',
      },
    }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_CREATE_PARAGRAPH_BULLETS',
    name: 'Make a list',
    input: {
      ...RANGE,
      bullet_preset: s.string('Bullet style, e.g. BULLET_DISC_CIRCLE_SQUARE or NUMBERED_DECIMAL_ALPHA_ROMAN.', {
        default: 'BULLET_DISC_CIRCLE_SQUARE',
      }),
    },
    required: ['start_index', 'end_index'],
    description:
      'Turn the paragraphs overlapping start_index..end_index into a bulleted or numbered list (bullet_preset).',
    request: (a) => ({
      createParagraphBullets: { range: range(a), bulletPreset: a.bullet_preset ?? 'BULLET_DISC_CIRCLE_SQUARE' },
    }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_DELETE_PARAGRAPH_BULLETS',
    name: 'Remove list bullets',
    input: RANGE,
    required: ['start_index', 'end_index'],
    description: 'Remove bullets or numbering from the paragraphs in start_index..end_index (the text stays).',
    request: (a) => ({ deleteParagraphBullets: { range: range(a) } }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_CREATE_NAMED_RANGE',
    name: 'Create named range',
    input: {
      name: s.string('Name (1-256 characters).'),
      start_index: INDEX('Start'),
      end_index: INDEX('End (exclusive)'),
    },
    required: ['name', 'start_index', 'end_index'],
    reply: 'createNamedRange',
    description: 'Give a name to a part of the document for later lookup or replacement. Returns namedRangeId.',
    request: (a) => ({ createNamedRange: { name: a.name, range: range(a) } }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_DELETE_NAMED_RANGE',
    name: 'Delete named range',
    input: {
      named_range_id: s.string('Id of the named range.'),
      name: s.string('Or its name (deletes every range with it).'),
    },
    description: 'Remove a named range (by named_range_id or name); the text stays.',
    request: (a) => {
      if (!a.named_range_id && !a.name) throw new ToolArgumentError('give named_range_id or name');
      return { deleteNamedRange: a.named_range_id ? { namedRangeId: a.named_range_id } : { name: a.name } };
    },
  }),
  docOp({
    slug: 'GOOGLEDOCS_CREATE_FOOTER',
    name: 'Create footer',
    input: {
      type: s.string('Footer type.', { default: 'DEFAULT' }),
      section_break_index: s.integer('Index of a section break to attach it to (omit for the document).'),
    },
    reply: 'createFooter',
    description:
      'Add a footer to the document (or a section). Returns footerId; write into it with GOOGLEDOCS_INSERT_TEXT_ACTION-style requests using that segment id.',
    request: (a) => ({
      createFooter: {
        type: a.type ?? 'DEFAULT',
        ...(a.section_break_index !== undefined ? { sectionBreakLocation: { index: a.section_break_index } } : {}),
      },
    }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_DELETE_FOOTER',
    name: 'Delete footer',
    input: { footer_id: s.string('Footer id.') },
    required: ['footer_id'],
    description: 'Remove a footer by its id (document.footers keys).',
    request: (a) => ({ deleteFooter: { footerId: a.footer_id } }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_DELETE_HEADER',
    name: 'Delete header',
    input: { header_id: s.string('Header id.') },
    required: ['header_id'],
    description: 'Remove a header by its id (document.headers keys).',
    request: (a) => ({ deleteHeader: { headerId: a.header_id } }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_CREATE_FOOTNOTE',
    name: 'Create footnote',
    input: { index: INDEX('Where the footnote mark goes (omit for the end)') },
    reply: 'createFootnote',
    description:
      'Insert a footnote mark at index (or the end). Returns footnoteId, whose segment takes the footnote text.',
    request: (a) => ({ createFootnote: loc(a) }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_INSERT_TABLE_ROW',
    name: 'Insert table row',
    input: { ...TABLE_CELL, insert_below: s.boolean("Below the cell's row (else above).", { default: true }) },
    required: ['table_start_index'],
    description: 'Add a row to a table next to the row of the given cell.',
    request: (a) => ({ insertTableRow: { tableCellLocation: cell(a), insertBelow: a.insert_below !== false } }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_INSERT_TABLE_COLUMN',
    name: 'Insert table column',
    input: { ...TABLE_CELL, insert_right: s.boolean("Right of the cell's column (else left).", { default: true }) },
    required: ['table_start_index'],
    description: 'Add a column to a table next to the column of the given cell.',
    request: (a) => ({ insertTableColumn: { tableCellLocation: cell(a), insertRight: a.insert_right !== false } }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_DELETE_TABLE_ROW',
    name: 'Delete table row',
    input: TABLE_CELL,
    required: ['table_start_index'],
    description: 'Delete the row of the given table cell.',
    request: (a) => ({ deleteTableRow: { tableCellLocation: cell(a) } }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_DELETE_TABLE_COLUMN',
    name: 'Delete table column',
    input: TABLE_CELL,
    required: ['table_start_index'],
    description: 'Delete the column of the given table cell.',
    request: (a) => ({ deleteTableColumn: { tableCellLocation: cell(a) } }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_UNMERGE_TABLE_CELLS',
    name: 'Unmerge table cells',
    input: {
      ...TABLE_CELL,
      row_span: s.integer('Rows covered.', { default: 1 }),
      column_span: s.integer('Columns covered.', { default: 1 }),
    },
    required: ['table_start_index'],
    description: 'Split merged cells in the block starting at the given cell.',
    request: (a) => ({
      unmergeTableCells: {
        tableRange: { tableCellLocation: cell(a), rowSpan: a.row_span ?? 1, columnSpan: a.column_span ?? 1 },
      },
    }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_UPDATE_TABLE_ROW_STYLE',
    name: 'Style table rows',
    input: {
      table_start_index: TABLE_CELL.table_start_index,
      row_indices: s.array({ type: 'integer' }, 'Rows to style (all when omitted).'),
      min_row_height_pt: s.number('Minimum height in points.'),
      prevent_overflow: s.boolean('Keep rows on one page.'),
      table_header: s.boolean('Repeat as header row.'),
    },
    required: ['table_start_index'],
    description: 'Set minimum height, header repetition or overflow of table rows.',
    request: (a) => {
      const style: Record<string, unknown> = {};
      if (a.min_row_height_pt !== undefined) style.minRowHeight = { magnitude: a.min_row_height_pt, unit: 'PT' };
      if (a.prevent_overflow !== undefined) style.preventOverflow = a.prevent_overflow;
      if (a.table_header !== undefined) style.tableHeader = a.table_header;
      if (!Object.keys(style).length)
        throw new ToolArgumentError('give min_row_height_pt, prevent_overflow or table_header');
      return {
        updateTableRowStyle: {
          tableStartLocation: { index: a.table_start_index },
          rowIndices: a.row_indices,
          tableRowStyle: style,
          fields: Object.keys(style).join(','),
        },
      };
    },
  }),
  docOp({
    slug: 'GOOGLEDOCS_UPDATE_DOCUMENT_STYLE',
    name: 'Update page setup',
    input: {
      document_style: s.object({}, 'DocumentStyle fields, e.g. {"marginTop": {"magnitude": 36, "unit": "PT"}}.'),
      fields: s.string('Field mask (default: the keys given).'),
    },
    required: ['document_style'],
    description: 'Change page size, margins, background or page-number start of the whole document.',
    request: (a) => ({
      updateDocumentStyle: {
        documentStyle: a.document_style,
        fields: a.fields ?? Object.keys(a.document_style as object).join(','),
      },
    }),
  }),
  // document tabs: each is one batchUpdate request (addDocumentTab, deleteTab, updateDocumentTabProperties)
  docOp({
    slug: 'GOOGLEDOCS_CREATE_TAB',
    name: 'Create tab',
    input: {
      title: s.string('Title of the new tab.'),
      parent_tab_id: s.string('Nest the tab under this tab (omit for a top-level tab).'),
      index: s.integer('Zero-based position among its sibling tabs (omit for the end).'),
      icon_emoji: s.string('An emoji shown beside the title.'),
    },
    reply: 'addDocumentTab',
    description:
      'Add a tab to a document, at the top level or under parent_tab_id. Returns tabProperties with the new tabId; write into the tab with the text tools and its tab id.',
    request: (a) => ({ addDocumentTab: { tabProperties: tabProps(a) } }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_DELETE_TAB',
    name: 'Delete tab',
    input: { tab_id: s.string('Id of the tab to delete (from GOOGLEDOCS_GET_DOCUMENT_BY_ID with tabs).') },
    required: ['tab_id'],
    description: 'Delete a tab of a document with its content and all its child tabs. Irreversible.',
    request: (a) => ({ deleteTab: { tabId: a.tab_id } }),
  }),
  docOp({
    slug: 'GOOGLEDOCS_UPDATE_TAB_PROPERTIES',
    name: 'Update tab properties',
    input: {
      tab_id: s.string('Id of the tab to change.'),
      title: s.string('New title.'),
      parent_tab_id: s.string('Move the tab under this tab.'),
      index: s.integer('New zero-based position among its sibling tabs.'),
      icon_emoji: s.string('New emoji.'),
      fields: s.string('Field mask (default: the properties given).'),
    },
    required: ['tab_id'],
    description:
      'Rename a tab, move it, or change its emoji. Only the properties given change (or those named in fields).',
    request: (a) => {
      const props = tabProps(a);
      const fields = a.fields ?? Object.keys(props).join(',');
      if (!fields) throw new ToolArgumentError('give at least one of title, parent_tab_id, index, icon_emoji');
      return { updateDocumentTabProperties: { tabProperties: { tabId: a.tab_id, ...props }, fields } };
    },
  }),
];

/** Docs' TabProperties from flat arguments: only those given. */
function tabProps(a: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (a.title !== undefined) out.title = a.title;
  if (a.parent_tab_id !== undefined) out.parentTabId = a.parent_tab_id;
  if (a.index !== undefined) out.index = a.index;
  if (a.icon_emoji !== undefined) out.iconEmoji = a.icon_emoji;
  return out;
}

const createHeader = composite({
  slug: 'GOOGLEDOCS_CREATE_HEADER',
  name: 'Create header',
  tags: ['googledocs', 'write'],
  description: 'Add a header to the document, optionally with text in it. Returns header_id.',
  input: params(
    {
      document_id: DOC_ID,
      type: s.string('Header type.', { default: 'DEFAULT' }),
      text: s.string('Text to put in the header.'),
      section_break_index: s.integer('Section break index for a section header.'),
    },
    ['document_id'],
  ),
  normalize: acceptCamel(['document_id']),
  async run(ctx, a) {
    const id = String(a.document_id);
    const res = await batch(ctx, id, [
      {
        createHeader: {
          type: a.type ?? 'DEFAULT',
          ...(a.section_break_index !== undefined ? { sectionBreakLocation: { index: a.section_break_index } } : {}),
        },
      },
    ]);
    const headerId = ((res.replies as { createHeader?: { headerId?: string } }[] | undefined) ?? [])[0]?.createHeader
      ?.headerId;
    if (headerId && a.text)
      await batch(ctx, id, [{ insertText: { location: { segmentId: headerId, index: 0 }, text: a.text } }]);
    return { document_id: id, header_id: headerId ?? null };
  },
});

const copyDoc = composite({
  slug: 'GOOGLEDOCS_COPY_DOCUMENT',
  name: 'Copy document',
  tags: ['googledocs', 'create'],
  description:
    'Copy a document (a template, say) under a new title (default "Copy of …"), optionally into parent folder ids. Then fill placeholders with GOOGLEDOCS_REPLACE_ALL_TEXT. Returns document_id, title and document_url of the copy.',
  input: params(
    { document_id: DOC_ID, title: s.string('Title of the copy.'), parents: s.strings('Folder ids to put it in.') },
    ['document_id'],
  ),
  output: DOC_OUT,
  normalize: acceptCamel(['document_id']),
  async run(ctx, a) {
    const body: Record<string, unknown> = {};
    if (a.title) body.name = a.title;
    if (a.parents) body.parents = a.parents;
    const f = await ctx.json<{ id: string; name: string }>({
      method: 'POST',
      url: `${DRIVE}/files/${enc(String(a.document_id))}/copy`,
      query: { supportsAllDrives: true, fields: 'id,name,parents' },
      body,
    });
    return { document_id: f.id, title: f.name, document_url: docUrl(f.id) };
  },
});

const exportPdf = composite({
  slug: 'GOOGLEDOCS_EXPORT_DOCUMENT_AS_PDF',
  name: 'Export as PDF',
  tags: ['googledocs', 'export'],
  description:
    'Export a Google Doc as a PDF (up to 10 MB, a Drive limit) into a staged file. Returns file {name, mimetype, s3url, size}; s3url is a signed, expiring download link.',
  input: params({ document_id: DOC_ID, filename: s.string('File name (default: the title + .pdf).') }, ['document_id']),
  normalize: (a) =>
    acceptCamel(['document_id'])(
      a.document_id === undefined && a.file_id !== undefined ? { ...a, document_id: a.file_id, file_id: undefined } : a,
    ),
  async run(ctx, a) {
    const id = String(a.document_id);
    const meta = await ctx.json<{ name?: string }>({
      method: 'GET',
      url: `${DRIVE}/files/${enc(id)}`,
      query: { fields: 'id,name,mimeType', supportsAllDrives: true },
    });
    const res = await ctx.call({
      method: 'GET',
      url: `${DRIVE}/files/${enc(id)}/export`,
      query: { mimeType: 'application/pdf' },
    });
    if (!res.ok || !res.binary)
      throw new ToolFailure(`Drive export failed (${res.status})`, {
        status_code: res.status,
        http_error: res.body ?? null,
      });
    const name = typeof a.filename === 'string' && a.filename ? a.filename : `${meta.name ?? id}.pdf`;
    return { file: await ctx.stageFile(res.binary, name, 'application/pdf') };
  },
});

const searchDocs = composite({
  slug: 'GOOGLEDOCS_SEARCH_DOCUMENTS',
  name: 'Find documents',
  important: true,
  tags: ['googledocs', 'search'],
  description:
    'Find Google Docs in Drive by words in the name (query), or in the content with search_in_content, optionally modified after a date, shared with the user or starred, newest first. Returns documents with id, name, modifiedTime and webViewLink; use id as document_id.',
  input: params({
    query: s.string('Words in the document name.'),
    search_in_content: s.boolean('Search the text too.', { default: false }),
    modified_after: s.string('RFC 3339 time.'),
    shared_with_me: s.boolean('Only shared with the user.'),
    starred_only: s.boolean('Only starred.'),
    include_trashed: s.boolean('Include trashed.', { default: false }),
    max_results: s.integer('Most results.', { default: 10, minimum: 1, maximum: 1000 }),
    order_by: s.string('Sort keys.', { default: 'modifiedTime desc' }),
    page_token: s.string('nextPageToken of the previous page.'),
  }),
  async run(ctx, a) {
    const found = await findWorkspaceFiles(ctx, a, {
      mimeType: 'application/vnd.google-apps.document',
      inContent: !!a.search_in_content,
      fields: 'id,name,modifiedTime,createdTime,webViewLink',
    });
    return { documents: found.files, total_found: found.files.length, nextPageToken: found.nextPageToken };
  },
});

const charts = composite({
  slug: 'GOOGLEDOCS_LIST_SPREADSHEET_CHARTS',
  name: 'List charts of a spreadsheet',
  tags: ['googledocs', 'charts'],
  description:
    'List the charts of a Google Sheets spreadsheet (spreadsheet_id) with chart_id, tab and title, to embed one in a document.',
  input: params({ spreadsheet_id: s.string('Spreadsheet id.') }, ['spreadsheet_id']),
  async run(ctx, a) {
    const ss = await ctx.json<{
      sheets?: {
        properties: { sheetId: number; title: string };
        charts?: { chartId: number; spec?: { title?: string } }[];
      }[];
    }>({
      method: 'GET',
      url: `https://sheets.googleapis.com/v4/spreadsheets/${enc(String(a.spreadsheet_id))}`,
      query: { fields: 'sheets(properties(sheetId,title),charts(chartId,spec(title)))' },
    });
    return {
      charts: (ss.sheets ?? []).flatMap((sh) =>
        (sh.charts ?? []).map((c) => ({
          chart_id: c.chartId,
          title: c.spec?.title ?? null,
          sheet_id: sh.properties.sheetId,
          sheet_title: sh.properties.title,
        })),
      ),
    };
  },
});

/** Start index of the content of a table cell (the first paragraph inside it). */
async function cellIndex(ctx: CuratedContext, id: string, a: Record<string, unknown>): Promise<number> {
  const doc = await getDoc(ctx, id);
  const content = (doc.body?.content ?? []) as Record<string, any>[];
  const table =
    a.table_start_index !== undefined
      ? content.find((c) => c.table && c.startIndex === a.table_start_index)
      : content.find((c) => c.table);
  if (!table)
    throw new ToolArgumentError(
      a.table_start_index !== undefined
        ? `no table starts at index ${String(a.table_start_index)}`
        : 'the document has no table',
    );
  const row = table.table.tableRows?.[Number(a.row_index ?? 0)];
  const cellEl = row?.tableCells?.[Number(a.column_index ?? 0)];
  if (!cellEl)
    throw new ToolArgumentError(
      `the table has no cell at row ${String(a.row_index ?? 0)}, column ${String(a.column_index ?? 0)}`,
    );
  return Number(cellEl.content?.[0]?.startIndex ?? cellEl.startIndex + 1);
}

const CELL_INPUT = {
  table_start_index: s.integer('startIndex of the table (omit for the first table).'),
  row_index: s.integer('Zero-based row.', { default: 0 }),
  column_index: s.integer('Zero-based column.', { default: 0 }),
};

const textInCell = composite({
  slug: 'GOOGLEDOCS_INSERT_TEXT_IN_TABLE_CELL',
  name: 'Write in a table cell',
  tags: ['googledocs', 'write', 'table'],
  description:
    'Insert text at the start of a table cell chosen by zero-based row_index and column_index (of the table starting at table_start_index, or the first table). Returns the index written at.',
  input: params({ document_id: DOC_ID, text: s.string('Text to insert.'), ...CELL_INPUT }, ['document_id', 'text']),
  normalize: acceptCamel(['document_id', 'table_start_index', 'row_index', 'column_index']),
  async run(ctx, a) {
    const id = String(a.document_id);
    const index = await cellIndex(ctx, id, a);
    const res = await batch(ctx, id, [{ insertText: { location: { index }, text: String(a.text) } }]);
    return { document_id: id, insertion_index: index, replies: res.replies ?? [] };
  },
});

/**
 * A table with its contents: insert the empty table, read the document back for the cells' indexes
 * (Docs lays them out), then fill every cell in one batchUpdate, last cell first so that earlier
 * indexes stay valid while text goes in.
 */
const tableWithData = composite({
  slug: 'GOOGLEDOCS_CREATE_AND_POPULATE_TABLE',
  name: 'Insert a filled table',
  tags: ['googledocs', 'write', 'table'],
  description:
    'Add a table at the end of a document and fill it: data is the rows of cell texts (the first row is usually the header); the table gets as many rows as data and as many columns as its longest row. Returns table_start_index (for the table-cell tools), rows and columns.',
  input: params(
    {
      document_id: DOC_ID,
      data: s.array(s.array({ type: 'string', description: 'Cell text' }, 'A row'), 'Rows of cell texts.'),
    },
    ['document_id', 'data'],
  ),
  normalize: (a) => {
    const b = acceptCamel(['document_id'])(a);
    // numbers and booleans are written as the text they show
    if (Array.isArray(b.data))
      b.data = b.data.map((row) =>
        Array.isArray(row) ? row.map((c) => (typeof c === 'number' || typeof c === 'boolean' ? String(c) : c)) : row,
      );
    return b;
  },
  async run(ctx, a) {
    const id = String(a.document_id);
    const data = a.data;
    if (!Array.isArray(data) || !data.length || !data.every(Array.isArray))
      throw new ToolArgumentError('data must be a non-empty list of rows, e.g. [["Name", "Qty"], ["Pen", "3"]]');
    const rows = data as unknown[][];
    const columns = Math.max(...rows.map((r) => r.length));
    if (columns < 1) throw new ToolArgumentError('data rows must hold at least one cell');
    if (rows.length * columns > 10000) throw new ToolArgumentError('a table holds at most 10,000 cells here');
    await batch(ctx, id, [{ insertTable: { rows: rows.length, columns, endOfSegmentLocation: {} } }]);
    const doc = await getDoc(ctx, id);
    interface Cell {
      startIndex: number;
      content?: { startIndex?: number }[];
    }
    interface Element {
      startIndex: number;
      table?: { tableRows?: { tableCells?: Cell[] }[] };
    }
    const tables = ((doc.body?.content ?? []) as Element[]).filter((c) => c.table);
    const table = tables.at(-1);
    if (!table) throw new ToolFailure('Docs did not show the inserted table', { document_id: id });
    const writes: { index: number; text: string }[] = [];
    rows.forEach((row, r) => {
      row.forEach((cell, c) => {
        const el = table.table?.tableRows?.[r]?.tableCells?.[c];
        const text = cell === null || cell === undefined ? '' : String(cell);
        if (el && text) writes.push({ index: Number(el.content?.[0]?.startIndex ?? el.startIndex + 1), text });
      });
    });
    writes.sort((x, y) => y.index - x.index);
    const res = await batch(
      ctx,
      id,
      writes.map((w) => ({ insertText: { location: { index: w.index }, text: w.text } })),
    );
    return {
      document_id: id,
      table_start_index: table.startIndex,
      rows: rows.length,
      columns,
      replies: res.replies ?? [],
    };
  },
});

const imageInCell = composite({
  slug: 'GOOGLEDOCS_INSERT_IMAGE_IN_TABLE_CELL',
  name: 'Put an image in a table cell',
  tags: ['googledocs', 'write', 'table', 'image'],
  description:
    'Insert an image from a public URL (uri) into a table cell chosen by zero-based row_index and column_index, optionally sized in points. Returns the new image objectId.',
  input: params(
    {
      document_id: DOC_ID,
      uri: s.string('Public image URL.'),
      ...CELL_INPUT,
      width_pt: s.number('Width in points.'),
      height_pt: s.number('Height in points.'),
    },
    ['document_id', 'uri'],
  ),
  normalize: acceptCamel(['document_id', 'table_start_index', 'row_index', 'column_index']),
  async run(ctx, a) {
    const id = String(a.document_id);
    const index = await cellIndex(ctx, id, a);
    const size =
      a.width_pt || a.height_pt
        ? {
            objectSize: {
              width: a.width_pt ? { magnitude: a.width_pt, unit: 'PT' } : undefined,
              height: a.height_pt ? { magnitude: a.height_pt, unit: 'PT' } : undefined,
            },
          }
        : {};
    const res = await batch(ctx, id, [{ insertInlineImage: { uri: a.uri, location: { index }, ...size } }]);
    const reply = ((res.replies as { insertInlineImage?: { objectId?: string } }[] | undefined) ?? [])[0]
      ?.insertInlineImage;
    return { document_id: id, insertion_index: index, object_id: reply?.objectId ?? null };
  },
});

export const googledocsTools: CuratedTool[] = [
  createDocument,
  createMarkdown,
  plainText,
  getById,
  insertText,
  replaceAll,
  updateMarkdown,
  sectionMarkdown,
  endIdx,
  createHeader,
  copyDoc,
  exportPdf,
  searchDocs,
  charts,
  textInCell,
  tableWithData,
  imageInCell,
  rawBatch(
    'GOOGLEDOCS_UPDATE_EXISTING_DOCUMENT',
    'editDocs',
    'Apply Docs API batchUpdate requests (editDocs) to a document in one all-or-nothing call: insertText, deleteContentRange, replaceAllText, updateTextStyle, updateParagraphStyle, createParagraphBullets, insertTable… Use for edits the specific tools do not cover. Returns the replies, one per request.',
  ),
  rawBatch(
    'GOOGLEDOCS_UPDATE_DOCUMENT_BATCH',
    'requests',
    'Older name for applying raw Docs batchUpdate requests (requests) to a document; prefer GOOGLEDOCS_UPDATE_EXISTING_DOCUMENT. Returns the replies.',
    { deprecated: true },
  ),
  ...ops,
];
