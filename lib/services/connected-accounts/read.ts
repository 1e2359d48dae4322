import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import type { Tx } from '../../db/client';
import {
  authConfigs,
  connectedAccountEvents,
  connectedAccounts,
  projects,
  type ProjectSettings,
} from '../../db/schema';
import type { ListConnectedAccountsQuery } from '../../contract/connected-accounts';
import { isId } from '../../crypto/ids';
import { errors } from '../../contract/errors';
import { decodeCursor, pageOf } from '../../contract/query';
import { accountTypeFilter } from './sharing';
import { accountView, type AccountRow, type AccountViewRow, type AuthConfigRow } from './view';

/**
 * Schemes this server can operate. Accounts of other schemes (imported from another
 * deployment, or of a scheme a custom toolkit once declared) are stored but answer 501.
 */
export const OPERATED_SCHEMES = new Set([
  'OAUTH2',
  'OAUTH1',
  'API_KEY',
  'BEARER_TOKEN',
  'BASIC',
  'NO_AUTH',
  'S2S_OAUTH2',
  'GOOGLE_SERVICE_ACCOUNT',
  // remote MCP servers' own OAuth (lib/services/mcp-client/oauth.ts): only on MCP toolkits
  'DCR_OAUTH',
  'CIMD_OAUTH',
]);

const acColumns = { id: authConfigs.id, uuid: authConfigs.uuid, type: authConfigs.type, status: authConfigs.status };

export function checkAccountId(id: string) {
  if (!isId('connectedAccount', id)) throw errors.invalidId('connected account', id);
}

/**
 * The hottest read of the API, in plain SQL: columns come back under the property names the view
 * reads, so no ORM mapping runs per request (on this route drizzle's query wrapper and row mapping
 * were ~4 % of the main thread). A named prepared statement on PostgreSQL. The shape is checked
 * against the ORM's (tests/integration/connected-account-read.test.ts).
 */
const READ_SQL = `select ca.id, ca.project_id as "projectId", ca.uuid, ca.toolkit_slug as "toolkitSlug",
    ca.alias, ca.word_id as "wordId", ca.auth_scheme as "authScheme", ca.status,
    ca.status_reason as "statusReason", ca.is_disabled as "isDisabled", ca.state_enc as "stateEnc",
    ca.params, ca.labels, ca.test_request_endpoint as "testRequestEndpoint",
    ca.created_at as "createdAt", ca.updated_at as "updatedAt", ca.user_id as "userId",
    ac.id as "acId", ac.uuid as "acUuid", ac.type as "acType", ac.status as "acStatus", p.settings
  from connected_accounts ca
  join auth_configs ac on ac.id = ca.auth_config_id
  join projects p on p.id = ca.project_id
  where ca.id = $1 and ca.deleted_at is null and p.deleted_at is null
  limit 1`;

type ReadRow = AccountViewRow & {
  projectId: string;
  acId: string;
  acUuid: string;
  acType: AuthConfigRow['type'];
  acStatus: AuthConfigRow['status'];
  settings: ProjectSettings;
};

/**
 * Read one account. Absent, deleted and another project's account are one answer, 404: a
 * different status for "exists elsewhere" would tell any key which ids are live in other
 * projects (every other resource answers the same way).
 * Secrets are masked unless the project turned masking off (view.ts, `masksSecrets`); `reveal`
 * returns them in clear for the audited reveal route whatever the setting.
 */
export async function getConnectedAccount(
  rt: Runtime,
  projectId: string,
  id: string,
  opts: { reveal?: boolean; showUserId?: boolean } = {},
) {
  checkAccountId(id);
  const { rows } = await rt.database.query<ReadRow>(READ_SQL, [id], 'connected_account_read');
  const row = rows[0];
  if (!row || row.projectId !== projectId)
    throw errors.notFound('Connected account', id, 'ConnectedAccount_NotFound', 1801);
  if (!OPERATED_SCHEMES.has(row.authScheme)) {
    throw errors.notImplemented(
      `Connected accounts with auth scheme ${row.authScheme} are not supported by this server`,
      'Re-create the connection with a supported scheme: OAUTH2, OAUTH1, API_KEY, BEARER_TOKEN, BASIC or NO_AUTH.',
    );
  }
  const settings = row.settings ?? {};
  return accountView(
    row,
    { id: row.acId, uuid: row.acUuid, type: row.acType, status: row.acStatus },
    settings,
    rt.keyring,
    { ...(opts.reveal ? { mask: false } : {}), showUserId: opts.showUserId },
  );
}

