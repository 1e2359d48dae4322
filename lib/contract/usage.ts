import { z } from 'zod';

/** Metering entities Junction counts: tool executions, proxy calls and tool router sessions. */
export const USAGE_ENTITY_TYPES = ['tool_calls', 'proxy_calls', 'sessions'] as const;
export type UsageEntityType = (typeof USAGE_ENTITY_TYPES)[number];

const ids = z.array(z.string().min(1).max(255)).max(100).nullable().optional();
const Range = {
  from: z.number().int().nonnegative().optional(),
  to: z.number().int().nonnegative().optional(),
};
const ProjectFilters = z.object({ user_id: ids, session_id: ids }).nullable().optional();
const OrgFilters = z.object({ user_id: ids, session_id: ids, project_id: ids }).nullable().optional();

export const UsageSummaryBody = z.object({
  ...Range,
  entity_types: z.array(z.string().max(100)).max(20).optional(),
  filters: ProjectFilters,
});
export const OrgUsageSummaryBody = UsageSummaryBody.extend({ filters: OrgFilters });

export const UsageBreakdownBody = z.object({
  ...Range,
  group_by: z.string().max(100).optional(),
  order_by: z.enum(['key', 'total_quantity', 'event_count']).optional(),
  order_direction: z.enum(['asc', 'desc']).optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  filters: ProjectFilters,
});
export const OrgUsageBreakdownBody = UsageBreakdownBody.extend({ filters: OrgFilters });

export type UsageSummaryBody = z.infer<typeof OrgUsageSummaryBody>;
export type UsageBreakdownBody = z.infer<typeof OrgUsageBreakdownBody>;

export const UsageEntityParams = z.object({ entity_type: z.string().min(1).max(100) });

export const UsageSummary = z.object({
  entities: z.record(z.string(), z.object({ unit: z.string(), total_quantity: z.string(), event_count: z.number() })),
});
export const UsageBreakdown = z.object({
  entity_type: z.string(),
  unit: z.string(),
  total_quantity: z.string(),
  event_count: z.number(),
  groups: z.array(z.object({ key: z.string(), total_quantity: z.string(), event_count: z.number() })),
});
