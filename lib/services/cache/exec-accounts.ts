import { changedHere } from './bus';

/**
 * The change notice for what tool execution reads of a connected account and its auth config. The
 * database raises it (`exec_account:<project id>`, triggers in drizzle/0015) for every write that
 * matters, in every process; writers in this process also call `execAccountsChanged` after their
 * transaction commits, so the very next request here never waits for the notice to come back.
 */
export const EXEC_ACCOUNT_CHANGE = 'exec_account';

export function execAccountsChanged(projectId: string) {
  changedHere(EXEC_ACCOUNT_CHANGE, projectId);
}
