/** The overview's list queries, shared by the server page (prefetch) and the client widgets. */
export const STATUSES = ['ACTIVE', 'INITIATED', 'INITIALIZING', 'EXPIRED', 'FAILED', 'INACTIVE'] as const;
// account_type ALL: the API lists PRIVATE accounts unless asked; the dashboard counts SHARED ones too
export const STATUS_QUERIES = STATUSES.map((s) => ({ statuses: s, limit: 1, account_type: 'ALL' }));
export const ATTENTION_QUERY = { statuses: 'EXPIRED,FAILED', limit: 10, order_by: 'updated_at', account_type: 'ALL' };
