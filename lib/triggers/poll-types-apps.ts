import type { Item, PollTypeDef } from './types';

/**
 * Poll trigger types of the toolkits declared in code (lib/catalog/curated/*): Linear, Outlook,
 * HubSpot CRM, Sentry, Airtable, Calendly, Discord bot, Microsoft Teams, OneDrive, and the
 * toolkits added with them. Each polls a curated list tool through the same engine as the
 * compiled ones. Slugs are the hosted trigger names where the hosted catalog has the event
 * (LINEAR_ISSUE_CREATED_TRIGGER, OUTLOOK_MESSAGE_TRIGGER …); where it has none, the name ends in
 * `_POLL` like Junction's other polling-only types. The hosted service receives some of these
 * by webhook; polling needs no public URL registered at the provider, so it works self-hosted.
 */
const str = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
const get = (o: unknown, p: string): unknown => p.split('.').reduce<any>((x, k) => (x == null ? undefined : x[k]), o);
const S = (description: string, extra: Record<string, unknown> = {}) => ({ type: 'string', description, ...extra });
const O = (description: string) => ({ type: 'object', description });
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});
/** Discord ids are snowflakes: the top bits are milliseconds since 2015-01-01. */
const snowflakeMs = (id: unknown) =>
  typeof id === 'string' && /^\d{15,20}$/.test(id) ? Number((BigInt(id) >> 22n) + 1420070400000n) : undefined;
/** an ISO time a little before the watermark, so a list filtered by time overlaps the last poll */
const since = (watermark: unknown, slackMs = 60_000) =>
  typeof watermark === 'number' ? new Date(watermark - slackMs).toISOString() : undefined;

