/**
 * Figma in the hosted vocabulary, over the operations generated from Figma's own description
 * (@figma/rest-api-spec, compiled by scripts/catalog/build.ts). Figma's parameters are snake_case
 * already, so hosted and provider names agree. The curated tools are the ones an agent reaches
 * for first, with descriptions that say where the ids come from: a file_key and node ids are in
 * every Figma URL (figma.com/design/<file_key>/…?node-id=1-2), team and project ids in the URLs of
 * the team and project pages — the API cannot list teams.
 */
import { composite, params, s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import { type CuratedTool, ToolArgumentError } from './types';

const same = (k: string) => k;
const f = (def: RestDef): CuratedTool => restMapping({ ...def, tags: def.tags ?? ['figma'] }, same, 'figma');

const FILE_KEY = s.string('File key: the part after /design/ (or /file/, /board/) in the file URL');
const IDS = s.string('Comma-separated node ids, e.g. 1:2,1:3 (node-id=1-2 in a URL is 1:2)');
const TEAM_ID = s.string('Team id: the number after /team/ in the team page URL');
const COMMENT_ID = s.string('Comment id (id from FIGMA_GET_COMMENTS_IN_A_FILE)');
const VERSION = s.string('A version id from FIGMA_GET_VERSIONS_OF_A_FILE; the current version when absent');
const DEPTH = s.integer('How many levels of children to return (1 = pages only)');
const PAGE_SIZE = s.integer('Items per page (at most 1000)', { default: 30 });
const AFTER = s.integer('cursor.after of the previous page');

/** `node-id=1-2` in a URL is the API's node id `1:2`. */
const nodeIds = (v: unknown) => (typeof v === 'string' ? v.replace(/(\d+)-(\d+)/g, '$1:$2') : v);

export const figmaTools: CuratedTool[] = [
  composite({
    slug: 'FIGMA_DISCOVER_FIGMA_RESOURCES',
    name: 'Read ids from a Figma URL',
    important: true,
    tags: ['figma'],
    input: params({ figma_url: s.string('Any figma.com link: file, design, board, proto, slides, team or project') }, [
      'figma_url',
    ]),
    description:
      'Take the ids the other Figma tools need out of a link the user pasted: file_key (and branch_key), node_id in API form (1:2), team_id or project_id, and the kind of link. Makes no API call; follow with FIGMA_GET_FILE_JSON, FIGMA_GET_FILE_NODES or FIGMA_GET_FILES_IN_A_PROJECT.',
    async run(_ctx, a) {
      let u: URL;
      try {
        u = new URL(String(a.figma_url).trim());
      } catch {
        throw new ToolArgumentError('figma_url is not a URL');
      }
      if (!/(^|\.)figma\.com$/.test(u.hostname)) throw new ToolArgumentError('figma_url is not a figma.com link');
      const parts = u.pathname.split('/').filter(Boolean);
      const out: Record<string, unknown> = {};
      const kinds = ['file', 'design', 'board', 'proto', 'slides', 'deck', 'make', 'site'];
      const at = parts.findIndex((p) => kinds.includes(p));
      if (at >= 0 && parts[at + 1]) {
        out.kind = parts[at];
        out.file_key = parts[at + 1];
        if (parts[at + 2] === 'branch' && parts[at + 3]) out.branch_key = parts[at + 3];
        if (parts[at + 2] && parts[at + 2] !== 'branch') out.file_name = decodeURIComponent(parts[at + 2]!);
      }
      const team = parts.indexOf('team');
      if (team >= 0 && parts[team + 1]) out.team_id = parts[team + 1];
      const project = parts.indexOf('project');
      if (project >= 0 && parts[project + 1]) out.project_id = parts[project + 1];
      const node = u.searchParams.get('node-id');
      if (node) out.node_id = nodeIds(node);
      if (!Object.keys(out).length) throw new ToolArgumentError('no Figma file, team or project id in figma_url');
      return out;
    },
  }),
  f({
    slug: 'FIGMA_GET_FILE_JSON',
    name: 'Get file',
    important: true,
    method: 'GET',
    path: '/v1/files/{file_key}',
    input: {
      file_key: FILE_KEY,
      ids: IDS,
      depth: DEPTH,
      version: VERSION,
      geometry: s.string('paths to include vector data'),
      plugin_data: s.string('Plugin ids (or "shared") whose data to include'),
      branch_data: s.boolean('Include branch metadata'),
    },
    normalize: (a) => ({ ...a, ids: nodeIds(a.ids) }),
    description:
      'The document tree of a design file: pages, frames and layers with their properties, plus components and styles used. Large files are big: pass depth=1 or 2 to see the structure first, then read parts with FIGMA_GET_FILE_NODES. FigJam and Slides files are refused by Figma.',
  }),
  f({
    slug: 'FIGMA_GET_FILE_NODES',
    name: 'Get nodes of a file',
    important: true,
    method: 'GET',
    path: '/v1/files/{file_key}/nodes',
    input: {
      file_key: FILE_KEY,
      ids: IDS,
      depth: DEPTH,
      version: VERSION,
      geometry: s.string('paths to include vector data'),
      plugin_data: s.string('Plugin ids (or "shared") whose data to include'),
    },
    required: ['file_key', 'ids'],
    normalize: (a) => ({ ...a, ids: nodeIds(a.ids) }),
    description:
      'Only the named nodes of a file, each with its subtree (nodes.<id>.document), components and styles. Cheaper than the whole file; a null entry means the id does not exist.',
  }),
  f({
    slug: 'FIGMA_RENDER_IMAGES_OF_FILE_NODES',
    name: 'Render nodes as images',
    important: true,
    method: 'GET',
    path: '/v1/images/{file_key}',
    input: {
      file_key: FILE_KEY,
      ids: IDS,
      format: s.enum(['png', 'jpg', 'svg', 'pdf'], 'Image format', { default: 'png' }),
      scale: s.number('Scale between 0.01 and 4 (png, jpg)'),
      version: VERSION,
      svg_outline_text: s.boolean('SVG: draw text as outlines'),
      svg_include_id: s.boolean('SVG: add layer names as id attributes'),
      svg_include_node_id: s.boolean('SVG: add node ids as data attributes'),
      svg_simplify_stroke: s.boolean('SVG: simplify inside and outside strokes'),
      contents_only: s.boolean('Leave out overlapping content behind the node'),
      use_absolute_bounds: s.boolean('Use the full node size even when it is cropped'),
    },
    required: ['file_key', 'ids'],
    normalize: (a) => ({ ...a, ids: nodeIds(a.ids) }),
    description:
      'Render frames or layers to images: returns images, a map from node id to a temporary download URL (null when a node could not be rendered). Fetch the URLs soon; they expire.',
  }),
  f({
    slug: 'FIGMA_GET_IMAGE_FILLS',
    name: 'Image fills of a file',
    method: 'GET',
    path: '/v1/files/{file_key}/images',
    input: { file_key: FILE_KEY },
    description:
      'Download URLs of every image used as a fill in a file, keyed by imageRef (the imageRef of a paint in the document tree). The URLs expire after about two weeks.',
  }),
  f({
    slug: 'FIGMA_GET_FILE_METADATA',
    name: 'File metadata',
    method: 'GET',
    path: '/v1/files/{file_key}/meta',
    input: { file_key: FILE_KEY },
    description:
      'Name, creator, last editor and time, thumbnail, editor type and link access of a file, without its tree.',
  }),
  f({
    slug: 'FIGMA_GET_VERSIONS_OF_A_FILE',
    name: 'Version history',
    method: 'GET',
    path: '/v1/files/{file_key}/versions',
    input: { file_key: FILE_KEY, page_size: PAGE_SIZE, before: s.integer('Versions before this id'), after: AFTER },
    description:
      'Saved versions of a file (id, label, description, user, created_at); pass an id as version to other tools.',
  }),
  f({
    slug: 'FIGMA_GET_PROJECTS_IN_A_TEAM',
    name: 'Projects of a team',
    important: true,
    method: 'GET',
    path: '/v1/teams/{team_id}/projects',
    input: { team_id: TEAM_ID },
    description:
      'Projects of a team that the user can see (id, name). The team id comes from the team page URL (FIGMA_DISCOVER_FIGMA_RESOURCES reads it); next, FIGMA_GET_FILES_IN_A_PROJECT.',
  }),
  f({
    slug: 'FIGMA_GET_FILES_IN_A_PROJECT',
    name: 'Files of a project',
    important: true,
    method: 'GET',
    path: '/v1/projects/{project_id}/files',
    input: { project_id: s.string('Project id'), branch_data: s.boolean('Include branches of each file') },
    description: 'Files in a project: key (the file_key of other tools), name, thumbnail_url, last_modified.',
  }),
  f({
    slug: 'FIGMA_GET_COMMENTS_IN_A_FILE',
    name: 'Comments of a file',
    important: true,
    method: 'GET',
    path: '/v1/files/{file_key}/comments',
    input: { file_key: FILE_KEY, as_md: s.boolean('Return comment text as markdown') },
    description:
      'Every comment on a file with its author, message, where it is pinned (client_meta), parent_id for replies, resolved_at and reactions.',
  }),
  f({
    slug: 'FIGMA_ADD_A_COMMENT_TO_A_FILE',
    name: 'Add comment',
    important: true,
    method: 'POST',
    path: '/v1/files/{file_key}/comments',
    input: {
      file_key: FILE_KEY,
      message: s.string('Comment text'),
      comment_id: s.string('Root comment to reply to (replies cannot be nested)'),
      client_meta: s.object(
        {
          x: s.number('Canvas x, or offset within the node'),
          y: s.number('Canvas y, or offset within the node'),
          node_id: s.string('Node to pin the comment to'),
          node_offset: s.object({ x: s.number('x'), y: s.number('y') }, 'Offset within the node'),
        },
        'Where to pin it: a canvas point {x,y} or a node {node_id, node_offset}',
      ),
    },
    required: ['file_key', 'message'],
    description:
      'Comment on a file, optionally pinned to a point or node, or reply to a comment. Returns the new comment.',
  }),
  f({
    slug: 'FIGMA_DELETE_A_COMMENT',
    name: 'Delete comment',
    method: 'DELETE',
    path: '/v1/files/{file_key}/comments/{comment_id}',
    input: { file_key: FILE_KEY, comment_id: COMMENT_ID },
    description: 'Delete a comment the connected user wrote.',
  }),
  f({
    slug: 'FIGMA_GET_REACTIONS_FOR_A_COMMENT',
    name: 'Reactions of a comment',
    method: 'GET',
    path: '/v1/files/{file_key}/comments/{comment_id}/reactions',
    input: { file_key: FILE_KEY, comment_id: COMMENT_ID, cursor: s.string('cursor of the previous page') },
    description: 'Emoji reactions on a comment, with who reacted.',
  }),
  f({
    slug: 'FIGMA_ADD_A_REACTION_TO_A_COMMENT',
    name: 'React to comment',
    method: 'POST',
    path: '/v1/files/{file_key}/comments/{comment_id}/reactions',
    input: { file_key: FILE_KEY, comment_id: COMMENT_ID, emoji: s.string('Emoji shortcode, e.g. :eyes:') },
    required: ['file_key', 'comment_id', 'emoji'],
    description: 'Add an emoji reaction to a comment.',
  }),
  f({
    slug: 'FIGMA_DELETE_A_REACTION',
    name: 'Remove reaction',
    method: 'DELETE',
    path: '/v1/files/{file_key}/comments/{comment_id}/reactions',
    input: { file_key: FILE_KEY, comment_id: COMMENT_ID, emoji: s.string('Emoji shortcode, e.g. :eyes:') },
    required: ['file_key', 'comment_id', 'emoji'],
    description: 'Remove one of your own reactions from a comment.',
  }),
  f({
    slug: 'FIGMA_GET_CURRENT_USER',
    name: 'Current user',
    method: 'GET',
    path: '/v1/me',
    input: {},
    required: [],
    description: 'The connected user: id, handle, email, img_url.',
  }),
  f({
    slug: 'FIGMA_GET_TEAM_COMPONENTS',
    name: 'Team library components',
    method: 'GET',
    path: '/v1/teams/{team_id}/components',
    input: { team_id: TEAM_ID, page_size: PAGE_SIZE, after: AFTER, before: s.integer('cursor.before of the page') },
    description:
      "Components published in a team's library (key, name, file_key, node_id, thumbnail); page with cursor.",
  }),
  f({
    slug: 'FIGMA_GET_FILE_COMPONENTS',
    name: 'Components of a file',
    method: 'GET',
    path: '/v1/files/{file_key}/components',
    input: { file_key: FILE_KEY },
    description: 'Components published from a library file (not a branch): key, name, node_id, containing frame.',
  }),
  f({
    slug: 'FIGMA_GET_COMPONENT2',
    name: 'Get component',
    method: 'GET',
    path: '/v1/components/{key}',
    input: { key: s.string('Component key (key from a components listing, not the node id)') },
    description: 'One published component by key, with the file and node it lives in.',
  }),
  f({
    slug: 'FIGMA_GET_FILE_STYLES',
    name: 'Styles of a file',
    method: 'GET',
    path: '/v1/files/{file_key}/styles',
    input: { file_key: FILE_KEY },
    description: 'Published colour, text, effect and grid styles of a library file (key, name, style_type, node_id).',
  }),
  f({
    slug: 'FIGMA_GET_TEAM_STYLES',
    name: 'Team library styles',
    method: 'GET',
    path: '/v1/teams/{team_id}/styles',
    input: { team_id: TEAM_ID, page_size: PAGE_SIZE, after: AFTER, before: s.integer('cursor.before of the page') },
    description: "Styles published in a team's library; page with cursor.",
  }),
  f({
    slug: 'FIGMA_GET_LOCAL_VARIABLES',
    name: 'Variables of a file',
    method: 'GET',
    path: '/v1/files/{file_key}/variables/local',
    input: { file_key: FILE_KEY },
    description:
      'Variables and collections defined in or used by a file, with their values per mode (design tokens). Enterprise plans only; needs file_variables:read.',
  }),
  f({
    slug: 'FIGMA_GET_TEAM_WEBHOOKS',
    name: 'List webhooks',
    method: 'GET',
    path: '/v2/webhooks',
    input: {
      context: s.enum(['team', 'project', 'file'], 'What the webhooks watch'),
      context_id: s.string('Id of that team or project, or the file key'),
      cursor: s.string('cursor of the previous page'),
    },
    required: ['context', 'context_id'],
    description: 'Webhooks registered on a team, project or file: id, event_type, endpoint, status.',
  }),
  f({
    slug: 'FIGMA_CREATE_A_WEBHOOK',
    name: 'Create webhook',
    method: 'POST',
    path: '/v2/webhooks',
    input: {
      event_type: s.enum(
        [
          'PING',
          'FILE_UPDATE',
          'FILE_VERSION_UPDATE',
          'FILE_DELETE',
          'LIBRARY_PUBLISH',
          'FILE_COMMENT',
          'DEV_MODE_STATUS_UPDATE',
        ],
        'Event to be told about',
      ),
      context: s.enum(['team', 'project', 'file'], 'What to watch'),
      context_id: s.string('Id of that team or project, or the file key'),
      endpoint: s.string('HTTPS URL Figma will POST to'),
      passcode: s.string('Secret echoed in every delivery, to check it came from Figma'),
      status: s.enum(['ACTIVE', 'PAUSED'], 'Start active or paused'),
      description: s.string('Note for yourself'),
    },
    required: ['event_type', 'context', 'context_id', 'endpoint', 'passcode'],
    description:
      'Have Figma POST to a URL when files change, versions are saved, libraries publish or comments arrive.',
  }),
  f({
    slug: 'FIGMA_GET_DEV_RESOURCES',
    name: 'Dev resources of a file',
    method: 'GET',
    path: '/v1/files/{file_key}/dev_resources',
    input: { file_key: FILE_KEY, node_ids: s.string('Comma-separated node ids to limit to') },
    description: 'Links (tickets, code, docs) attached to nodes in Dev Mode: id, name, url, node_id.',
  }),
];
