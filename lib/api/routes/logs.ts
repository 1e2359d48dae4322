import { route } from '../router';
import * as c from '../../contract/logs';
import { getToolExecutionLog, searchToolExecutionLogs } from '../../services/logs/search';

const tag = 'Logs';

/** The v3.1 execution-log API the SDK's `composio.logs` calls (search is a POST with a JSON body). */
export const toolExecutionLogRoutes = [
  route({
    method: 'POST',
    path: '/logs/tool_execution',
    tag,
    auth: 'project',
    summary: 'Search tool execution logs (filters, time range, cursor; newest first)',
    body: c.LogSearchBody,
    response: c.LogSearchResponse,
    handler: ({ rt, auth, body }) => searchToolExecutionLogs(rt, auth.projectId, body),
  }),
  route({
    method: 'GET',
    path: '/logs/tool_execution/{id}',
    tag,
    auth: 'project',
    summary: 'One tool execution log with its timings, context and source',
    params: c.LogIdParams,
    response: c.LogDetail,
    handler: ({ rt, auth, params }) => getToolExecutionLog(rt, auth.projectId, params.id),
  }),
];
