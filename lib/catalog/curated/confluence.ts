/**
 * Confluence Cloud in the hosted vocabulary, through Atlassian's API gateway:
 * https://api.atlassian.com/ex/confluence/{cloud_id}/wiki. That is where OAuth 2.0 (3LO) tokens
 * and scoped API tokens are accepted; the cloud id names the site. OAuth connections learn it
 * after the token exchange (atlassian.ts); scoped-token connections give it (find it at
 * https://<site>.atlassian.net/_edge/tenant_info). Pages, spaces, blog posts and comments use the
 * v2 API (/api/v2, cursor paging through _links.next); CQL search, the current user and labels
 * use v1 (/rest/api). v2 query parameters are kebab-case (space-id, body-format), hence the renames.
 */
import { s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import { field, standaloneToolkit } from './toolkit-def';
import { atlassianGateway, atlassianOAuth2, SITE_SUBDOMAIN_HINT } from './atlassian';
import type { AuthSchemeDef } from '../types';
import type { CuratedTool } from './types';

const CONFLUENCE_GATEWAY = atlassianGateway('confluence', '/wiki');
const same = (k: string) => k;
const KEBAB = {
  space_id: 'space-id',
  body_format: 'body-format',
  get_draft: 'get-draft',
  parent_id: 'parent-id',
  page_id: 'page-id',
  blogpost_id: 'blogpost-id',
  assigned_to: 'assigned-to',
  created_by: 'created-by',
};
const c = (def: RestDef): CuratedTool =>
  restMapping(
    { ...def, rename: { ...KEBAB, ...(def.rename ?? {}) }, tags: def.tags ?? ['confluence'] },
    same,
    'confluence',
  );

const PAGE_ID = s.string('Page id (the number in /pages/<id>/ of the page URL)');
const SPACE_ID = s.string('Space id (numeric; id from CONFLUENCE_GET_SPACES, not the space key)');
const LIMIT = s.integer('Results per page (at most 250)', { default: 25 });
const CURSOR = s.string('cursor from _links.next of the previous page');
const BODY_FORMAT = s.enum(['storage', 'atlas_doc_format', 'view'], 'Body format to return; storage is XHTML');
const BODY = s.object(
  {
    representation: s.enum(['storage', 'atlas_doc_format', 'wiki'], 'Format of value', { default: 'storage' }),
    value: s.string('The content, e.g. <p>Hello</p> in storage format'),
  },
  'Page body',
);

/** { value } alone means storage format; a plain string is taken as storage XHTML too. */
const asBody = (b: unknown) =>
  typeof b === 'string'
    ? { representation: 'storage', value: b }
    : b
      ? { representation: 'storage', ...(b as object) }
      : undefined;
const drop = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export const confluenceTools: CuratedTool[] = [
  c({
    slug: 'CONFLUENCE_GET_CURRENT_USER',
    name: 'Current user',
    method: 'GET',
    path: '/rest/api/user/current',
    input: {},
    required: [],
    description: 'The connected Atlassian account: accountId (for task and user filters), displayName, email.',
  }),
  c({
    slug: 'CONFLUENCE_VALIDATE_CREDENTIAL',
    name: 'Check connection',
    method: 'GET',
    path: '/rest/api/user/current',
    input: {},
    required: [],
    description:
      'Proves the connection works by reading the connected user; fails with 401 or 404 when the token or cloud id is wrong.',
  }),
  c({
    slug: 'CONFLUENCE_GET_SPACES',
    name: 'List spaces',
    important: true,
    method: 'GET',
    path: '/api/v2/spaces',
    input: {
      keys: s.strings('Only these space keys, e.g. ["ENG"]'),
      type: s.enum(['global', 'personal'], 'Space type'),
      status: s.enum(['current', 'archived'], 'Space status'),
      limit: LIMIT,
      cursor: CURSOR,
    },
    description:
      'Spaces the user can see: id (the space_id of other tools), key, name, type, homepageId. Page with cursor from _links.next.',
  }),
  c({
    slug: 'CONFLUENCE_LIST_SPACES',
    name: 'List spaces (all)',
    method: 'GET',
    path: '/api/v2/spaces',
    input: { limit: LIMIT, cursor: CURSOR },
    description:
      'Every space the user can see, one page at a time; same data as CONFLUENCE_GET_SPACES without filters.',
  }),
  c({
    slug: 'CONFLUENCE_GET_SPACE_BY_ID',
    name: 'Get space',
    method: 'GET',
    path: '/api/v2/spaces/{id}',
    input: { id: SPACE_ID },
    description: 'One space: key, name, type, status, homepageId.',
  }),
  c({
    slug: 'CONFLUENCE_GET_PAGES',
    name: 'List pages',
    important: true,
    method: 'GET',
    path: '/api/v2/pages',
    input: {
      space_id: s.strings('Only pages of these space ids'),
      title: s.string('Exact title'),
      status: s.strings('current, draft, archived, trashed'),
      sort: s.string('id, -id, created-date, -modified-date, title …'),
      body_format: BODY_FORMAT,
      limit: LIMIT,
      cursor: CURSOR,
    },
    description:
      'Pages (id, title, spaceId, parentId, version) the user can see, filtered by space, exact title or status. Without filters this spans the whole site. Bodies only with body_format.',
  }),
  c({
    slug: 'CONFLUENCE_SEARCH_PAGES',
    name: 'Find pages by title',
    method: 'GET',
    path: '/api/v2/pages',
    input: {
      title: s.string('Exact page title'),
      space_id: s.strings('Only in these space ids'),
      status: s.strings('current, draft, archived'),
      limit: LIMIT,
      cursor: CURSOR,
    },
    description:
      'Pages whose title is exactly the given one, optionally within spaces. For words inside pages use CONFLUENCE_CQL_SEARCH.',
  }),
  c({
    slug: 'CONFLUENCE_GET_PAGE_BY_ID',
    name: 'Get page',
    important: true,
    method: 'GET',
    path: '/api/v2/pages/{id}',
    input: {
      id: PAGE_ID,
      body_format: s.enum(['storage', 'atlas_doc_format', 'view'], 'Body format', { default: 'storage' }),
      get_draft: s.boolean('Read the draft instead'),
      version: s.integer('Read this version number'),
    },
    defaults: { body_format: 'storage' },
    description:
      'A page with its body (body.storage.value, XHTML) and version.number. To edit, send CONFLUENCE_UPDATE_PAGE with version.number + 1.',
  }),
  c({
    slug: 'CONFLUENCE_CREATE_PAGE',
    name: 'Create page',
    important: true,
    method: 'POST',
    path: '/api/v2/pages',
    input: {
      space_id: SPACE_ID,
      title: s.string('Page title (unique within the space)'),
      body: BODY,
      parent_id: s.string('Parent page id; the space home page when absent'),
      status: s.enum(['current', 'draft'], 'Publish now or keep as draft', { default: 'current' }),
    },
    required: ['space_id', 'title'],
    body: (a) =>
      drop({
        spaceId: a.space_id,
        title: a.title,
        parentId: a.parent_id,
        status: a.status ?? 'current',
        body: asBody(a.body),
      }),
    description:
      'Publish a page in a space, under a parent page or the space home. body.value in storage format is XHTML like <p>…</p><h2>…</h2>. Returns id and _links.webui.',
  }),
  c({
    slug: 'CONFLUENCE_UPDATE_PAGE',
    name: 'Update page',
    important: true,
    method: 'PUT',
    path: '/api/v2/pages/{id}',
    input: {
      id: PAGE_ID,
      title: s.string('Title (send the current one to keep it)'),
      body: BODY,
      version: s.object(
        { number: s.integer('Current version.number + 1'), message: s.string('Change note') },
        'The new version',
      ),
      status: s.enum(['current', 'draft'], 'Status', { default: 'current' }),
      parent_id: s.string('Move under this parent page'),
    },
    required: ['id', 'title', 'body', 'version'],
    body: (a) =>
      drop({
        id: a.id,
        title: a.title,
        status: a.status ?? 'current',
        parentId: a.parent_id,
        body: asBody(a.body),
        version: a.version,
      }),
    description:
      'Replace the title and whole body of a page. Read it first with CONFLUENCE_GET_PAGE_BY_ID: version.number must be the current one plus 1, or Confluence answers 409.',
  }),
  c({
    slug: 'CONFLUENCE_DELETE_PAGE',
    name: 'Delete page',
    method: 'DELETE',
    path: '/api/v2/pages/{id}',
    input: { id: PAGE_ID, purge: s.boolean('Remove a trashed page for good') },
    description: 'Move a page to the trash (or purge a trashed one). Ask the user first.',
  }),
  c({
    slug: 'CONFLUENCE_GET_CHILD_PAGES',
    name: 'Child pages',
    method: 'GET',
    path: '/api/v2/pages/{id}/children',
    input: { id: PAGE_ID, limit: LIMIT, cursor: CURSOR, sort: s.string('e.g. child-position') },
    description: 'Direct children of a page (id, title, childPosition). Page with cursor.',
  }),
  c({
    slug: 'CONFLUENCE_GET_PAGE_ANCESTORS',
    name: 'Page ancestors',
    method: 'GET',
    path: '/api/v2/pages/{id}/ancestors',
    input: { id: PAGE_ID, limit: LIMIT },
    description: 'The chain of parent pages up to the space root.',
  }),
  c({
    slug: 'CONFLUENCE_GET_PAGE_VERSIONS',
    name: 'Page versions',
    method: 'GET',
    path: '/api/v2/pages/{id}/versions',
    input: { id: PAGE_ID, limit: LIMIT, cursor: CURSOR, body_format: BODY_FORMAT },
    description: 'Version history of a page (number, authorId, createdAt, message).',
  }),
  c({
    slug: 'CONFLUENCE_GET_LABELS_FOR_PAGE',
    name: 'Page labels',
    method: 'GET',
    path: '/api/v2/pages/{id}/labels',
    input: { id: PAGE_ID, prefix: s.enum(['global', 'my', 'team'], 'Label prefix'), limit: LIMIT, cursor: CURSOR },
    description: 'Labels on a page (results[].name).',
  }),
  c({
    slug: 'CONFLUENCE_ADD_CONTENT_LABEL',
    name: 'Add labels',
    method: 'POST',
    path: '/rest/api/content/{id}/label',
    input: {
      id: s.string('Page or blog post id'),
      labels: s.array(
        s.object(
          { prefix: s.string('global', { default: 'global' }), name: s.string('Label, lower case, no spaces') },
          'A label',
        ),
        'Labels to add',
      ),
    },
    required: ['id', 'labels'],
    body: (a) =>
      (a.labels as { prefix?: string; name: string }[]).map((l) => ({ prefix: l.prefix ?? 'global', name: l.name })),
    description: 'Tag a page or blog post with labels.',
  }),
  c({
    slug: 'CONFLUENCE_GET_PAGE_FOOTER_COMMENTS',
    name: 'Page comments',
    method: 'GET',
    path: '/api/v2/pages/{id}/footer-comments',
    input: { id: PAGE_ID, body_format: BODY_FORMAT, limit: LIMIT, cursor: CURSOR },
    description: 'Comments at the bottom of a page (not inline ones), with their bodies when body_format is given.',
  }),
  c({
    slug: 'CONFLUENCE_GET_PAGE_INLINE_COMMENTS',
    name: 'Inline comments',
    method: 'GET',
    path: '/api/v2/pages/{id}/inline-comments',
    input: { id: PAGE_ID, body_format: BODY_FORMAT, limit: LIMIT, cursor: CURSOR },
    description: 'Comments attached to highlighted text of a page, with the highlighted selection in properties.',
  }),
  c({
    slug: 'CONFLUENCE_CREATE_FOOTER_COMMENT',
    name: 'Comment on page',
    method: 'POST',
    path: '/api/v2/footer-comments',
    input: {
      page_id: s.string('Page to comment on'),
      blogpost_id: s.string('Or a blog post'),
      parent_comment_id: s.string('Reply to this comment'),
      body: BODY,
    },
    required: ['body'],
    body: (a) =>
      drop({
        pageId: a.page_id,
        blogPostId: a.blogpost_id,
        parentCommentId: a.parent_comment_id,
        body: asBody(a.body),
      }),
    description:
      'Add a comment at the bottom of a page or blog post, or reply to one. Give one of page_id, blogpost_id, parent_comment_id.',
  }),
  c({
    slug: 'CONFLUENCE_GET_ATTACHMENTS',
    name: 'Page attachments',
    method: 'GET',
    path: '/api/v2/pages/{id}/attachments',
    input: {
      id: PAGE_ID,
      filename: s.string('Only this file name'),
      media_type: s.string('Only this MIME type'),
      limit: LIMIT,
      cursor: CURSOR,
    },
    rename: { media_type: 'mediaType' },
    description: 'Files attached to a page: id, title, mediaType, fileSize, downloadLink.',
  }),
  c({
    slug: 'CONFLUENCE_GET_BLOG_POSTS',
    name: 'List blog posts',
    method: 'GET',
    path: '/api/v2/blogposts',
    input: {
      space_id: s.strings('Only in these space ids'),
      title: s.string('Exact title'),
      body_format: BODY_FORMAT,
      limit: LIMIT,
      cursor: CURSOR,
    },
    description: 'Blog posts the user can see (id, title, spaceId, createdAt).',
  }),
  c({
    slug: 'CONFLUENCE_GET_BLOGPOST_BY_ID',
    name: 'Get blog post',
    method: 'GET',
    path: '/api/v2/blogposts/{id}',
    input: { id: s.string('Blog post id'), body_format: BODY_FORMAT },
    defaults: { body_format: 'storage' },
    description: 'One blog post with its body and version.',
  }),
  c({
    slug: 'CONFLUENCE_CREATE_BLOGPOST',
    name: 'Create blog post',
    method: 'POST',
    path: '/api/v2/blogposts',
    input: {
      space_id: SPACE_ID,
      title: s.string('Title'),
      body: BODY,
      status: s.enum(['current', 'draft'], 'Publish now or keep as draft', { default: 'current' }),
    },
    required: ['space_id', 'title'],
    body: (a) => drop({ spaceId: a.space_id, title: a.title, status: a.status ?? 'current', body: asBody(a.body) }),
    description: 'Publish a blog post in a space. Returns id and _links.webui.',
  }),
  c({
    slug: 'CONFLUENCE_GET_TASKS',
    name: 'Tasks',
    method: 'GET',
    path: '/api/v2/tasks',
    input: {
      status: s.enum(['complete', 'incomplete'], 'Task status'),
      space_id: s.strings('Only in these spaces'),
      page_id: s.strings('Only on these pages'),
      assigned_to: s.strings('Only assigned to these account ids'),
      created_by: s.strings('Only created by these account ids'),
      limit: LIMIT,
      cursor: CURSOR,
    },
    description: 'Action items (checkbox tasks) on pages, filtered by status, place and people.',
  }),
  c({
    slug: 'CONFLUENCE_UPDATE_TASK',
    name: 'Complete or reopen task',
    method: 'PUT',
    path: '/api/v2/tasks/{id}',
    input: {
      id: s.string('Task id (from CONFLUENCE_GET_TASKS)'),
      status: s.enum(['complete', 'incomplete'], 'New status'),
    },
    required: ['id', 'status'],
    description: 'Tick or untick an action item on a page.',
  }),
  c({
    slug: 'CONFLUENCE_CQL_SEARCH',
    name: 'Search (CQL)',
    important: true,
    method: 'GET',
    path: '/rest/api/search',
    input: {
      cql: s.string('CQL, e.g. text ~ "onboarding" AND space = ENG AND type = page'),
      limit: s.integer('Results per page', { default: 25 }),
      cursor: s.string('cursor from _links.next'),
      excerpt: s.enum(['highlight', 'indexed', 'none'], 'Kind of excerpt'),
    },
    required: ['cql'],
    description:
      'Full-text and structured search with Confluence Query Language: words in pages (text ~), titles, labels, spaces, types, authors, dates. Results carry content.id, title, excerpt and url.',
  }),
  c({
    slug: 'CONFLUENCE_SEARCH_USERS',
    name: 'Search users',
    method: 'GET',
    path: '/rest/api/search/user',
    input: { cql: s.string('User CQL, e.g. user.fullname ~ "Ana"'), limit: s.integer('Results', { default: 25 }) },
    required: ['cql'],
    description: 'Find people by name with user CQL; results hold user.accountId.',
  }),
];

/** Basic auth with an Atlassian account email and a scoped API token, through the same gateway. */
const scopedToken: AuthSchemeDef = {
  mode: 'BASIC',
  name: 'Scoped API token',
  authConfigFields: { required: [], optional: [] },
  connectionFields: {
    required: [
      field('username', 'Email', 'Your Atlassian account email'),
      field(
        'password',
        'API token',
        'An API token with scopes, from id.atlassian.com → Security → API tokens',
        true,
        true,
      ),
      field('cloud_id', 'Cloud id', 'Your site id: cloudId at https://<site>.atlassian.net/_edge/tenant_info'),
    ],
    optional: [],
  },
  placement: [{ in: 'basic', usernameField: 'username', passwordField: 'password' }],
};

export const confluence = standaloneToolkit(
  {
    slug: 'confluence',
    name: 'Confluence',
    description:
      'Confluence Cloud wiki: spaces, pages (read, create, update, move, delete), blog posts, comments, labels, tasks and CQL search.',
    appUrl: 'https://www.atlassian.com/software/confluence',
    categories: [
      { slug: 'collaboration-communication', name: 'Collaboration & Communication' },
      { slug: 'document-file-management', name: 'Document & File Management' },
    ],
    baseUrl: CONFLUENCE_GATEWAY,
    getCurrentUserEndpoint: '/rest/api/user/current',
    authSchemes: [
      atlassianOAuth2({
        baseUrl: CONFLUENCE_GATEWAY,
        scopes: [
          'read:page:confluence',
          'write:page:confluence',
          'delete:page:confluence',
          'read:space:confluence',
          'read:blogpost:confluence',
          'write:blogpost:confluence',
          'read:comment:confluence',
          'write:comment:confluence',
          'read:attachment:confluence',
          'read:label:confluence',
          'write:label:confluence',
          'read:task:confluence',
          'read:content-details:confluence',
          'search:confluence',
          'read:confluence-user',
          'offline_access',
        ],
        // the site is found after the exchange; either field only picks among several granted sites
        hints: [
          field('cloud_id', 'Cloud id', 'Optional: the site to use when you can reach several (cloudId)', false),
          SITE_SUBDOMAIN_HINT,
        ],
      }),
      scopedToken,
    ],
  },
  confluenceTools,
);
