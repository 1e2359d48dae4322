/**
 * Trello in the hosted vocabulary (api.trello.com/1): boards, lists, cards, comments, checklists,
 * labels, members and search. The hosted tools share their slugs and Trello's own camelCase
 * argument names (`idCard`, `idList`) with the compiled toolkit; these curated versions keep the
 * names, narrow each tool to the arguments an agent needs, and say what to pass and what comes back.
 * Trello's key and token travel as query parameters, added by the connection.
 */
import { s } from './define';
import { restToolkit } from './rest-tools';
import type { CuratedTool } from './types';

const t = restToolkit('trello');

const ID = (what: string) => s.string(`${what} id (24 hex characters) or short link`);
const FIELDS = s.string('Comma-separated fields to return, e.g. "name,desc,due,idList,url" (default: all)');
const POS = s.string('Position: "top", "bottom" or a positive number');
const CARD_FIELDS = {
  name: s.string('Card title'),
  desc: s.string('Description (Markdown)'),
  due: s.string('Due date, ISO 8601, e.g. 2025-06-30T17:00:00Z'),
  start: s.string('Start date, ISO 8601'),
  dueComplete: s.boolean('Mark the due date done'),
  pos: POS,
  idMembers: s.string('Comma-separated member ids to assign'),
  idLabels: s.string('Comma-separated label ids to apply'),
};

