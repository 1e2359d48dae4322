import { z } from 'zod';

/** `POST /logs/tool_execution`: search the execution log (filters are AND-combined). */
export const LOG_FILTER_FIELDS = [
  'tool_slug',
  'toolkit_slug',
  'connected_account_id',
  'auth_config_id',
  'status',
  'user_id',
  'session_id',
  'sandbox_id',
  'request_id',
  'log_id',
] as const;

export const LogSearchBody = z.object({
  limit: z.number().int().min(1).max(100).optional(),
  cursor: z.string().max(500).nullable().optional(),
  filters: z
    .array(
      z.object({
        field: z.enum(LOG_FILTER_FIELDS),
        operator: z.enum(['==', '!=', 'contains', 'not_contains']),
        value: z.string().max(500),
      }),
    )
    .max(50)
    .optional(),
  time_range: z
    .object({ from: z.number().int().nonnegative(), to: z.number().int().nonnegative() })
    .refine((r) => r.from <= r.to, { message: 'from must not be after to' })
    .optional(),
});
export type LogSearchBody = z.infer<typeof LogSearchBody>;

const LogEntry = z.object({
  id: z.string(),
  timestamp: z.string(),
  type: z.string(),
  status: z.enum(['success', 'failed']),
  level: z.enum(['info', 'error', 'warn']),
  message: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()),
  metrics: z.record(z.string(), z.number()),
  parent: z.object({ log_id: z.string(), tool_slug: z.string() }).nullable(),
});

export const LogSearchResponse = z.object({ logs: z.array(LogEntry), next_cursor: z.string().nullable() });

export const LogDetail = LogEntry.extend({
  timings: z.object({ start_time: z.number(), end_time: z.number() }).optional(),
  context: z.object({
    session_id: z.string().optional(),
    trace_id: z.string().optional(),
    request_id: z.string().optional(),
  }),
  source: z.object({ host: z.string().optional(), framework: z.string().optional(), language: z.string().optional() }),
  data: z.record(z.string(), z.unknown()),
});

export const LogIdParams = z.object({ id: z.string().min(1).max(100) });
