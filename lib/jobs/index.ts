import type { JobDef } from './registry';
import { expireStaleConnectionsJob } from '../services/connected-accounts/expire';
import { webhookSweepJob } from '../services/webhooks/sweep';
import { pollJob as triggerPollJob, sweepJob as triggerSweepJob } from '../services/triggers/poll';
import { refreshDueTokensJob } from '../services/oauth/tokens';
import { toolLogRetentionJob } from '../services/logs/retention';

/** Every job of the service. An area adds its jobs here. */
export const jobs: JobDef[] = [expireStaleConnectionsJob, refreshDueTokensJob, webhookSweepJob, triggerPollJob, triggerSweepJob, toolLogRetentionJob];
