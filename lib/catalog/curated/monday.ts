/**
 * monday.com work management in the hosted vocabulary, through its GraphQL API
 * (https://api.monday.com/v2, API version pinned by header). Every tool is one document of the
 * GraphQL tool kind (graphql.ts). monday ids are `ID` scalars (large numbers, sent as strings);
 * column values are a JSON scalar, so objects given for `column_values` / `value` are sent
 * JSON-encoded as monday expects. OAuth tokens and personal API tokens both go in the
 * Authorization header as they are.
 */
import { composite, params, s } from './define';
import { graphql, runGraphql } from './graphql';
import { field, oauth2Scheme, CATEGORIES, standaloneToolkit } from './toolkit-def';
import type { AuthSchemeDef } from '../types';
import type { CuratedTool } from './types';

type Args = Record<string, unknown>;
const PATH = '/v2';

const id = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
const ids = (v: unknown) => (Array.isArray(v) ? v.map((x) => String(x)) : v === undefined ? undefined : [String(v)]);
/** monday's JSON scalar: a JSON-encoded string; strings given by the caller are taken as already encoded */
const json = (v: unknown) =>
  v === undefined || v === null ? undefined : typeof v === 'string' ? v : JSON.stringify(v);

const BOARD_ID = s.integer('Board id (from MONDAY_LIST_BOARDS)');
const ITEM_ID = s.integer('Item id (from MONDAY_LIST_BOARD_ITEMS or MONDAY_ITEMS_PAGE)');
const GROUP_ID = s.string('Group id, a string such as topics or new_group_1234 (from MONDAY_LIST_GROUPS)');
const COLUMN_ID = s.string('Column id such as status or date4 (from MONDAY_LIST_COLUMNS), not its title');
const INTS = (what: string) => s.array(s.integer('Id'), what);
const LIMIT = (n: number) => s.integer(`How many per page (default ${n})`, { default: n });
const PAGE = s.integer('Page number, from 1', { default: 1 });
const STATE = s.enum(['active', 'archived', 'deleted', 'all'], 'Which boards by state (default active)');

const BOARD_FIELDS = 'id name state board_kind description workspace_id items_count updated_at url';
const ITEM_FIELDS = 'id name state created_at updated_at group { id title } column_values { id type text value }';
const first = (key: string) => (d: Args) => {
  const list = (d.boards as Args[] | undefined) ?? [];
  return { [key]: list[0]?.[key] ?? [] };
};
const field1 =
  (name: string, as = name) =>
  (d: Args) => ({ [as]: d[name] ?? null });

/** monday ids are large integers; agents often pass them as strings, which the schema folds back here. */
const ID_ARGS = [
  'board_id',
  'item_id',
  'workspace_id',
  'folder_id',
  'template_id',
  'board_ids',
  'user_ids',
  'parent_item_ids',
];
function numericIds(a: Args): Args {
  const num = (v: unknown) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v);
  const out = { ...a };
  for (const k of ID_ARGS)
    if (out[k] !== undefined) out[k] = Array.isArray(out[k]) ? (out[k] as unknown[]).map(num) : num(out[k]);
  return out;
}

