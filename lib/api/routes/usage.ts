import { route } from '../router';
import * as c from '../../contract/usage';
import { usageBreakdown, usageSummary } from '../../services/usage/meter';

const tag = 'Usage';

/** Usage metering: a project's own (project key) and an organization's (org key, optionally per project). */
export const usageRoutes = [
  route({
    method: 'POST',
    path: '/project/usage/summary',
    tag,
    auth: 'project',
    summary: "Totals per metering entity type for the project's usage",
    body: c.UsageSummaryBody,
    response: c.UsageSummary,
    handler: ({ rt, auth, body }) => usageSummary(rt, { projectId: auth.projectId }, body),
  }),
  route({
    method: 'POST',
    path: '/project/usage/{entity_type}',
    tag,
    auth: 'project',
    summary: "The project's usage of one entity type, grouped by a dimension",
    params: c.UsageEntityParams,
    body: c.UsageBreakdownBody,
    response: c.UsageBreakdown,
    handler: ({ rt, auth, params, body }) =>
      usageBreakdown(rt, { projectId: auth.projectId }, params.entity_type, body),
  }),
  route({
    method: 'POST',
    path: '/org/usage/summary',
    tag,
    auth: 'org',
    summary: "Totals per metering entity type across the organization's projects",
    body: c.OrgUsageSummaryBody,
    response: c.UsageSummary,
    handler: ({ rt, auth, body }) => usageSummary(rt, { orgId: auth.orgId }, body),
  }),
  route({
    method: 'POST',
    path: '/org/usage/{entity_type}',
    tag,
    auth: 'org',
    summary: "The organization's usage of one entity type, grouped by a dimension",
    params: c.UsageEntityParams,
    body: c.OrgUsageBreakdownBody,
    response: c.UsageBreakdown,
    handler: ({ rt, auth, params, body }) => usageBreakdown(rt, { orgId: auth.orgId }, params.entity_type, body),
  }),
];