/** Load the row of a live account of this project (for verbs that change it). */
export async function loadAccount(db: Tx, projectId: string, id: string, lock = false): Promise<AccountRow> {
  checkAccountId(id);
  const q = db
    .select()
    .from(connectedAccounts)
    .where(
      and(
        eq(connectedAccounts.id, id),
        eq(connectedAccounts.projectId, projectId),
        isNull(connectedAccounts.deletedAt),
      ),
    )
    .limit(1);
  const rows = lock ? await q.for('update') : await q;
  if (!rows[0]) throw errors.notFound('Connected account', id, 'ConnectedAccount_NotFound', 1801);
  return rows[0];
}

export async function listConnectedAccounts(rt: Runtime, projectId: string, q: ListConnectedAccountsQuery) {
  const limit = q.limit ?? 20;
  const page = decodeCursor(q.cursor);
  const where: SQL[] = [eq(connectedAccounts.projectId, projectId), isNull(connectedAccounts.deletedAt)];
  if (q.auth_config_ids) where.push(inArray(connectedAccounts.authConfigId, q.auth_config_ids));
  if (q.connected_account_ids) where.push(inArray(connectedAccounts.id, q.connected_account_ids));
  if (q.toolkit_slugs)
    where.push(
      inArray(
        connectedAccounts.toolkitSlug,
        q.toolkit_slugs.map((s) => s.toLowerCase()),
      ),
    );
  if (q.user_ids) where.push(inArray(connectedAccounts.userId, q.user_ids));
  if (q.statuses) where.push(inArray(connectedAccounts.status, q.statuses));
  const kind = accountTypeFilter(q.account_type);
  if (kind) where.push(kind);
  if (q.search) {
    const like = `%${q.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(connectedAccounts.id, like),
        ilike(connectedAccounts.alias, like),
        ilike(connectedAccounts.wordId, like),
        eq(connectedAccounts.userId, q.search),
      )!,
    );
  }
  const filter = and(...where);
  const col = q.order_by === 'updated_at' ? connectedAccounts.updatedAt : connectedAccounts.createdAt;
  const dir = q.order_direction === 'asc' ? asc : desc;
  const [rows, total, settings] = await Promise.all([
    rt.db
      .select({ account: connectedAccounts, ac: acColumns })
      .from(connectedAccounts)
      .innerJoin(authConfigs, eq(authConfigs.id, connectedAccounts.authConfigId))
      .where(filter)
      .orderBy(dir(col), dir(connectedAccounts.id))
      .limit(limit)
      .offset((page - 1) * limit),
    rt.db.select({ n: count() }).from(connectedAccounts).where(filter),
    rt.db.select({ settings: projects.settings }).from(projects).where(eq(projects.id, projectId)).limit(1),
  ]);
  const s = settings[0]?.settings ?? {};
  return pageOf(
    rows.map((r) => accountView(r.account, r.ac, s, rt.keyring, { showUserId: q.show_user_id })),
    Number(total[0]?.n ?? 0),
    page,
    limit,
  );
}

export async function accountTimeline(rt: Runtime, projectId: string, id: string) {
  await loadAccount(rt.db, projectId, id);
  const rows = await rt.db
    .select()
    .from(connectedAccountEvents)
    .where(and(eq(connectedAccountEvents.projectId, projectId), eq(connectedAccountEvents.connectedAccountId, id)))
    .orderBy(asc(connectedAccountEvents.createdAt));
  return {
    items: rows.map((r) => ({
      from_status: r.fromStatus,
      to_status: r.toStatus,
      reason: r.reason,
      actor: r.actor,
      created_at: r.createdAt.toISOString(),
    })),
  };
}
