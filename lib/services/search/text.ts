/**
 * Text processing for tool search: tokenisation (snake_case, camelCase, punctuation), a light
 * English stemmer, stop words, and the synonyms agents use for the same operation
 * ("post a message" ~ "send a message", "remove" ~ "delete").
 */

const STOP = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'to',
  'in',
  'on',
  'for',
  'from',
  'with',
  'by',
  'at',
  'as',
  'is',
  'are',
  'be',
  'this',
  'that',
  'these',
  'those',
  'it',
  'its',
  'my',
  'our',
  'your',
  'me',
  'we',
  'i',
  'you',
  'all',
  'any',
  'some',
  'into',
  'about',
  'via',
  'using',
  'use',
  'can',
  'will',
  'should',
  'would',
  'please',
  'want',
  'need',
  'there',
  'which',
  'what',
  'who',
  'whose',
  'when',
  'where',
  'how',
  'do',
  'does',
  'did',
  'has',
  'have',
  'had',
  'if',
  'then',
  'so',
  'up',
  'out',
  'than',
  'just',
  'also',
  'only',
  'one',
  'them',
  'they',
  'their',
  'he',
  'she',
  'his',
  'her',
  'not',
  'no',
  'yes',
  'been',
  'being',
  'was',
  'were',
  'am',
  'etc',
  'e',
  'g',
  'eg',
  'ie',
  'i.e',
  'e.g',
]);

/** Irregular forms and common verb/noun pairs folded to one stem. */
const IRREGULAR: Record<string, string> = {
  sent: 'send',
  sending: 'send',
  sends: 'send',
  wrote: 'write',
  written: 'write',
  writing: 'write',
  made: 'make',
  making: 'make',
  got: 'get',
  gets: 'get',
  getting: 'get',
  fetch: 'get',
  fetches: 'get',
  fetching: 'get',
  retrieve: 'get',
  retrieves: 'get',
  retrieving: 'get',
  read: 'get',
  reads: 'get',
  obtain: 'get',
  children: 'child',
  people: 'person',
  indices: 'index',
  analyses: 'analysis',
  replies: 'reply',
  replied: 'reply',
  copies: 'copy',
  copied: 'copy',
  policies: 'policy',
  entries: 'entry',
  categories: 'category',
  activities: 'activity',
  repositories: 'repository',
  repos: 'repository',
  repo: 'repository',
  libraries: 'library',
  properties: 'property',
  deliveries: 'delivery',
  companies: 'company',
  identities: 'identity',
  queries: 'query',
  bodies: 'body',
  summaries: 'summary',
  histories: 'history',
  emails: 'email',
  emailing: 'email',
  emailed: 'email',
  mails: 'email',
  mail: 'email',
  e_mail: 'email',
  msg: 'message',
  msgs: 'message',
  dm: 'message',
  dms: 'message',
  pr: 'pull',
  prs: 'pull',
  mr: 'merge',
  mrs: 'merge',
  calendars: 'calendar',
  meetings: 'meeting',
  invoices: 'invoice',
  unpaid: 'unpaid',
  subscriber: 'subscriber',
  subscribers: 'subscriber',
};

