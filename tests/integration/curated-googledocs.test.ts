import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeDocs, type FakeDocs } from '../helpers/fake-docs';

// Curated Google Docs tools (lib/catalog/curated/googledocs.ts) through the real execute pipeline
// against a loopback Docs API that checks and applies every batchUpdate request.
let s: TestServer;
let docs: FakeDocs;
let account: string;

beforeAll(async () => {
  [s, docs] = await Promise.all([providerServer(), startFakeDocs()]);
  account = (
    await connectToFake(s, {
      toolkit: 'googledocs',
      authScheme: 'OAUTH2',
      val: { access_token: docs.token, base_url: docs.url },
      userId: 'docs-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), docs?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('curated Google Docs tools', () => {
  it('GOOGLEDOCS_CREATE_DOCUMENT creates the document then inserts the text at index 1', async () => {
    const r = await exec('GOOGLEDOCS_CREATE_DOCUMENT', { title: 'Notes', text: 'First line\nSecond line' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { title: 'Notes', document_url: expect.stringContaining('/document/d/') },
    });
    const id = r.body.data.document_id;
    expect(docs.batches.at(-1)).toEqual({
      id,
      requests: [{ insertText: { location: { index: 1 }, text: 'First line\nSecond line' } }],
    });
    const text = await exec('GOOGLEDOCS_GET_DOCUMENT_PLAINTEXT', { document_id: id });
    expect(text.body.data).toMatchObject({ title: 'Notes', text: 'First line\nSecond line\n' });
  });

  it('GOOGLEDOCS_CREATE_DOCUMENT_MARKDOWN: one insertText, heading/bold/link/code styles at the right indexes, real lists', async () => {
    const md = '# Plan\n\nShip **v2** with [docs](https://example.com) and `code`.\n\n- one\n- two\n\n1. first';
    const r = await exec('GOOGLEDOCS_CREATE_DOCUMENT_MARKDOWN', { title: 'Plan', markdown_text: md });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    const reqs = docs.batches.at(-1)!.requests;
    const full = 'Plan\nShip v2 with docs and code.\none\ntwo\nfirst\n';
    expect(reqs[0]).toEqual({ insertText: { location: { index: 1 }, text: full } });
    const at = (sub: string) => full.indexOf(sub) + 1;
    expect(reqs).toContainEqual({
      updateParagraphStyle: {
        range: { startIndex: 1, endIndex: 6 },
        paragraphStyle: { namedStyleType: 'HEADING_1' },
        fields: 'namedStyleType',
      },
    });
    expect(reqs).toContainEqual({
      updateTextStyle: {
        range: { startIndex: at('v2'), endIndex: at('v2') + 2 },
        textStyle: { bold: true },
        fields: 'bold',
      },
    });
    expect(reqs).toContainEqual({
      updateTextStyle: {
        range: { startIndex: at('docs'), endIndex: at('docs') + 4 },
        textStyle: { link: { url: 'https://example.com' } },
        fields: 'link',
      },
    });
    expect(reqs).toContainEqual({
      updateTextStyle: {
        range: { startIndex: at('code'), endIndex: at('code') + 4 },
        textStyle: { weightedFontFamily: { fontFamily: 'Courier New' } },
        fields: 'weightedFontFamily',
      },
    });
    expect(reqs).toContainEqual({
      createParagraphBullets: {
        range: { startIndex: at('one'), endIndex: at('first') },
        bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE',
      },
    });
    expect(reqs).toContainEqual({
      createParagraphBullets: {
        range: { startIndex: at('first'), endIndex: at('first') + 6 },
        bulletPreset: 'NUMBERED_DECIMAL_ALPHA_ROMAN',
      },
    });
    const text = await exec('GOOGLEDOCS_GET_DOCUMENT_PLAINTEXT', { document_id: r.body.data.document_id });
    // the new document's own empty paragraph stays after the inserted text
    expect(text.body.data.text).toBe('Plan\nShip v2 with docs and code.\n• one\n• two\n• first\n\n');
  });

  it("GOOGLEDOCS_INSERT_TEXT_ACTION appends at the end or inserts at an index; a bad index comes back as Docs' 400", async () => {
    const id = (await exec('GOOGLEDOCS_CREATE_DOCUMENT', { title: 'Log', text: 'abc' })).body.data.document_id;
    const end = await exec('GOOGLEDOCS_INSERT_TEXT_ACTION', {
      document_id: id,
      text_to_insert: '\nmore',
      append_to_end: true,
    });
    expect(end.body, JSON.stringify(end.body)).toMatchObject({ successful: true, data: { appended: true } });
    expect(docs.batches.at(-1)!.requests).toEqual([{ insertText: { endOfSegmentLocation: {}, text: '\nmore' } }]);
    await exec('GOOGLEDOCS_INSERT_TEXT_ACTION', { document_id: id, text_to_insert: 'X', insertion_index: 2 });
    expect(docs.docs.get(id)!.text).toBe('aXbc\nmore\n');
    const bad = await exec('GOOGLEDOCS_INSERT_TEXT_ACTION', {
      document_id: id,
      text_to_insert: 'Y',
      insertion_index: 500,
    });
    expect(bad.body).toMatchObject({ successful: false, data: { status_code: 400 } });
    expect(bad.body.error).toMatch(/end index/);
    expect((await exec('GOOGLEDOCS_INSERT_TEXT_ACTION', { document_id: id, text_to_insert: '' })).status).toBe(400);
  });

  it('GOOGLEDOCS_REPLACE_ALL_TEXT fills a copied template; GOOGLEDOCS_UPDATE_DOCUMENT_MARKDOWN replaces the body', async () => {
    const tpl = (await exec('GOOGLEDOCS_CREATE_DOCUMENT', { title: 'Template', text: 'Dear {{name}}, {{name}} wins.' }))
      .body.data.document_id;
    const copy = await exec('GOOGLEDOCS_COPY_DOCUMENT', { document_id: tpl, title: 'Letter to Ana' });
    expect(copy.body, JSON.stringify(copy.body)).toMatchObject({ successful: true, data: { title: 'Letter to Ana' } });
    const r = await exec('GOOGLEDOCS_REPLACE_ALL_TEXT', {
      document_id: copy.body.data.document_id,
      find_text: '{{name}}',
      replace_text: 'Ana',
    });
    expect(r.body.data.occurrences_changed).toBe(2);
    expect(docs.batches.at(-1)!.requests).toEqual([
      { replaceAllText: { containsText: { text: '{{name}}', matchCase: true }, replaceText: 'Ana' } },
    ]);
    expect(docs.docs.get(copy.body.data.document_id)!.text).toBe('Dear Ana, Ana wins.\n');
    expect(docs.docs.get(tpl)!.text).toBe('Dear {{name}}, {{name}} wins.\n');
    const up = await exec('GOOGLEDOCS_UPDATE_DOCUMENT_MARKDOWN', { document_id: tpl, new_markdown_text: '## Done' });
    expect(up.body.successful).toBe(true);
    expect(docs.batches.at(-1)!.requests.slice(0, 2)).toEqual([
      { deleteContentRange: { range: { startIndex: 1, endIndex: 30 } } },
      { insertText: { location: { index: 1 }, text: 'Done\n' } },
    ]);
    expect(docs.docs.get(tpl)!.text).toBe('Done\n\n');
  });

  it('flat-argument tools send one documented request; raw batchUpdate passes requests through', async () => {
    const id = (await exec('GOOGLEDOCS_CREATE_DOCUMENT', { title: 'T', text: 'hello world' })).body.data.document_id;
    const del = await exec('GOOGLEDOCS_DELETE_CONTENT_RANGE', { document_id: id, start_index: 6, end_index: 12 });
    expect(del.body.successful).toBe(true);
    expect(docs.docs.get(id)!.text).toBe('hello\n');
    expect(
      (await exec('GOOGLEDOCS_DELETE_CONTENT_RANGE', { document_id: id, start_index: 4, end_index: 2 })).status,
    ).toBe(400);
    await exec('GOOGLEDOCS_INSERT_TABLE_ACTION', { document_id: id, rows: 2, columns: 3 });
    expect(docs.batches.at(-1)!.requests).toEqual([{ insertTable: { rows: 2, columns: 3, endOfSegmentLocation: {} } }]);
    const raw = await exec('GOOGLEDOCS_UPDATE_EXISTING_DOCUMENT', {
      document_id: id,
      editDocs: [{ insertText: { location: { index: 1 }, text: '>> ' } }],
    });
    expect(raw.body.successful).toBe(true);
    expect(docs.docs.get(id)!.text).toBe('>> hello\n');
    const header = await exec('GOOGLEDOCS_CREATE_HEADER', { document_id: id, text: 'ACME' });
    expect(header.body.data.header_id).toBe('kix.header1');
    expect(docs.batches.at(-1)!.requests).toEqual([
      { insertText: { location: { segmentId: 'kix.header1', index: 0 }, text: 'ACME' } },
    ]);
  });

  it('tab tools send addDocumentTab, deleteTab and updateDocumentTabProperties with only the properties given', async () => {
    const id = (await exec('GOOGLEDOCS_CREATE_DOCUMENT', { title: 'Tabs', text: 'x' })).body.data.document_id;
    const created = await exec('GOOGLEDOCS_CREATE_TAB', { document_id: id, title: 'Notes', index: 1 });
    expect(created.body, JSON.stringify(created.body)).toMatchObject({
      successful: true,
      data: { document_id: id, tabProperties: { title: 'Notes', index: 1 } },
    });
    expect(docs.batches.at(-1)!.requests).toEqual([
      { addDocumentTab: { tabProperties: { title: 'Notes', index: 1 } } },
    ]);
    const tabId = created.body.data.tabProperties.tabId as string;
    expect(tabId).toMatch(/^t\./);
    const renamed = await exec('GOOGLEDOCS_UPDATE_TAB_PROPERTIES', { documentId: id, tabId, title: 'Minutes' });
    expect(renamed.body.successful, JSON.stringify(renamed.body)).toBe(true);
    expect(docs.batches.at(-1)!.requests).toEqual([
      { updateDocumentTabProperties: { tabProperties: { tabId, title: 'Minutes' }, fields: 'title' } },
    ]);
    // nothing to change is a 400 before any request
    const before = docs.batches.length;
    expect((await exec('GOOGLEDOCS_UPDATE_TAB_PROPERTIES', { document_id: id, tab_id: tabId })).status).toBe(400);
    expect(docs.batches.length).toBe(before);
    const gone = await exec('GOOGLEDOCS_DELETE_TAB', { document_id: id, tab_id: tabId });
    expect(gone.body.successful, JSON.stringify(gone.body)).toBe(true);
    expect(docs.batches.at(-1)!.requests).toEqual([{ deleteTab: { tabId } }]);
    expect((await exec('GOOGLEDOCS_DELETE_TAB', { document_id: id })).status).toBe(400);
  });

  it('GOOGLEDOCS_CREATE_AND_POPULATE_TABLE inserts the table, reads its cell indexes and fills them last first', async () => {
    const id = (await exec('GOOGLEDOCS_CREATE_DOCUMENT', { title: 'Stock', text: 'Items' })).body.data.document_id;
    const r = await exec('GOOGLEDOCS_CREATE_AND_POPULATE_TABLE', {
      documentId: id,
      data: [['Item', 'Qty'], ['Pen', 3], ['Ink']],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { rows: 3, columns: 2 } });
    const doc = docs.docs.get(id)!;
    const S = doc.table!.startIndex;
    expect(r.body.data.table_start_index).toBe(S);
    const [insert, fill] = docs.batches.slice(-2);
    expect(insert!.requests).toEqual([{ insertTable: { rows: 3, columns: 2, endOfSegmentLocation: {} } }]);
    // cell (r, c) starts at S + 3 + r * 5 + 2c; the filled cells go in from the last one back
    expect(fill!.requests).toEqual([
      { insertText: { location: { index: S + 13 }, text: 'Ink' } },
      { insertText: { location: { index: S + 10 }, text: '3' } },
      { insertText: { location: { index: S + 8 }, text: 'Pen' } },
      { insertText: { location: { index: S + 5 }, text: 'Qty' } },
      { insertText: { location: { index: S + 3 }, text: 'Item' } },
    ]);
    expect(doc.cells!.get(S + 10)).toBe('3');
    expect((await exec('GOOGLEDOCS_CREATE_AND_POPULATE_TABLE', { document_id: id, data: [] })).status).toBe(400);
  });

  it("GOOGLEDOCS_INSERT_TEXT_IN_TABLE_CELL finds the cell's index in the document structure", async () => {
    const id = (await exec('GOOGLEDOCS_CREATE_DOCUMENT', { title: 'Grid', text: '0123456789abcdefghij' })).body.data
      .document_id;
    docs.docs.get(id)!.table = {
      startIndex: 3,
      cellStarts: [
        [5, 8],
        [11, 14],
      ],
    };
    const r = await exec('GOOGLEDOCS_INSERT_TEXT_IN_TABLE_CELL', {
      document_id: id,
      row_index: 1,
      column_index: 1,
      text: '#',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { insertion_index: 14 } });
    expect(docs.batches.at(-1)!.requests).toEqual([{ insertText: { location: { index: 14 }, text: '#' } }]);
    expect(
      (await exec('GOOGLEDOCS_INSERT_TEXT_IN_TABLE_CELL', { document_id: id, row_index: 5, text: 'x' })).status,
    ).toBe(400);
  });
});