export const APP_POLL_TYPES: PollTypeDef[] = [
  {
    slug: 'LINEAR_ISSUE_CREATED_TRIGGER',
    toolkit: 'linear',
    name: 'Issue created',
    tool: 'LINEAR_LIST_ISSUES_BY_TEAM_ID',
    description:
      "Fires once for each issue created in a Linear team. The payload has Linear's webhook envelope: action 'create', type 'Issue', url, and the issue in data.",
    config: obj({ team_id: S('Id of the team whose new issues fire the trigger (LINEAR_LIST_LINEAR_TEAMS)') }, [
      'team_id',
    ]),
    payload: obj(
      {
        action: S('Always create'),
        type: S('Always Issue'),
        url: S('Link to the issue'),
        data: O('The issue: id, identifier, title, description, priority, state, team, assignee, labels, createdAt'),
      },
      ['action', 'data'],
    ),
    args: (c) => ({ team_id: c.team_id, first: 50 }),
    itemsAt: 'issues',
    key: (i) => str(i.id),
    stamp: (i) => str(i.createdAt),
    map: (i) => ({ action: 'create', type: 'Issue', url: i.url, data: i }),
  },
  {
    slug: 'OUTLOOK_MESSAGE_TRIGGER',
    toolkit: 'outlook',
    name: 'New message',
    tool: 'OUTLOOK_LIST_MESSAGES',
    description:
      'Fires once for each new message received in an Outlook mail folder (the inbox unless folderId says otherwise).',
    config: obj({
      folderId: S('Well-known folder name (inbox, archive, junkemail …) or a folder id', { default: 'inbox' }),
    }),
    payload: obj(
      {
        id: S('Message id (for OUTLOOK_GET_MESSAGE)'),
        conversation_id: S('Conversation (thread) id'),
        subject: S('Subject'),
        from: S('Sender address'),
        from_name: S('Sender display name'),
        to: { type: 'array', items: { type: 'string' }, description: 'Recipient addresses' },
        received_date_time: S('When it arrived', { format: 'date-time' }),
        body_preview: S('First characters of the body'),
        is_read: { type: 'boolean' },
        has_attachments: { type: 'boolean' },
        web_link: S('Link that opens the message in Outlook on the web'),
      },
      ['id'],
    ),
    args: (c, cur) => ({
      folder: c.folderId ?? 'inbox',
      top: 50,
      orderby: 'receivedDateTime desc',
      ...(since(cur.watermark) ? { filter: `receivedDateTime ge ${since(cur.watermark)}` } : {}),
    }),
    itemsAt: 'value',
    key: (i) => str(i.id),
    stamp: (i) => str(i.receivedDateTime),
    filter: (i) => !i.isDraft,
    map: (i) => ({
      id: i.id,
      conversation_id: i.conversationId,
      subject: i.subject,
      from: get(i, 'from.emailAddress.address'),
      from_name: get(i, 'from.emailAddress.name'),
      to: ((i.toRecipients as Item[] | undefined) ?? []).map((r) => get(r, 'emailAddress.address')),
      received_date_time: i.receivedDateTime,
      body_preview: i.bodyPreview,
      is_read: !!i.isRead,
      has_attachments: !!i.hasAttachments,
      web_link: i.webLink,
    }),
  },
  {
    slug: 'HUBSPOT_CONTACT_CREATED_TRIGGER',
    toolkit: 'hubspot',
    name: 'Contact created',
    tool: 'HUBSPOT_SEARCH_CRM_OBJECTS_BY_CRITERIA',
    description:
      'Fires once for each contact created in the HubSpot CRM (by a form, an import, the API or by hand). Polls the CRM search API, so no HubSpot developer app is needed.',
    config: obj({
      properties: {
        type: 'array',
        items: { type: 'string' },
        description: 'Contact properties to include in the payload besides email, firstname, lastname and createdate',
      },
    }),
    payload: obj(
      {
        id: S('Contact id (hs_object_id)'),
        properties: O('The requested properties: email, firstname, lastname, createdate …'),
        createdAt: S('Creation time', { format: 'date-time' }),
        updatedAt: S('Last change', { format: 'date-time' }),
        archived: { type: 'boolean' },
      },
      ['id'],
    ),
    args: (c, cur) => ({
      objectType: 'contacts',
      sorts: [{ propertyName: 'createdate', direction: 'DESCENDING' }],
      properties: [
        ...new Set(['email', 'firstname', 'lastname', 'createdate', ...((c.properties as string[] | undefined) ?? [])]),
      ],
      limit: 100,
      ...(typeof cur.watermark === 'number'
        ? {
            filterGroups: [
              { filters: [{ propertyName: 'createdate', operator: 'GTE', value: String(cur.watermark - 60_000) }] },
            ],
          }
        : {}),
    }),
    itemsAt: 'results',
    key: (i) => str(i.id),
    stamp: (i) => str(i.createdAt ?? get(i, 'properties.createdate')),
    map: (i) => ({
      id: i.id,
      properties: i.properties ?? {},
      createdAt: i.createdAt,
      updatedAt: i.updatedAt,
      archived: !!i.archived,
    }),
  },
  {
    slug: 'SENTRY_NEW_ISSUE',
    toolkit: 'sentry',
    name: 'New issue',
    tool: 'SENTRY_RETRIEVE_PROJECT_ISSUES_LIST',
    description:
      'Fires once when Sentry groups a new error or problem into an issue of a project (an issue first seen after the trigger started). Regressions of old issues do not fire.',
    config: obj(
      {
        organization_id_or_slug: S('Organization slug'),
        project_id_or_slug: S('Project slug'),
        query: S('Sentry search narrowing which issues count, e.g. "is:unresolved level:error"', {
          default: 'is:unresolved',
        }),
      },
      ['organization_id_or_slug', 'project_id_or_slug'],
    ),
    payload: obj(
      {
        id: S('Issue id'),
        short_id: S('Short id such as WEB-1A'),
        title: S('Title'),
        culprit: S('Where it happened'),
        level: S('error, warning, fatal …'),
        status: S('unresolved, resolved, ignored'),
        first_seen: S('First event', { format: 'date-time' }),
        permalink: S('Link to the issue'),
        count: S('Number of events so far'),
        project: O('The project {id, slug, name}'),
        metadata: O('Error type and value'),
      },
      ['id'],
    ),
    args: (c) => ({
      organization_id_or_slug: c.organization_id_or_slug,
      project_id_or_slug: c.project_id_or_slug,
      query: c.query ?? 'is:unresolved',
    }),
    itemsAt: '',
    key: (i) => str(i.id),
    stamp: (i) => str(i.firstSeen),
    map: (i) => ({
      id: i.id,
      short_id: i.shortId,
      title: i.title,
      culprit: i.culprit,
      level: i.level,
      status: i.status,
      first_seen: i.firstSeen,
      permalink: i.permalink,
      count: str(i.count),
      project: i.project ?? {},
      metadata: i.metadata ?? {},
    }),
  },
  {
    slug: 'AIRTABLE_NEW_RECORD_TRIGGER',
    toolkit: 'airtable',
    name: 'New record',
    tool: 'AIRTABLE_LIST_RECORDS',
    description:
      'Fires once for each record (row) added to an Airtable table, optionally only records visible in one view. Uses the record creation time Airtable keeps for every row, so the table needs no "Created time" field.',
    config: obj(
      {
        base_id: S('Base id (app…)'),
        table_id_or_name: S('Table id (tbl…) or name'),
        view: S('Only records shown in this view'),
      },
      ['base_id', 'table_id_or_name'],
    ),
    payload: obj(
      {
        id: S('Record id (rec…)'),
        created_time: S('When the record was created', { format: 'date-time' }),
        fields: O('Cell values by field name (empty cells are absent)'),
        base_id: S('Base id'),
        table: S('Table id or name as configured'),
      },
      ['id'],
    ),
    args: (c, cur) => ({
      base_id: c.base_id,
      table_id_or_name: c.table_id_or_name,
      page_size: 100,
      ...(c.view ? { view: c.view } : {}),
      ...(since(cur.watermark) ? { filter_by_formula: `IS_AFTER(CREATED_TIME(), '${since(cur.watermark)}')` } : {}),
    }),
    itemsAt: 'records',
    key: (i) => str(i.id),
    stamp: (i) => str(i.createdTime),
    map: (i, c) => ({
      id: i.id,
      created_time: i.createdTime,
      fields: i.fields ?? {},
      base_id: c.base_id,
      table: c.table_id_or_name,
    }),
  },
  {
    slug: 'CALENDLY_INVITEE_CREATED_POLL',
    toolkit: 'calendly',
    name: 'New booking',
    tool: 'CALENDLY_LIST_EVENTS',
    description:
      "Fires once for each meeting booked with a user (or anyone in an organization): an invitee scheduled an event that is still upcoming. Polling, so Calendly's paid webhook plan is not needed. Read the invitees with CALENDLY_LIST_EVENT_INVITEES and the event's uuid.",
    config: obj({
      user: S('User URI whose bookings fire (from CALENDLY_GET_CURRENT_USER, resource.uri)'),
      organization: S('Organization URI, to watch every member (admins only); used when user is empty'),
    }),
    payload: obj(
      {
        uri: S('Scheduled event URI'),
        uuid: S('Scheduled event uuid (last part of the URI)'),
        name: S('Event type name'),
        status: S('active'),
        start_time: S('Start', { format: 'date-time' }),
        end_time: S('End', { format: 'date-time' }),
        created_at: S('When it was booked', { format: 'date-time' }),
        event_type: S('Event type URI'),
        location: O('Where: type, location or join_url'),
        invitees_counter: O('total, active, limit'),
      },
      ['uri'],
    ),
    args: (c) => ({
      ...(c.user ? { user: c.user } : { organization: c.organization }),
      status: 'active',
      min_start_time: new Date().toISOString(),
      sort: 'start_time:asc',
      count: 100,
    }),
    itemsAt: 'collection',
    key: (i) => str(i.uri),
    stamp: (i) => str(i.created_at),
    map: (i) => ({
      uri: i.uri,
      uuid: String(i.uri ?? '')
        .split('/')
        .pop(),
      name: i.name,
      status: i.status,
      start_time: i.start_time,
      end_time: i.end_time,
      created_at: i.created_at,
      event_type: i.event_type,
      location: i.location ?? {},
      invitees_counter: i.invitees_counter ?? {},
    }),
  },
  {
    slug: 'DISCORDBOT_NEW_MESSAGE_POLL',
    toolkit: 'discordbot',
    name: 'New channel message',
    tool: 'DISCORDBOT_LIST_MESSAGES',
    description:
      "Fires once for each message posted in a Discord channel the bot can read (Read Message History; the Message Content intent to see others' text). Messages of bots can be left out.",
    config: obj(
      {
        channel_id: S('Channel id (snowflake)'),
        ignore_bots: {
          type: 'boolean',
          description: 'Skip messages written by bots (this one included)',
          default: true,
        },
      },
      ['channel_id'],
    ),
    payload: obj(
      {
        id: S('Message id'),
        channel_id: S('Channel id'),
        guild_id: S('Server id, when known'),
        content: S('Text'),
        author: O('id, username, global_name, bot'),
        timestamp: S('Sent', { format: 'date-time' }),
        attachments: { type: 'array', items: { type: 'object' } },
        mentions: { type: 'array', items: { type: 'object' } },
        referenced_message_id: S('Id of the message this replies to'),
      },
      ['id'],
    ),
    args: (c) => ({ channel_id: c.channel_id, limit: 100 }),
    itemsAt: '',
    key: (i) => str(i.id),
    stamp: (i) => snowflakeMs(i.id) ?? str(i.timestamp),
    filter: (i, c) => !(c.ignore_bots !== false && get(i, 'author.bot')),
    map: (i, c) => ({
      id: i.id,
      channel_id: i.channel_id ?? c.channel_id,
      guild_id: i.guild_id,
      content: i.content,
      author: i.author ?? {},
      timestamp: i.timestamp,
      attachments: i.attachments ?? [],
      mentions: i.mentions ?? [],
      referenced_message_id: get(i, 'message_reference.message_id'),
    }),
  },
  {
    slug: 'MICROSOFT_TEAMS_CHAT_MESSAGE_POLL',
    toolkit: 'microsoft_teams',
    name: 'New chat message',
    tool: 'MICROSOFT_TEAMS_TEAMS_LIST_CHAT_MESSAGES',
    description:
      'Fires once for each message posted in a Microsoft Teams chat (one-on-one, group or meeting chat). System events (members added, renamed) are left out.',
    config: obj({ chat_id: S('Chat id (from MICROSOFT_TEAMS_CHATS_GET_ALL_CHATS)') }, ['chat_id']),
    payload: obj(
      {
        id: S('Message id'),
        chat_id: S('Chat id'),
        created_date_time: S('Sent', { format: 'date-time' }),
        from: O('user {id, displayName} or application'),
        body: O('contentType (text or html) and content'),
        subject: S('Subject, when set'),
        importance: S('normal, high, urgent'),
        web_url: S('Link to the message'),
        attachments: { type: 'array', items: { type: 'object' } },
        mentions: { type: 'array', items: { type: 'object' } },
      },
      ['id'],
    ),
    args: (c) => ({ chat_id: c.chat_id, top: 50 }),
    itemsAt: 'value',
    key: (i) => str(i.id),
    stamp: (i) => str(i.createdDateTime),
    filter: (i) => (i.messageType ?? 'message') === 'message',
    map: (i, c) => ({
      id: i.id,
      chat_id: i.chatId ?? c.chat_id,
      created_date_time: i.createdDateTime,
      from: i.from ?? {},
      body: i.body ?? {},
      subject: i.subject ?? null,
      importance: i.importance,
      web_url: i.webUrl,
      attachments: i.attachments ?? [],
      mentions: i.mentions ?? [],
    }),
  },
  {
    slug: 'ONE_DRIVE_FILE_CREATED_TRIGGER',
    toolkit: 'one_drive',
    name: 'File created',
    tool: 'ONE_DRIVE_ONEDRIVE_LIST_ITEMS',
    description:
      'Fires once for each file added to a OneDrive folder (the root unless folder_id says otherwise), whether uploaded, created or moved in. Folders do not fire; files in subfolders do not either.',
    config: obj({ folder_id: S('Folder item id to watch; root when empty', { default: 'root' }) }),
    payload: obj(
      {
        id: S('Drive item id (for ONE_DRIVE_DOWNLOAD_FILE)'),
        name: S('File name'),
        size: { type: 'integer', description: 'Bytes' },
        mime_type: S('MIME type'),
        created_date_time: S('Created', { format: 'date-time' }),
        web_url: S('Link that opens the file'),
        created_by: O('user {id, displayName}'),
        parent_reference: O('driveId, id and path of the folder'),
      },
      ['id'],
    ),
    args: (c) => ({ folder_id: c.folder_id ?? 'root', top: 200 }),
    itemsAt: 'value',
    key: (i) => str(i.id),
    stamp: (i) => str(i.createdDateTime),
    filter: (i) => !!i.file,
    map: (i) => ({
      id: i.id,
      name: i.name,
      size: i.size,
      mime_type: get(i, 'file.mimeType'),
      created_date_time: i.createdDateTime,
      web_url: i.webUrl,
      created_by: i.createdBy ?? {},
      parent_reference: i.parentReference ?? {},
    }),
  },
  {
    slug: 'SHOPIFY_NEW_ORDER_TRIGGER',
    toolkit: 'shopify',
    name: 'New order',
    tool: 'SHOPIFY_GET_ORDERS_WITH_FILTERS',
    description:
      'Fires once for each order placed in the Shopify store (online, POS or draft orders completed), whatever its payment or fulfillment status.',
    config: obj({}),
    payload: obj(
      {
        id: S('Order global id (gid://shopify/Order/…)'),
        legacy_resource_id: S('Numeric order id, as in the admin URL and for SHOPIFY_GET_ORDER'),
        name: S('Order name, e.g. #1001'),
        email: S('Customer email'),
        created_at: S('When it was placed', { format: 'date-time' }),
        financial_status: S('Payment status, e.g. PAID'),
        fulfillment_status: S('Fulfillment status, e.g. UNFULFILLED'),
        total_price: O('amount and currencyCode in the shop currency'),
        customer: O('id, displayName and email of the customer'),
        line_items: { type: 'array', items: { type: 'object' }, description: 'title, quantity, sku of each line' },
      },
      ['id'],
    ),
    // a minute of overlap with the last poll: the seen keys drop what was already sent
    args: (_c, cur) => ({ status: 'any', limit: 50, created_at_min: since(cur.watermark) }),
    itemsAt: 'orders',
    key: (i) => str(i.id),
    stamp: (i) => str(i.createdAt),
    map: (i) => ({
      id: i.id,
      legacy_resource_id: i.legacyResourceId,
      name: i.name,
      email: i.email ?? null,
      created_at: i.createdAt,
      financial_status: i.displayFinancialStatus,
      fulfillment_status: i.displayFulfillmentStatus,
      total_price: get(i, 'totalPriceSet.shopMoney') ?? null,
      customer: i.customer ?? null,
      line_items: get(i, 'lineItems.nodes') ?? [],
    }),
  },
  {
    slug: 'SALESFORCE_NEW_LEAD_TRIGGER',
    toolkit: 'salesforce',
    name: 'New lead',
    tool: 'SALESFORCE_RUN_SOQL_QUERY',
    description:
      'Fires once for each lead created in the Salesforce org (by a web form, an import, the API or by hand), with its main fields.',
    config: obj({}),
    payload: obj(
      {
        Id: S('Lead id'),
        FirstName: S('First name'),
        LastName: S('Last name'),
        Company: S('Company'),
        Email: S('Email'),
        Phone: S('Phone'),
        Title: S('Job title'),
        Status: S('Lead status'),
        LeadSource: S('Lead source'),
        OwnerId: S('Owner user id'),
        CreatedDate: S('When it was created', { format: 'date-time' }),
      },
      ['Id'],
    ),
    args: (_c, cur) => {
      // SOQL datetime literals are unquoted and take no milliseconds
      const from = since(cur.watermark)?.replace(/\.\d{3}Z$/, 'Z');
      return {
        query:
          'SELECT Id, FirstName, LastName, Company, Email, Phone, Title, Status, LeadSource, OwnerId, CreatedDate FROM Lead' +
          (from ? ` WHERE CreatedDate >= ${from}` : '') +
          ' ORDER BY CreatedDate DESC LIMIT 100',
      };
    },
    itemsAt: 'records',
    key: (i) => str(i.Id),
    stamp: (i) => str(i.CreatedDate),
    map: (i) => {
      const { attributes: _a, ...fields } = i;
      return fields;
    },
  },
];
