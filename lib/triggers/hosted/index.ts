import type { Item, PollTypeDef } from '../types';
import { CANVAS_HOSTED_POLL_TYPES } from './canvas';
import { GITHUB_HOSTED_POLL_TYPES } from './github';
import { GOOGLE_HOSTED_POLL_TYPES } from './google';
import { WORK_HOSTED_POLL_TYPES } from './work';

/**
 * Poll types declared under the hosted service's trigger names (scripts/catalog/hosted-triggers/
 * lists them per toolkit), grouped by toolkit family.
 */
export const HOSTED_POLL_TYPES: PollTypeDef[] = [
  ...GITHUB_HOSTED_POLL_TYPES,
  ...GOOGLE_HOSTED_POLL_TYPES,
  ...WORK_HOSTED_POLL_TYPES,
  ...CANVAS_HOSTED_POLL_TYPES,
];

/**
 * A hosted name for an existing poll type with other defaults: the same list call and payload,
 * declared as data. `defaults` fill trigger_config before the type sees it (e.g. Gmail's SENT label).
 */
export interface PollAlias {
  slug: string;
  base: string;
  name: string;
  description: string;
  defaults?: Record<string, unknown>;
}

export const HOSTED_ALIASES: PollAlias[] = [
  {
    slug: 'GMAIL_EMAIL_SENT_TRIGGER',
    base: 'GMAIL_NEW_GMAIL_MESSAGE',
    name: 'Email sent',
    description:
      'Fires once for each message sent from the mailbox (the SENT label), with sender, recipients, subject, time and thread id.',
    defaults: { labelIds: 'SENT' },
  },
  {
    slug: 'GOOGLECALENDAR_GOOGLE_CALENDAR_EVENT_CHANGE_TRIGGER',
    base: 'GOOGLECALENDAR_EVENT_CHANGED_TRIGGER',
    name: 'Calendar event changes',
    description:
      'Fires when an event of the calendar is created, changed or cancelled (each change of `updated` is one event).',
  },
  {
    slug: 'GOOGLECALENDAR_GOOGLE_CALENDAR_EVENT_SYNC_TRIGGER',
    base: 'GOOGLECALENDAR_EVENT_CHANGED_TRIGGER',
    name: 'Calendar event sync',
    description:
      'Fires with the full event (details, attendees, organizer) each time an event of the calendar is created or changed.',
  },
  {
    slug: 'GOOGLEDRIVE_FILE_CREATED_TRIGGER',
    base: 'GOOGLEDRIVE_NEW_FILE_POLL',
    name: 'File created',
    description: 'Fires once for each file created in Google Drive (optionally inside one folder).',
  },
  {
    slug: 'GOOGLETASKS_NEW_TASK_CREATED_TRIGGER',
    base: 'GOOGLETASKS_NEW_TASK_POLL',
    name: 'New task created',
    description: 'Fires once for each task added to a Google Tasks list.',
  },
  {
    slug: 'OUTLOOK_SENT_MESSAGE_TRIGGER',
    base: 'OUTLOOK_MESSAGE_TRIGGER',
    name: 'New sent message',
    description: 'Fires once for each message sent from the Outlook mailbox (the Sent Items folder).',
    defaults: { folderId: 'sentitems' },
  },
  {
    slug: 'JIRA_NEW_ISSUE_TRIGGER',
    base: 'JIRA_NEW_ISSUE_POLL',
    name: 'New issue',
    description: 'Fires once for each issue created in the Jira project configured (or matching a JQL filter).',
  },
  ...(['PRIVATE', 'PUBLIC'] as const).map((kind) => ({
    slug: `LINEAR_${kind}_TEAM_ISSUE_CREATED`,
    base: 'LINEAR_ISSUE_CREATED_TRIGGER',
    name: `${kind === 'PUBLIC' ? 'Public' : 'Private'} team issue created`,
    description: `Fires once for each issue created in a ${kind.toLowerCase()} Linear team, read with the connected user's token, in Linear's webhook envelope.`,
  })),
];

export function aliasTypes(types: PollTypeDef[], aliases: PollAlias[]): PollTypeDef[] {
  const bySlug = new Map(types.map((t) => [t.slug, t]));
  return aliases.map((a) => {
    const base = bySlug.get(a.base);
    if (!base) throw new Error(`trigger alias ${a.slug}: no poll type ${a.base}`);
    const d = a.defaults ?? {};
    const withDefaults = (c: Record<string, any>) => ({ ...d, ...c });
    const props = ((base.config as { properties?: Record<string, Record<string, unknown>> }).properties ??
      {}) as Record<string, Record<string, unknown>>;
    return {
      ...base,
      slug: a.slug,
      name: a.name,
      description: a.description,
      config: {
        ...base.config,
        properties: Object.fromEntries(
          Object.entries(props).map(([k, v]) => [k, k in d ? { ...v, default: d[k] } : v]),
        ),
      },
      args: (c, cur) => base.args(withDefaults(c), cur),
      ...(base.filter ? { filter: (i: Item, c: Record<string, any>) => base.filter!(i, withDefaults(c)) } : {}),
      ...(base.enrich
        ? {
            enrich: {
              tool: base.enrich.tool,
              args: (i: Item, c: Record<string, any>) => base.enrich!.args(i, withDefaults(c)),
            },
          }
        : {}),
      map: (i, c, ch) => base.map(i, withDefaults(c), ch),
    };
  });
}