const tools: CuratedTool[] = [
  graphql({
    slug: 'MONDAY_LIST_BOARDS',
    name: 'List boards',
    important: true,
    tags: ['monday', 'boards'],
    description:
      'List the boards the user can see (id, name, kind, workspace, item count), a page at a time. Find a board id by name here before working with its items.',
    input: params({ limit: LIMIT(25), page: PAGE, state: STATE }),
    document: `query Boards($limit: Int, $page: Int, $state: State) { boards(limit: $limit, page: $page, state: $state) { ${BOARD_FIELDS} } }`,
    variables: (a) => ({ limit: a.limit ?? 25, page: a.page ?? 1, state: a.state }),
    pick: field1('boards'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_BOARDS',
    name: 'Get boards with details',
    tags: ['monday', 'boards'],
    description:
      'Boards with their structure: groups, columns (id, title, type, settings) and owners. Give board_ids for specific boards, or filter by kind and state.',
    input: params({
      board_ids: INTS('Board ids'),
      board_kind: s.enum(['public', 'private', 'share'], 'Only boards of this kind'),
      limit: LIMIT(25),
      page: PAGE,
      state: STATE,
    }),
    document:
      'query BoardDetails($ids: [ID!], $board_kind: BoardKind, $limit: Int, $page: Int, $state: State) { boards(ids: $ids, board_kind: $board_kind, limit: $limit, page: $page, state: $state) { ' +
      `${BOARD_FIELDS} owners { id name } groups { id title color position } columns { id title type settings_str } } }`,
    variables: (a) => ({
      ids: ids(a.board_ids),
      board_kind: a.board_kind,
      limit: a.limit ?? 25,
      page: a.page ?? 1,
      state: a.state,
    }),
    pick: field1('boards'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_CREATE_BOARD',
    name: 'Create board',
    important: true,
    tags: ['monday', 'boards'],
    description:
      'Create a board with a name and kind (public, private or share), optionally in a workspace and folder or from a template. Returns the board with its id; add columns and groups next.',
    input: params(
      {
        board_name: s.string('Board name'),
        board_kind: s.enum(['public', 'private', 'share'], 'Who can see the board'),
        workspace_id: s.integer('Workspace id (MONDAY_GET_WORKSPACES); the main workspace when omitted'),
        folder_id: s.integer('Folder id inside that workspace'),
        template_id: s.integer('Board template id to copy'),
        description: s.string('Board description'),
      },
      ['board_name', 'board_kind'],
    ),
    document:
      'mutation CreateBoard($board_name: String!, $board_kind: BoardKind!, $workspace_id: ID, $folder_id: ID, $template_id: ID, $description: String) { ' +
      `create_board(board_name: $board_name, board_kind: $board_kind, workspace_id: $workspace_id, folder_id: $folder_id, template_id: $template_id, description: $description) { ${BOARD_FIELDS} } }`,
    variables: (a) => ({
      board_name: a.board_name,
      board_kind: a.board_kind,
      workspace_id: id(a.workspace_id),
      folder_id: id(a.folder_id),
      template_id: id(a.template_id),
      description: a.description,
    }),
    pick: field1('create_board', 'board'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_UPDATE_BOARD',
    name: 'Update board',
    tags: ['monday', 'boards'],
    description: "Change a board's name, description or communication setting. Returns monday's JSON answer.",
    input: params(
      {
        board_id: BOARD_ID,
        board_attribute: s.enum(['name', 'description', 'communication'], 'What to change'),
        new_value: s.string('The new value'),
      },
      ['board_id', 'board_attribute', 'new_value'],
    ),
    document:
      'mutation UpdateBoard($board_id: ID!, $board_attribute: BoardAttributes!, $new_value: String!) { update_board(board_id: $board_id, board_attribute: $board_attribute, new_value: $new_value) }',
    variables: (a) => ({ board_id: id(a.board_id), board_attribute: a.board_attribute, new_value: a.new_value }),
    pick: field1('update_board', 'result'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_ARCHIVE_BOARD',
    name: 'Archive board',
    tags: ['monday', 'boards'],
    description: 'Archive a board (it can be restored from the archive for a while). Returns the board id and state.',
    input: params({ board_id: BOARD_ID }, ['board_id']),
    document: 'mutation ArchiveBoard($board_id: ID!) { archive_board(board_id: $board_id) { id state } }',
    variables: (a) => ({ board_id: id(a.board_id) }),
    pick: field1('archive_board', 'board'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_ADD_USERS_TO_BOARD',
    name: 'Add users to board',
    tags: ['monday', 'boards', 'users'],
    description: 'Subscribe users to a board, as subscribers or owners. User ids come from MONDAY_LIST_USERS.',
    input: params(
      {
        board_id: BOARD_ID,
        user_ids: INTS('User ids'),
        kind: s.enum(['subscriber', 'owner'], 'Role on the board (default subscriber)'),
      },
      ['board_id', 'user_ids'],
    ),
    document:
      'mutation AddUsers($board_id: ID!, $user_ids: [ID!]!, $kind: BoardSubscriberKind) { add_users_to_board(board_id: $board_id, user_ids: $user_ids, kind: $kind) { id name email } }',
    variables: (a) => ({ board_id: id(a.board_id), user_ids: ids(a.user_ids), kind: a.kind }),
    pick: field1('add_users_to_board', 'users'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_LIST_GROUPS',
    name: 'List groups',
    tags: ['monday', 'groups'],
    description: "A board's groups (sections) with id, title, color and position. Group ids go to MONDAY_CREATE_ITEM.",
    input: params({ board_id: BOARD_ID }, ['board_id']),
    document: 'query Groups($ids: [ID!]) { boards(ids: $ids) { groups { id title color position archived } } }',
    variables: (a) => ({ ids: ids(a.board_id) }),
    pick: first('groups'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_GET_GROUP_DETAILS',
    name: 'Get group',
    tags: ['monday', 'groups'],
    description: 'One group of a board: title, color, position and its items (id, name).',
    input: params({ board_id: BOARD_ID, group_id: GROUP_ID }, ['board_id', 'group_id']),
    document:
      'query Group($ids: [ID!], $group_ids: [String]) { boards(ids: $ids) { groups(ids: $group_ids) { id title color position archived items_page(limit: 100) { items { id name } } } } }',
    variables: (a) => ({ ids: ids(a.board_id), group_ids: [String(a.group_id)] }),
    pick: (d) => ({ group: (first('groups')(d).groups as Args[])[0] ?? null }),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_CREATE_GROUP',
    name: 'Create group',
    tags: ['monday', 'groups'],
    description: 'Add a group (section) to a board. Returns its id (a string) for MONDAY_CREATE_ITEM.',
    input: params({ board_id: BOARD_ID, group_name: s.string('Group title') }, ['board_id', 'group_name']),
    document:
      'mutation CreateGroup($board_id: ID!, $group_name: String!) { create_group(board_id: $board_id, group_name: $group_name) { id title } }',
    variables: (a) => ({ board_id: id(a.board_id), group_name: a.group_name }),
    pick: field1('create_group', 'group'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_DELETE_GROUP',
    name: 'Delete group',
    tags: ['monday', 'groups'],
    description: 'Delete a group and the items in it.',
    input: params({ board_id: BOARD_ID, group_id: GROUP_ID }, ['board_id', 'group_id']),
    document:
      'mutation DeleteGroup($board_id: ID!, $group_id: String!) { delete_group(board_id: $board_id, group_id: $group_id) { id deleted } }',
    variables: (a) => ({ board_id: id(a.board_id), group_id: a.group_id }),
    pick: field1('delete_group', 'group'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_LIST_COLUMNS',
    name: 'List columns',
    important: true,
    tags: ['monday', 'columns'],
    description:
      "A board's columns: id, title, type and settings (status labels …). Column ids, not titles, are what MONDAY_CREATE_ITEM and the column-value tools take.",
    input: params({ board_id: BOARD_ID }, ['board_id']),
    document: 'query Columns($ids: [ID!]) { boards(ids: $ids) { columns { id title type description settings_str } } }',
    variables: (a) => ({ ids: ids(a.board_id) }),
    pick: first('columns'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_CREATE_COLUMN',
    name: 'Create column',
    tags: ['monday', 'columns'],
    description:
      'Add a column to a board. column_type is monday\'s snake_case type (text, long_text, numbers, status, date, dropdown, people, …); defaults sets status or dropdown labels, e.g. {"labels": ["To do", "Done"]}.',
    input: params(
      {
        board_id: BOARD_ID,
        title: s.string('Column title'),
        column_type: s.string(
          'Column type: text, long_text, numbers, status, date, dropdown, people, checkbox, link …',
        ),
        description: s.string('Column description'),
        defaults: s.object({}, 'Column settings, e.g. {"labels": ["To do", "Done"]}'),
      },
      ['board_id', 'title', 'column_type'],
    ),
    document:
      'mutation CreateColumn($board_id: ID!, $title: String!, $column_type: ColumnType!, $description: String, $defaults: JSON) { ' +
      'create_column(board_id: $board_id, title: $title, column_type: $column_type, description: $description, defaults: $defaults) { id title type } }',
    variables: (a) => ({
      board_id: id(a.board_id),
      title: a.title,
      column_type: a.column_type,
      description: a.description,
      defaults: json(a.defaults),
    }),
    pick: field1('create_column', 'column'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_DELETE_COLUMN',
    name: 'Delete column',
    tags: ['monday', 'columns'],
    description: 'Delete a column and its values from every item of the board.',
    input: params({ board_id: BOARD_ID, column_id: COLUMN_ID }, ['board_id', 'column_id']),
    document:
      'mutation DeleteColumn($board_id: ID!, $column_id: String!) { delete_column(board_id: $board_id, column_id: $column_id) { id } }',
    variables: (a) => ({ board_id: id(a.board_id), column_id: a.column_id }),
    pick: field1('delete_column', 'column'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_CREATE_ITEM',
    name: 'Create item',
    important: true,
    tags: ['monday', 'items'],
    description:
      'Create an item (row) on a board, optionally in a group and with column values keyed by column id, e.g. {"status": {"label": "Done"}, "date4": {"date": "2025-01-31"}}. Returns the item with its id and values.',
    input: params(
      {
        board_id: BOARD_ID,
        item_name: s.string('Item name (at most 255 characters)'),
        group_id: GROUP_ID,
        column_values: s.object({}, 'Values by column id (an object, or a JSON string of one)'),
        create_labels_if_missing: s.boolean('Create status or dropdown labels that do not exist yet'),
      },
      ['board_id', 'item_name'],
    ),
    document:
      'mutation CreateItem($board_id: ID!, $item_name: String!, $group_id: String, $column_values: JSON, $create_labels_if_missing: Boolean) { ' +
      `create_item(board_id: $board_id, item_name: $item_name, group_id: $group_id, column_values: $column_values, create_labels_if_missing: $create_labels_if_missing) { ${ITEM_FIELDS} } }`,
    variables: (a) => ({
      board_id: id(a.board_id),
      item_name: a.item_name,
      group_id: a.group_id,
      column_values: json(a.column_values),
      create_labels_if_missing: a.create_labels_if_missing,
    }),
    pick: field1('create_item', 'item'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_LIST_BOARD_ITEMS',
    name: 'List board items',
    important: true,
    tags: ['monday', 'items'],
    description:
      'The first items of a board (up to 500) with their group and column values (text and raw JSON). For boards with more items, page through MONDAY_ITEMS_PAGE.',
    input: params({ board_id: BOARD_ID, limit: LIMIT(100) }, ['board_id']),
    document: `query BoardItems($ids: [ID!], $limit: Int!) { boards(ids: $ids) { items_page(limit: $limit) { cursor items { ${ITEM_FIELDS} } } } }`,
    variables: (a) => ({ ids: ids(a.board_id), limit: a.limit ?? 100 }),
    pick: (d) => {
      const page = (((d.boards as Args[] | undefined) ?? [])[0]?.items_page ?? {}) as Args;
      return { items: page.items ?? [], cursor: page.cursor ?? null };
    },
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_ITEMS_PAGE',
    name: 'Page through items',
    tags: ['monday', 'items'],
    description:
      'Items of a board a page at a time, optionally filtered with query_params (rules on column values, e.g. {"rules": [{"column_id": "status", "compare_value": [1]}]}). Pass the returned cursor to read the next page (board_id and query_params are then ignored); cursors last 60 minutes.',
    input: params(
      {
        board_id: BOARD_ID,
        limit: LIMIT(50),
        cursor: s.string('Cursor from the previous answer'),
        query_params: s.object({}, "monday's ItemsQuery: rules, operator, order_by"),
      },
      [],
    ),
    document:
      'query ItemsPage($ids: [ID!], $limit: Int!, $query_params: ItemsQuery) { boards(ids: $ids) { items_page(limit: $limit, query_params: $query_params) { cursor items { ' +
      `${ITEM_FIELDS} } } } }`,
    variables: (a) => ({ ids: ids(a.board_id), limit: a.limit ?? 50, query_params: a.query_params }),
    pick: (d) => {
      const page = (((d.boards as Args[] | undefined) ?? [])[0]?.items_page ?? {}) as Args;
      return { items: page.items ?? [], cursor: page.cursor ?? null };
    },
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_CHANGE_SIMPLE_COLUMN_VALUE',
    name: 'Set a column value (text)',
    important: true,
    tags: ['monday', 'items', 'columns'],
    description:
      'Set one column of an item from a plain string: text, numbers, a status or dropdown label ("Done"), a date ("2025-01-31"). Missing labels are created unless create_labels_if_missing is false. For people, timeline and other structured columns use MONDAY_UPDATE_ITEM.',
    input: params(
      {
        board_id: BOARD_ID,
        item_id: ITEM_ID,
        column_id: COLUMN_ID,
        value: s.string('The value as text'),
        create_labels_if_missing: s.boolean('Create a missing status or dropdown label', { default: true }),
      },
      ['board_id', 'item_id', 'column_id', 'value'],
    ),
    document:
      'mutation SimpleValue($board_id: ID!, $item_id: ID, $column_id: String!, $value: String, $create_labels_if_missing: Boolean) { ' +
      `change_simple_column_value(board_id: $board_id, item_id: $item_id, column_id: $column_id, value: $value, create_labels_if_missing: $create_labels_if_missing) { ${ITEM_FIELDS} } }`,
    variables: (a) => ({
      board_id: id(a.board_id),
      item_id: id(a.item_id),
      column_id: a.column_id,
      value: a.value,
      create_labels_if_missing: a.create_labels_if_missing ?? true,
    }),
    pick: field1('change_simple_column_value', 'item'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_UPDATE_ITEM',
    name: 'Set a column value (JSON)',
    tags: ['monday', 'items', 'columns'],
    description:
      'Set one column of an item from its structured value, e.g. people {"personsAndTeams": [{"id": 4616627, "kind": "person"}]}, timeline {"from": "2025-01-01", "to": "2025-01-31"}, status {"label": "Done"}. Labels are not created unless create_labels_if_missing is true.',
    input: params(
      {
        board_id: BOARD_ID,
        item_id: ITEM_ID,
        column_id: COLUMN_ID,
        value: s.object({}, 'The value in the JSON shape of the column type'),
        create_labels_if_missing: s.boolean('Create a missing status or dropdown label', { default: false }),
      },
      ['board_id', 'item_id', 'column_id', 'value'],
    ),
    document:
      'mutation ColumnValue($board_id: ID!, $item_id: ID, $column_id: String!, $value: JSON!, $create_labels_if_missing: Boolean) { ' +
      `change_column_value(board_id: $board_id, item_id: $item_id, column_id: $column_id, value: $value, create_labels_if_missing: $create_labels_if_missing) { ${ITEM_FIELDS} } }`,
    variables: (a) => ({
      board_id: id(a.board_id),
      item_id: id(a.item_id),
      column_id: a.column_id,
      value: json(a.value),
      create_labels_if_missing: a.create_labels_if_missing ?? false,
    }),
    pick: field1('change_column_value', 'item'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_MOVE_ITEM_TO_GROUP',
    name: 'Move item to group',
    tags: ['monday', 'items'],
    description: 'Move an item to another group of the same board. For another board use MONDAY_MOVE_ITEM_TO_BOARD.',
    input: params({ item_id: ITEM_ID, group_id: GROUP_ID }, ['item_id', 'group_id']),
    document:
      'mutation MoveToGroup($item_id: ID, $group_id: String!) { move_item_to_group(item_id: $item_id, group_id: $group_id) { id name group { id title } } }',
    variables: (a) => ({ item_id: id(a.item_id), group_id: a.group_id }),
    pick: field1('move_item_to_group', 'item'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_MOVE_ITEM_TO_BOARD',
    name: 'Move item to board',
    tags: ['monday', 'items'],
    description: 'Move an item into a group of another board; columns are matched by monday where they can be.',
    input: params({ board_id: s.integer('Target board id'), group_id: GROUP_ID, item_id: ITEM_ID }, [
      'board_id',
      'group_id',
      'item_id',
    ]),
    document:
      'mutation MoveToBoard($board_id: ID!, $group_id: ID!, $item_id: ID!) { move_item_to_board(board_id: $board_id, group_id: $group_id, item_id: $item_id) { id name board { id } group { id } } }',
    variables: (a) => ({ board_id: id(a.board_id), group_id: a.group_id, item_id: id(a.item_id) }),
    pick: field1('move_item_to_board', 'item'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_ARCHIVE_ITEM',
    name: 'Archive item',
    tags: ['monday', 'items'],
    description: 'Archive an item (restorable from the board archive).',
    input: params({ item_id: ITEM_ID }, ['item_id']),
    document: 'mutation ArchiveItem($item_id: ID) { archive_item(item_id: $item_id) { id state } }',
    variables: (a) => ({ item_id: id(a.item_id) }),
    pick: field1('archive_item', 'item'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_DELETE_ITEM',
    name: 'Delete item',
    tags: ['monday', 'items'],
    description: 'Delete an item (it goes to the recycle bin for 30 days).',
    input: params({ item_id: ITEM_ID }, ['item_id']),
    document: 'mutation DeleteItem($item_id: ID) { delete_item(item_id: $item_id) { id state } }',
    variables: (a) => ({ item_id: id(a.item_id) }),
    pick: field1('delete_item', 'item'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_DUPLICATE_ITEM',
    name: 'Duplicate item',
    tags: ['monday', 'items'],
    description:
      'Copy an item with its column values on the same board, optionally with its updates. Returns the copy.',
    input: params(
      { board_id: BOARD_ID, item_id: ITEM_ID, with_updates: s.boolean('Copy the updates (comments) too') },
      ['board_id', 'item_id'],
    ),
    document:
      'mutation DuplicateItem($board_id: ID!, $item_id: ID, $with_updates: Boolean) { duplicate_item(board_id: $board_id, item_id: $item_id, with_updates: $with_updates) { id name } }',
    variables: (a) => ({ board_id: id(a.board_id), item_id: id(a.item_id), with_updates: a.with_updates }),
    pick: field1('duplicate_item', 'item'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_LIST_SUBITEMS_BY_PARENT',
    name: 'List subitems',
    tags: ['monday', 'items'],
    description: 'The subitems of one or more items, with their column values.',
    input: params({ parent_item_ids: INTS('Parent item ids') }, ['parent_item_ids']),
    document: `query Subitems($ids: [ID!]) { items(ids: $ids) { id name subitems { ${ITEM_FIELDS} } } }`,
    variables: (a) => ({ ids: ids(a.parent_item_ids) }),
    pick: field1('items'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_CREATE_UPDATE',
    name: 'Post an update',
    important: true,
    tags: ['monday', 'updates'],
    description:
      "Post an update (a comment in the item's updates thread) with HTML or plain text. It does not change column values.",
    input: params({ item_id: ITEM_ID, body: s.string('Text of the update; simple HTML allowed') }, ['item_id', 'body']),
    document:
      'mutation CreateUpdate($item_id: ID, $body: String!) { create_update(item_id: $item_id, body: $body) { id body created_at } }',
    variables: (a) => ({ item_id: id(a.item_id), body: a.body }),
    pick: field1('create_update', 'update'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_LIST_USERS',
    name: 'List users',
    tags: ['monday', 'users'],
    description:
      'Users of the account (id, name, email, title, whether admin or guest). User ids go to people columns and MONDAY_ADD_USERS_TO_BOARD.',
    input: params({
      limit: LIMIT(50),
      page: PAGE,
      kind: s.enum(['all', 'non_guests', 'guests', 'non_pending'], 'Which users (default all)'),
    }),
    document:
      'query Users($limit: Int, $page: Int, $kind: UserKind) { users(limit: $limit, page: $page, kind: $kind) { id name email title enabled is_admin is_guest } }',
    variables: (a) => ({ limit: a.limit ?? 50, page: a.page ?? 1, kind: a.kind }),
    pick: field1('users'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_GET_WORKSPACES',
    name: 'List workspaces',
    tags: ['monday', 'workspaces'],
    description: 'Workspaces of the account with id, name, kind and state; their ids go to MONDAY_CREATE_BOARD.',
    input: params({
      kind: s.enum(['open', 'closed'], 'Only open or closed workspaces'),
      state: STATE,
      limit: LIMIT(25),
      page: PAGE,
    }),
    document:
      'query Workspaces($kind: WorkspaceKind, $state: State, $limit: Int, $page: Int) { workspaces(kind: $kind, state: $state, limit: $limit, page: $page) { id name kind state description } }',
    variables: (a) => ({ kind: a.kind, state: a.state, limit: a.limit ?? 25, page: a.page ?? 1 }),
    pick: field1('workspaces'),
    path: PATH,
  }),
  graphql({
    slug: 'MONDAY_CREATE_WORKSPACE',
    name: 'Create workspace',
    tags: ['monday', 'workspaces'],
    description: 'Create an open or closed workspace. Returns its id.',
    input: params(
      {
        name: s.string('Workspace name'),
        kind: s.enum(['open', 'closed'], 'open: everyone in the account can join; closed: members only'),
        description: s.string('Description'),
      },
      ['name', 'kind'],
    ),
    document:
      'mutation CreateWorkspace($name: String!, $kind: WorkspaceKind!, $description: String) { create_workspace(name: $name, kind: $kind, description: $description) { id name kind description } }',
    variables: (a) => ({ name: a.name, kind: a.kind, description: a.description }),
    pick: field1('create_workspace', 'workspace'),
    path: PATH,
  }),
  composite({
    slug: 'MONDAY_CREATE_OBJECT',
    name: 'Run a GraphQL query or mutation',
    tags: ['monday', 'graphql'],
    description:
      "Send any monday GraphQL document with variables, for what no other tool covers (create_subitem, webhooks, docs). Returns monday's data object; GraphQL errors end the call unsuccessful with their messages.",
    input: params({ query: s.string('The GraphQL document'), variables: s.object({}, 'Variables of the document') }, [
      'query',
    ]),
    run: (ctx, a) => runGraphql(ctx, PATH, String(a.query), (a.variables as Args | undefined) ?? {}),
  }),
];

export const mondayTools: CuratedTool[] = tools.map((t) => ({ ...t, normalize: numericIds }));

/** monday reads the token from the Authorization header as it is, for OAuth and personal tokens alike. */
const oauth = oauth2Scheme({
  authorizationUrl: 'https://auth.monday.com/oauth2/authorize',
  tokenUrl: 'https://auth.monday.com/oauth2/token',
  scopes: [
    'me:read',
    'boards:read',
    'boards:write',
    'workspaces:read',
    'workspaces:write',
    'users:read',
    'updates:read',
    'updates:write',
  ],
});
const apiToken: AuthSchemeDef = {
  mode: 'API_KEY',
  name: 'API token',
  authConfigFields: { required: [], optional: [] },
  connectionFields: {
    required: [field('api_key', 'API token', 'Personal API token: avatar → Developers → My access tokens', true, true)],
    optional: [],
  },
  placement: [{ in: 'header', name: 'Authorization', field: 'api_key' }],
};

export const monday = standaloneToolkit(
  {
    slug: 'monday',
    name: 'monday.com',
    description:
      'monday.com work management through its GraphQL API: workspaces, boards, groups, columns, items and their values, subitems, updates and users.',
    appUrl: 'https://monday.com',
    categories: [CATEGORIES.pm],
    baseUrl: 'https://api.monday.com',
    defaultHeaders: { 'API-Version': '2026-01' },
    authSchemes: [{ ...oauth, placement: [{ in: 'header', name: 'Authorization', field: 'access_token' }] }, apiToken],
  },
  mondayTools,
);