export const trelloTools: CuratedTool[] = [
  t({
    slug: 'TRELLO_GET_MEMBERS_ME',
    name: 'Get my Trello profile',
    method: 'GET',
    path: '/members/me',
    description:
      'Read the connected member: id, username, fullName, and idBoards / idOrganizations. Start here to learn who is connected; list boards with TRELLO_GET_MEMBERS_BOARDS_BY_ID_MEMBER (idMember "me").',
    input: { fields: FIELDS },
  }),
  t({
    slug: 'TRELLO_GET_MEMBERS_BOARDS_BY_ID_MEMBER',
    name: "List a member's boards",
    important: true,
    method: 'GET',
    path: '/members/{idMember}/boards',
    description:
      'List the boards of a member ("me" for the connected user): id, name, url, closed. filter=open hides archived boards. Use a board id with TRELLO_GET_BOARDS_LISTS_BY_ID_BOARD.',
    input: {
      idMember: s.string('Member id or username; "me" for the connected user'),
      filter: s.enum(['all', 'open', 'closed', 'members', 'organization', 'public', 'starred'], 'Which boards'),
      fields: FIELDS,
    },
  }),
  t({
    slug: 'TRELLO_GET_BOARDS_BY_ID_BOARD',
    name: 'Get board',
    method: 'GET',
    path: '/boards/{idBoard}',
    description:
      'Read a board: name, desc, url, closed, prefs, labelNames. Add lists=open or cards=open to include them in the same call.',
    input: {
      idBoard: ID('Board'),
      fields: FIELDS,
      lists: s.enum(['none', 'all', 'open', 'closed'], 'Include lists'),
      cards: s.enum(['none', 'all', 'open', 'closed', 'visible'], 'Include cards'),
      labels: s.enum(['none', 'all'], 'Include labels'),
      members: s.enum(['none', 'all', 'normal', 'admins', 'owners'], 'Include members'),
    },
  }),
  t({
    slug: 'TRELLO_ADD_BOARDS',
    name: 'Create board',
    method: 'POST',
    path: '/boards',
    description:
      "Create a board (with Trello's default lists unless defaultLists=false), optionally in a Workspace (idOrganization) or as a copy of another board (idBoardSource). Returns the board with id and url.",
    input: {
      name: s.string('Board name'),
      desc: s.string('Description'),
      idOrganization: s.string('Workspace id or name to create it in'),
      defaultLists: s.boolean('Add the default To Do / Doing / Done lists (default true)'),
      defaultLabels: s.boolean('Add the default colored labels (default true)'),
      idBoardSource: s.string('Board id to copy'),
      prefs_permissionLevel: s.enum(['org', 'private', 'public'], 'Who can see the board'),
    },
    required: ['name'],
  }),
  t({
    slug: 'TRELLO_DELETE_BOARD',
    name: 'Delete board',
    method: 'DELETE',
    path: '/boards/{idBoard}',
    description:
      'Delete a board with all its lists and cards. This cannot be undone; confirm with the user (closing the board with TRELLO_UPDATE_BOARDS_CLOSED_BY_ID_BOARD is reversible).',
    input: { idBoard: ID('Board') },
  }),
  t({
    slug: 'TRELLO_GET_BOARDS_LISTS_BY_ID_BOARD',
    name: 'List the lists of a board',
    important: true,
    method: 'GET',
    path: '/boards/{idBoard}/lists',
    description:
      "List a board's lists (columns) in order: id, name, closed, pos. cards=open includes each list's cards. Use a list id with TRELLO_ADD_CARDS.",
    input: {
      idBoard: ID('Board'),
      filter: s.enum(['all', 'closed', 'none', 'open'], 'Which lists (default open)'),
      cards: s.enum(['all', 'closed', 'none', 'open'], 'Include cards of each list'),
      fields: FIELDS,
    },
  }),
  t({
    slug: 'TRELLO_ADD_LISTS',
    name: 'Create list',
    method: 'POST',
    path: '/lists',
    description: 'Add a list (column) to a board, at pos "top", "bottom" or a number. Returns the list with its id.',
    input: { name: s.string('List name'), idBoard: ID('Board'), pos: POS, idListSource: s.string('List id to copy') },
    required: ['name', 'idBoard'],
  }),
  t({
    slug: 'TRELLO_GET_BOARDS_CARDS_BY_ID_BOARD',
    name: 'List cards of a board',
    method: 'GET',
    path: '/boards/{idBoard}/cards',
    description:
      'List the cards on a board (open ones by default): id, name, desc, due, idList, idMembers, labels, url. Use filter=all to include archived cards.',
    input: {
      idBoard: ID('Board'),
      filter: s.enum(['all', 'closed', 'none', 'open', 'visible'], 'Which cards'),
      fields: FIELDS,
      members: s.boolean('Include member objects'),
      limit: s.integer('At most this many cards (up to 1000)'),
      since: s.string('Only cards after this card id or date'),
      before: s.string('Only cards before this card id or date'),
    },
  }),
  t({
    slug: 'TRELLO_GET_LISTS_CARDS_BY_ID_LIST',
    name: 'List cards in a list',
    important: true,
    method: 'GET',
    path: '/lists/{idList}/cards',
    description: 'List the cards of one list (column), in order. Use fields to keep the answer small.',
    input: {
      idList: ID('List'),
      filter: s.enum(['all', 'closed', 'none', 'open'], 'Which cards (default open)'),
      fields: FIELDS,
      limit: s.integer('At most this many cards'),
    },
  }),
  t({
    slug: 'TRELLO_ADD_CARDS',
    name: 'Create card',
    important: true,
    method: 'POST',
    path: '/cards',
    description:
      'Create a card in a list: idList is required; name, desc (Markdown), due, members and labels are optional. urlSource attaches a link; idCardSource copies a card. Returns the card with id, shortUrl and url.',
    input: {
      idList: ID('List'),
      ...CARD_FIELDS,
      urlSource: s.string('A URL to attach to the new card'),
      idCardSource: s.string('Card id to copy'),
      keepFromSource: s.string('With idCardSource: "all" or comma-separated properties to copy'),
    },
    required: ['idList'],
  }),
  t({
    slug: 'TRELLO_GET_CARDS_BY_ID_CARD',
    name: 'Get card',
    method: 'GET',
    path: '/cards/{idCard}',
    description:
      'Read a card: name, desc, due, idList, idMembers, labels, url. Add checklists=all, attachments=true or members=true to include them.',
    input: {
      idCard: ID('Card'),
      fields: FIELDS,
      checklists: s.enum(['all', 'none'], 'Include checklists'),
      attachments: s.string('"true", "false" or "cover" to include attachments'),
      members: s.boolean('Include member objects'),
      actions: s.string('Include actions of these types, e.g. "commentCard"'),
    },
  }),
  t({
    slug: 'TRELLO_UPDATE_CARDS_BY_ID_CARD',
    name: 'Update card',
    important: true,
    method: 'PUT',
    path: '/cards/{idCard}',
    description:
      'Change a card: rename, edit desc, set due, move it (idList, optionally idBoard), reorder (pos), archive (closed=true) or replace its members or labels. Only the fields you pass change. Returns the card.',
    input: {
      idCard: ID('Card'),
      ...CARD_FIELDS,
      idList: s.string('List id to move the card to'),
      idBoard: s.string('Board id to move the card to (with idList)'),
      closed: s.boolean('true archives the card, false restores it'),
    },
  }),
  t({
    slug: 'TRELLO_UPDATE_CARDS_ID_LIST_BY_ID_CARD',
    name: 'Move card to list',
    method: 'PUT',
    path: '/cards/{idCard}/idList',
    description: 'Move a card to another list on the same board (value = the list id). Returns the card.',
    input: { idCard: ID('Card'), value: s.string('Id of the destination list') },
    required: ['idCard', 'value'],
  }),
  t({
    slug: 'TRELLO_DELETE_CARDS_BY_ID_CARD',
    name: 'Delete card',
    method: 'DELETE',
    path: '/cards/{idCard}',
    description:
      'Delete a card for good. Archiving (TRELLO_UPDATE_CARDS_BY_ID_CARD with closed=true) is the reversible alternative; confirm with the user before deleting.',
    input: { idCard: ID('Card') },
  }),
  t({
    slug: 'TRELLO_ADD_CARDS_ACTIONS_COMMENTS_BY_ID_CARD',
    name: 'Comment on card',
    important: true,
    method: 'POST',
    path: '/cards/{idCard}/actions/comments',
    description:
      'Post a comment on a card (Markdown, @username mentions notify). Returns the comment action with its id.',
    input: { idCard: ID('Card'), text: s.string('Comment text') },
    required: ['idCard', 'text'],
  }),
  t({
    slug: 'TRELLO_ADD_CARDS_CHECKLISTS_BY_ID_CARD',
    name: 'Add checklist to card',
    method: 'POST',
    path: '/cards/{idCard}/checklists',
    description:
      'Add a checklist to a card: give name for a new empty checklist, or idChecklistSource to copy one. Add items with TRELLO_ADD_CHECKLISTS_CHECK_ITEMS_BY_ID_CHECKLIST. Returns the checklist with its id.',
    input: {
      idCard: ID('Card'),
      name: s.string('Checklist name'),
      idChecklistSource: s.string('Checklist id to copy'),
    },
  }),
  t({
    slug: 'TRELLO_ADD_CHECKLISTS_CHECK_ITEMS_BY_ID_CHECKLIST',
    name: 'Add checklist item',
    method: 'POST',
    path: '/checklists/{idChecklist}/checkItems',
    description: 'Add an item to a checklist, optionally already checked. Returns the item.',
    input: {
      idChecklist: ID('Checklist'),
      name: s.string('Item text'),
      pos: POS,
      checked: s.boolean('Create it already checked'),
    },
    required: ['idChecklist', 'name'],
  }),
  t({
    slug: 'TRELLO_GET_CARDS_CHECKLISTS_BY_ID_CARD',
    name: 'List card checklists',
    method: 'GET',
    path: '/cards/{idCard}/checklists',
    description: "List a card's checklists with their items (checkItems: id, name, state complete/incomplete).",
    input: { idCard: ID('Card'), fields: FIELDS },
  }),
  t({
    slug: 'TRELLO_GET_BOARDS_LABELS_BY_ID_BOARD',
    name: 'List board labels',
    method: 'GET',
    path: '/boards/{idBoard}/labels',
    description: "List a board's labels (id, name, color), to apply one with TRELLO_ADD_CARDS_ID_LABELS_BY_ID_CARD.",
    input: { idBoard: ID('Board'), fields: FIELDS, limit: s.integer('At most this many labels (default 50)') },
  }),
  t({
    slug: 'TRELLO_ADD_CARDS_ID_LABELS_BY_ID_CARD',
    name: 'Add label to card',
    method: 'POST',
    path: '/cards/{idCard}/idLabels',
    description: "Apply one of the board's labels to a card (value = label id). Returns the card's label ids.",
    input: { idCard: ID('Card'), value: s.string('Label id') },
    required: ['idCard', 'value'],
  }),
  t({
    slug: 'TRELLO_REMOVE_LABEL_FROM_CARD',
    name: 'Remove label from card',
    method: 'DELETE',
    path: '/cards/{idCard}/idLabels/{idLabel}',
    description: 'Take a label off a card; the label stays on the board.',
    input: { idCard: ID('Card'), idLabel: ID('Label') },
  }),
  t({
    slug: 'TRELLO_GET_BOARDS_MEMBERS_BY_ID_BOARD',
    name: 'List board members',
    method: 'GET',
    path: '/boards/{idBoard}/members',
    description:
      'List the members of a board (id, username, fullName), to assign cards with TRELLO_ADD_MEMBER_TO_CARD.',
    input: { idBoard: ID('Board'), fields: FIELDS },
  }),
  t({
    slug: 'TRELLO_ADD_MEMBER_TO_CARD',
    name: 'Assign member to card',
    method: 'POST',
    path: '/cards/{idCard}/idMembers',
    description: "Add a board member to a card's members (value = member id). Returns the card's member list.",
    input: { idCard: ID('Card'), value: s.string('Member id') },
    required: ['idCard', 'value'],
    accept: { value: ['idMember'] },
  }),
  t({
    slug: 'TRELLO_REMOVE_MEMBER_FROM_CARD',
    name: 'Unassign member from card',
    method: 'DELETE',
    path: '/cards/{idCard}/idMembers/{idMember}',
    description: "Remove a member from a card's members; their board membership is unchanged.",
    input: { idCard: ID('Card'), idMember: s.string('Member id') },
  }),
  t({
    slug: 'TRELLO_GET_SEARCH',
    name: 'Search Trello',
    important: true,
    method: 'GET',
    path: '/search',
    description:
      'Search boards, cards, members and Workspaces by words, with Trello operators such as board:, list:, @member, due:week, is:open. New cards can take a few minutes to become searchable; to find a card by exact name, list the cards of its board or list instead.',
    input: {
      query: s.string('Search words and operators'),
      modelTypes: s.string('Comma-separated: actions, boards, cards, members, organizations (default all)'),
      idBoards: s.string('"mine" or comma-separated board ids to search in'),
      cards_limit: s.integer('At most this many cards (up to 1000, default 10)'),
      card_fields: s.string('Card fields to return, e.g. "name,idList,url"'),
      partial: s.boolean('Match the last word as a prefix'),
    },
    required: ['query'],
  }),
];
