/** The overview's list queries, shared by the server page (prefetch) and the client widgets. */
export const STATUSES = ['ACTIVE', 'INITIATED', 'INITIALIZING', 'EXPIRED', 'FAILED', 'INACTIVE'] as const;
export const STATUS_QUERIES = STATUSES.map((s) => ({ statuses: s, limit: 1 }));
export const ATTENTION_QUERY = { statuses: 'EXPIRED,FAILED', limit: 10, order_by: 'updated_at' };
