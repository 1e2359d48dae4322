import { route } from '../router';
import * as c from '../../contract/toolkits';
import { getToolkitFor, listCategories, listToolkitsFor } from '../../services/toolkits/list';

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
  route({
    method: 'GET',
    path: '/toolkits/{slug}',
    tag,
    auth: 'project',
    summary: 'Get a toolkit with its auth schemes',
    params: c.ToolkitSlugParams,
    query: c.ToolkitGetQuery,
    response: c.Toolkit,
    handler: ({ rt, auth, params }) => getToolkitFor(rt, auth.projectId, params.slug),
  }),
];