/** Query-side synonyms: each term also matches these (lower weight). */
export const SYNONYMS: Record<string, string[]> = {
  send: ['post', 'create'],
  post: ['send', 'create'],
  message: ['chat', 'messag'],
  chat: ['message'],
  remove: ['delete'],
  delete: ['remove'],
  erase: ['delete'],
  trash: ['delete', 'trash'],
  find: ['search', 'list', 'get'],
  search: ['find', 'list', 'query'],
  look: ['search', 'get'],
  lookup: ['search', 'get'],
  show: ['list', 'get'],
  list: ['get', 'search'],
  add: ['create', 'insert', 'post'],
  create: ['add', 'new', 'post', 'insert'],
  new: ['create'],
  make: ['create'],
  open: ['create'],
  update: ['edit', 'modify', 'patch'],
  edit: ['update', 'modify'],
  change: ['update', 'edit'],
  modify: ['update'],
  rename: ['update'],
  upload: ['create', 'upload', 'put'],
  download: ['get', 'export'],
  schedule: ['create', 'event'],
  meeting: ['event', 'meeting'],
  appointment: ['event'],
  event: ['meeting'],
  ticket: ['issue'],
  bug: ['issue'],
  issue: ['ticket'],
  task: ['todo', 'task'],
  todo: ['task'],
  tweet: ['tweet', 'post'],
  repository: ['repo'],
  invite: ['add', 'member', 'invit'],
  user: ['member', 'person'],
  member: ['user'],
  customer: ['contact', 'client'],
  contact: ['customer', 'person'],
  spreadsheet: ['sheet', 'spreadsheet'],
  sheet: ['spreadsheet'],
  row: ['value', 'append'],
  doc: ['document'],
  document: ['doc', 'file'],
  file: ['document'],
  folder: ['directory', 'folder'],
  directory: ['folder'],
  star: ['star'],
  merge: ['merge'],
  pull: ['pull'],
  reply: ['reply', 'comment'],
  comment: ['comment', 'reply', 'note'],
  react: ['reaction'],
  reaction: ['react'],
  cancel: ['cancel', 'delete'],
  refund: ['refund'],
  charge: ['payment', 'charge'],
  payment: ['charge', 'pay'],
  pay: ['payment'],
  subscriber: ['member', 'contact'],
  audience: ['list'],
  song: ['track'],
  track: ['song'],
  tune: ['track'],
  video: ['video'],
  deploy: ['deployment'],
  deployment: ['deploy'],
  droplet: ['droplet'],
  server: ['droplet'],
  domain: ['domain'],
  dns: ['record', 'domain'],
  sms: ['message'],
  call: ['call'],
  label: ['label', 'tag'],
  tag: ['label'],
  archive: ['archive'],
  assign: ['assignee', 'assign'],
  close: ['update', 'close'],
  board: ['board'],
  card: ['card'],
  playlist: ['playlist'],
  recent: ['list'],
  latest: ['list'],
  inbox: ['email', 'message'],
  unread: ['unread', 'label'],
  get: ['list', 'retrieve', 'history'],
  share: ['permission', 'collaborator', 'share'],
  move: ['transition', 'move', 'update'],
  play: ['playback', 'start', 'resume'],
  music: ['track', 'playback'],
  subscribe: ['subscription', 'subscribe'],
  signature: ['envelope', 'sign'],
  sign: ['envelope', 'signature'],
  trigger: ['dispatch', 'run'],
  run: ['dispatch', 'run'],
  free: ['freebusy', 'availability'],
  busy: ['freebusy'],
  available: ['freebusy', 'availability'],
  review: ['reviewer', 'review'],
  text: ['message'],
};

/**
 * First-person requests ("my repositories", "who am I") are about the authenticated user:
 * these terms are added (at synonym weight) when the request is in the first person.
 */
export const FIRST_PERSON = new Set(['my', 'me', 'i', 'mine', 'myself']);
export const FIRST_PERSON_TERMS = ['authenticated', 'me', 'current', 'profile'];

/** Very light stemmer: plural and common verb suffixes (enough for tool names). */
export function stem(word: string): string {
  const w = IRREGULAR[word];
  if (w) return w;
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ing') && word.length > 5) {
    const base = word.slice(0, -3);
    return base.length > 2 && base.at(-1) === base.at(-2) ? base.slice(0, -1) : base;
  }
  if (word.endsWith('ed') && word.length > 4) {
    const base = word.slice(0, -2);
    if (base.endsWith('i')) return `${base.slice(0, -1)}y`;
    return base.length > 2 && base.at(-1) === base.at(-2) ? base.slice(0, -1) : base;
  }
  if (word.endsWith('es') && /(ch|sh|x|ss|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is'))
    return word.slice(0, -1);
  return word;
}

/** Split on anything non-alphanumeric, on snake_case and on camelCase boundaries; lower-case. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Index-side terms: stemmed, without stop words. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (STOP.has(w)) continue;
    out.push(stem(w));
  }
  return out;
}

export function isStopWord(w: string): boolean {
  return STOP.has(w);
}
