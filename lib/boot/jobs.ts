import type { JobDef } from '../jobs/registry';
import { expireStaleConnectionsJob } from '../services/connected-accounts/expire';
import { webhookSweepJob } from '../services/webhooks/sweep';
import { pollJob as triggerPollJob, sweepJob as triggerSweepJob } from '../services/triggers/poll';
import { refreshDueTokensJob } from '../services/oauth/tokens';
import { toolLogRetentionJob } from '../services/logs/retention';
import { auditRetentionJob } from '../services/audit/retention';
import { mcpOAuthPruneJob } from '../services/mcp-auth/prune';

/** Every job of the service, handed to the workers at start. An area adds its jobs here. */
export const jobs: JobDef[] = [
  expireStaleConnectionsJob,
  refreshDueTokensJob,
  webhookSweepJob,
  triggerPollJob,
  triggerSweepJob,
  toolLogRetentionJob,
  auditRetentionJob,
  mcpOAuthPruneJob,
];
