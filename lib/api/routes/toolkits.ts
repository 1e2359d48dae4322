import { route } from '../router';
import * as c from '../../contract/toolkits';
import { getToolkitFor, listCategories, listToolkitsFor } from '../../services/toolkits/list';
import { toolkitChangelog } from '../../services/toolkits/changelog';
import { composioToolkitDef } from '../../services/tool-router/direct';
import { toolkitDetail } from '../../services/toolkits/view';

const tag = 'Toolkits';

export const toolkitRoutes = [
  route({
    method: 'GET',
    path: '/toolkits',
    tag,
    auth: 'project',
    summary: 'List toolkits',
    query: c.ListToolkitsQuery,
    response: c.ToolkitList,
    handler: ({ rt, auth, query }) => listToolkitsFor(rt, auth.projectId, query),
  }),
  route({
    method: 'GET',
    path: '/toolkits/categories',
    tag,
    auth: 'project',
    summary: 'List toolkit categories',
    response: c.CategoryList,
    handler: ({ rt, auth }) => listCategories(rt, auth.projectId),
  }),
  // literal paths: the router ranks static segments before `{slug}`, so "changelog" is never a slug
  route({
    method: 'GET',
    path: '/toolkits/changelog',
    tag,
    auth: 'project',
    summary: 'Version history of every toolkit',
    response: c.ToolkitChangelog,
    handler: ({ rt, auth }) => toolkitChangelog(rt, auth.projectId),
  }),
  route({
    method: 'POST',
    path: '/toolkits/multi',
    tag,
    auth: 'project',
    summary: 'Get several toolkits by slug, with the list filters',
    body: c.MultiToolkitsBody,
    response: c.ToolkitList,
    handler: ({ rt, auth, body }) =>
      listToolkitsFor(rt, auth.projectId, {
        slugs: body.toolkits,
        category: body.category,
        managed_by: body.managed_by,
        sort_by: body.sort_by,
        cursor: body.cursor,
        limit: body.limit ?? undefined,
      }),
  }),
  route({
    method: 'GET',
    path: '/toolkits/{slug}',
    tag,
    auth: 'project',
    summary: 'Get a toolkit with its auth schemes',
    params: c.ToolkitSlugParams,
    query: c.ToolkitGetQuery,
    response: c.Toolkit,
    handler: ({ rt, auth, params }) =>
      params.slug.toLowerCase() === 'composio'
        ? toolkitDetail(composioToolkitDef())
        : getToolkitFor(rt, auth.projectId, params.slug),
  }),
];
