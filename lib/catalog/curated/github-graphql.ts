/**
 * GitHub tools that the hosted catalog serves through GitHub's GraphQL API (api.github.com/graphql):
 * lookups by login, name or global node id, the viewer, rate limits, and mutations that have no REST
 * counterpart (follow an organisation, sponsorships, user status, item subscriptions, Projects V2
 * field values). Each is one document (tests/unit/github-graphql.test.ts validates every one against
 * GitHub's published schema); GITHUB_RUN_GRAPH_QL_QUERY sends a document the agent writes.
 * Argument names are the hosted ones where the hosted docs give them, else GitHub's in snake_case.
 */
import { composite, params, s } from './define';
import { graphql, runGraphql } from './graphql';
import { ToolArgumentError, ToolFailure, type CompositeTool, type CuratedTool } from './types';

const NODE_ID = (what: string) => s.string(`Global node id of the ${what} (the node_id field of REST answers).`);
type Data = Record<string, unknown>;
/** accept another common name for an argument (folded before validation) */
const rename = (from: string, to: string) => (a: Data) => {
  if (a[to] !== undefined || a[from] === undefined) return a;
  const { [from]: v, ...rest } = a;
  return { ...rest, [to]: v };
};
const field = (d: Data, k: string) => (d[k] ?? null) as Data | null;

const runQuery = composite({
  slug: 'GITHUB_RUN_GRAPH_QL_QUERY',
  name: 'Run a GraphQL query',
  tags: ['github', 'graphql'],
  description:
    "Send any GitHub GraphQL (v4) query or mutation with its variables and get its data back: the way to fetch several related things in one call (an issue with its comments, labels and linked PRs) or to reach what REST lacks (Projects V2, discussions). Costs points against GitHub's GraphQL rate limit (see GITHUB_GET_GRAPHQL_RATE_LIMIT); page with pageInfo { hasNextPage endCursor }. Errors GitHub reports in a 200 answer end the call with successful:false and GitHub's messages.",
  input: params(
    {
      query: s.string('The GraphQL document.', { examples: ['query { viewer { login } }'] }),
      variables: s.object({}, 'Values for the variables the document declares.'),
    },
    ['query'],
  ),
  run: (ctx, a) => runGraphql(ctx, '/graphql', String(a.query), (a.variables ?? {}) as Data),
});

const lookups: CuratedTool[] = [
  graphql({
    slug: 'GITHUB_GET_VIEWER_GRAPHQL',
    name: 'Get the connected user (GraphQL)',
    tags: ['github', 'graphql', 'users'],
    description:
      "The connected account's profile through GraphQL: login, name, id, email, bio, company, location, avatar and profile URL, creation date and follower/repository counts. For the REST form use GITHUB_GET_THE_AUTHENTICATED_USER.",
    input: params({}),
    document:
      'query Viewer { viewer { id login name email bio company location avatarUrl url createdAt followers { totalCount } following { totalCount } repositories { totalCount } } }',
    pick: (d) => ({ viewer: field(d, 'viewer') }),
  }),
  graphql({
    slug: 'GITHUB_GET_GRAPHQL_RATE_LIMIT',
    name: 'Get GraphQL rate limit',
    tags: ['github', 'graphql'],
    description:
      "How much of GitHub's GraphQL point budget is left for this connection: limit, cost of this query, remaining, used and when the window resets (resetAt). Check before large GITHUB_RUN_GRAPH_QL_QUERY batches.",
    input: params({}),
    document: 'query RateLimit { rateLimit { limit cost remaining used resetAt nodeCount } }',
    pick: (d) => ({ rateLimit: field(d, 'rateLimit') }),
  }),
  graphql({
    slug: 'GITHUB_LIST_CODES_OF_CONDUCT_GRAPHQL',
    name: 'List codes of conduct (GraphQL)',
    tags: ['github', 'graphql'],
    description:
      'Every code of conduct GitHub offers for repositories: key, name and URL. Read one in full with GITHUB_GET_CODE_OF_CONDUCT_GRAPH_QL.',
    input: params({}),
    document: 'query CodesOfConduct { codesOfConduct { id key name url } }',
    pick: (d) => ({ codesOfConduct: d.codesOfConduct ?? [] }),
  }),
  graphql({
    slug: 'GITHUB_GET_CODE_OF_CONDUCT_GRAPH_QL',
    name: 'Get a code of conduct (GraphQL)',
    tags: ['github', 'graphql'],
    description: 'One code of conduct by its key (e.g. contributor_covenant): name, URL and full body text.',
    input: params({ key: s.string('Code of conduct key.', { examples: ['contributor_covenant'] }) }, ['key']),
    document: 'query CodeOfConduct($key: String!) { codeOfConduct(key: $key) { id key name url body } }',
    pick: (d) => ({ codeOfConduct: field(d, 'codeOfConduct') }),
  }),
  graphql({
    slug: 'GITHUB_LIST_LICENSES_GRAPH_QL',
    name: 'List open-source licenses (GraphQL)',
    tags: ['github', 'graphql'],
    description:
      'Every license GitHub knows: key, SPDX id, name, whether it is featured, and its permissions/conditions/limitations labels. Read one with GITHUB_GET_LICENSE_GRAPH_QL.',
    input: params({}),
    document:
      'query Licenses { licenses { id key spdxId name nickname featured url permissions { key label } conditions { key label } limitations { key label } } }',
    pick: (d) => ({ licenses: d.licenses ?? [] }),
  }),
  graphql({
    slug: 'GITHUB_GET_LICENSE_GRAPH_QL',
    name: 'Get a license (GraphQL)',
    tags: ['github', 'graphql'],
    description:
      'One license by its key (lowercase SPDX id, e.g. mit, apache-2.0): name, SPDX id, description, implementation notes, the full text (body) and what it permits, requires and limits.',
    input: params({ key: s.string('License key (lowercase SPDX id).', { examples: ['mit'] }) }, ['key']),
    document:
      'query License($key: String!) { license(key: $key) { id key spdxId name description implementation body url permissions { key label } conditions { key label } limitations { key label } } }',
    pick: (d) => ({ license: field(d, 'license') }),
  }),
  graphql({
    slug: 'GITHUB_GET_REPOSITORY_GRAPH_QL',
    name: 'Get a repository (GraphQL)',
    tags: ['github', 'graphql', 'repos'],
    description:
      'One repository by owner and name through GraphQL: id, description, URL, visibility, default branch, primary language, topics, license, star/fork/watcher counts, open issue and PR counts, and dates. For the REST form use GITHUB_GET_A_REPOSITORY.',
    input: params(
      {
        owner: s.string('User or organisation login.', { examples: ['octocat'] }),
        name: s.string('Repository name.', { examples: ['Hello-World'] }),
      },
      ['owner', 'name'],
    ),
    normalize: rename('repo', 'name'),
    document:
      'query Repository($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { id name nameWithOwner description url homepageUrl visibility isPrivate isFork isArchived createdAt updatedAt pushedAt stargazerCount forkCount watchers { totalCount } issues(states: OPEN) { totalCount } pullRequests(states: OPEN) { totalCount } defaultBranchRef { name } primaryLanguage { name } licenseInfo { key name } repositoryTopics(first: 20) { nodes { topic { name } } } } }',
    pick: (d) => ({ repository: field(d, 'repository') }),
  }),
  graphql({
    slug: 'GITHUB_LOOKUP_ORGANIZATION_GRAPH_QL',
    name: 'Look up an organization (GraphQL)',
    tags: ['github', 'graphql', 'orgs'],
    description:
      'An organization by login: id, name, description, URL, website, location, email, verification and repository/member counts.',
    input: params({ login: s.string('Organization login.', { examples: ['github'] }) }, ['login']),
    document:
      'query Organization($login: String!) { organization(login: $login) { id login name description url websiteUrl location email isVerified createdAt repositories { totalCount } membersWithRole { totalCount } } }',
    pick: (d) => ({ organization: field(d, 'organization') }),
  }),
  graphql({
    slug: 'GITHUB_GET_REPOSITORY_OWNER',
    name: 'Look up a repository owner',
    tags: ['github', 'graphql', 'users'],
    description:
      'Whether a login is a user or an organization (__typename) with its id, URL and avatar; use before calling user- or org-specific tools.',
    input: params({ login: s.string('User or organization login.', { examples: ['octocat'] }) }, ['login']),
    document:
      'query RepositoryOwner($login: String!) { repositoryOwner(login: $login) { __typename id login url avatarUrl } }',
    pick: (d) => ({ repositoryOwner: field(d, 'repositoryOwner') }),
  }),
  graphql({
    slug: 'GITHUB_LOOKUP_TOPIC_BY_NAME',
    name: 'Look up a topic',
    tags: ['github', 'graphql', 'search'],
    description:
      'A repository topic by name: how many users starred it and up to 10 related topics; find repositories with it through GITHUB_SEARCH_REPOSITORIES (q: "topic:NAME").',
    input: params({ name: s.string('Topic name.', { examples: ['machine-learning'] }) }, ['name']),
    document:
      'query Topic($name: String!) { topic(name: $name) { id name stargazerCount relatedTopics(first: 10) { name } } }',
    pick: (d) => ({ topic: field(d, 'topic') }),
  }),
  graphql({
    slug: 'GITHUB_GET_GRAPHQL_NODE',
    name: 'Get any object by node id',
    tags: ['github', 'graphql'],
    description:
      'Any GitHub object (issue, pull request, repository, user, project item…) by its global node id: its __typename and id, plus the common fields of issues, pull requests, repositories and users. For other types write the fields in GITHUB_RUN_GRAPH_QL_QUERY.',
    input: params({ id: NODE_ID('object') }, ['id']),
    normalize: rename('node_id', 'id'),
    document:
      'query Node($id: ID!) { node(id: $id) { __typename id ... on Issue { number title state url } ... on PullRequest { number title closed merged url } ... on Repository { nameWithOwner url } ... on User { login url } ... on Organization { login url } } }',
    pick: (d) => ({ node: field(d, 'node') }),
  }),
  graphql({
    slug: 'GITHUB_LOOKUP_NODES_BY_IDS',
    name: 'Get objects by node ids',
    tags: ['github', 'graphql'],
    description:
      'Several GitHub objects at once by global node ids (up to 100), each with __typename, id and the common fields of issues, pull requests, repositories and users; unknown ids come back as null in their place.',
    input: params({ ids: s.strings('Global node ids.', { examples: [['I_kwDOABCDEF']] }) }, ['ids']),
    document:
      'query Nodes($ids: [ID!]!) { nodes(ids: $ids) { __typename id ... on Issue { number title state url } ... on PullRequest { number title closed merged url } ... on Repository { nameWithOwner url } ... on User { login url } ... on Organization { login url } } }',
    pick: (d) => ({ nodes: d.nodes ?? [] }),
  }),
];

const mutations: CuratedTool[] = [
  graphql({
    slug: 'GITHUB_FOLLOW_USER_GRAPHQL',
    name: 'Follow a user (GraphQL)',
    tags: ['github', 'graphql', 'users'],
    description:
      'Make the connected account follow a user given by node id (user_id; GITHUB_GET_REPOSITORY_OWNER gives it from a login). To follow by login use GITHUB_FOLLOW_USER. Returns the followed user.',
    input: params({ user_id: NODE_ID('user') }, ['user_id']),
    document: 'mutation FollowUser($userId: ID!) { followUser(input: { userId: $userId }) { user { id login } } }',
    variables: (a) => ({ userId: a.user_id }),
    pick: (d) => ({ ...(field(d, 'followUser') ?? {}) }),
  }),
  graphql({
    slug: 'GITHUB_UNFOLLOW_USER',
    name: 'Unfollow a user (GraphQL)',
    tags: ['github', 'graphql', 'users'],
    description:
      'Stop following a user given by node id (user_id). To unfollow by login use GITHUB_UNFOLLOW_A_USER. Returns the user.',
    input: params({ user_id: NODE_ID('user') }, ['user_id']),
    document: 'mutation UnfollowUser($userId: ID!) { unfollowUser(input: { userId: $userId }) { user { id login } } }',
    variables: (a) => ({ userId: a.user_id }),
    pick: (d) => ({ ...(field(d, 'unfollowUser') ?? {}) }),
  }),
  graphql({
    slug: 'GITHUB_FOLLOW_ORGANIZATION_GRAPHQL',
    name: 'Follow an organization',
    tags: ['github', 'graphql', 'orgs'],
    description:
      'Make the connected account follow an organization given by node id (organization_id; GITHUB_LOOKUP_ORGANIZATION_GRAPH_QL gives it from a login). Returns the organization.',
    input: params({ organization_id: NODE_ID('organization') }, ['organization_id']),
    document:
      'mutation FollowOrganization($organizationId: ID!) { followOrganization(input: { organizationId: $organizationId }) { organization { id login } } }',
    variables: (a) => ({ organizationId: a.organization_id }),
    pick: (d) => ({ ...(field(d, 'followOrganization') ?? {}) }),
  }),
  graphql({
    slug: 'GITHUB_UNFOLLOW_ORGANIZATION',
    name: 'Unfollow an organization',
    tags: ['github', 'graphql', 'orgs'],
    description: 'Stop following an organization given by node id (organization_id). Returns the organization.',
    input: params({ organization_id: NODE_ID('organization') }, ['organization_id']),
    document:
      'mutation UnfollowOrganization($organizationId: ID!) { unfollowOrganization(input: { organizationId: $organizationId }) { organization { id login } } }',
    variables: (a) => ({ organizationId: a.organization_id }),
    pick: (d) => ({ ...(field(d, 'unfollowOrganization') ?? {}) }),
  }),
  graphql({
    slug: 'GITHUB_UPDATE_USER_STATUS',
    name: 'Set your status',
    tags: ['github', 'graphql', 'users'],
    description:
      "Set or clear the connected account's profile status: an emoji (':palm_tree:'), a message, busy (limited_availability), an expiry time (ISO 8601) and optionally the organization it is shown to. Send no emoji and no message to clear it. Returns the status.",
    input: params({
      emoji: s.string('Emoji code.', { examples: [':palm_tree:'] }),
      message: s.string('Status text (up to 80 characters).', { examples: ['On vacation'] }),
      limited_availability: s.boolean('Show as busy.'),
      expires_at: s.string('When the status clears (ISO 8601).', { format: 'date-time' }),
      organization_id: s.string('Node id of the organization whose members see it.'),
    }),
    document:
      'mutation ChangeUserStatus($emoji: String, $message: String, $limitedAvailability: Boolean, $expiresAt: DateTime, $organizationId: ID) { changeUserStatus(input: { emoji: $emoji, message: $message, limitedAvailability: $limitedAvailability, expiresAt: $expiresAt, organizationId: $organizationId }) { status { emoji message indicatesLimitedAvailability expiresAt } } }',
    variables: (a) => ({
      emoji: a.emoji,
      message: a.message,
      limitedAvailability: a.limited_availability,
      expiresAt: a.expires_at,
      organizationId: a.organization_id,
    }),
    pick: (d) => ({ ...(field(d, 'changeUserStatus') ?? {}) }),
  }),
  graphql({
    slug: 'GITHUB_UPDATE_SUBSCRIPTION',
    name: 'Watch, unwatch or ignore an item',
    tags: ['github', 'graphql', 'notifications'],
    description:
      'Subscribe to, unsubscribe from or ignore notifications for one issue, pull request, discussion or repository, given by node id (subscribable_id). Returns the new viewerSubscription state.',
    input: params(
      {
        subscribable_id: NODE_ID('issue, pull request, discussion or repository'),
        state: s.enum(['SUBSCRIBED', 'UNSUBSCRIBED', 'IGNORED'], 'New subscription state.'),
      },
      ['subscribable_id', 'state'],
    ),
    document:
      'mutation UpdateSubscription($subscribableId: ID!, $state: SubscriptionState!) { updateSubscription(input: { subscribableId: $subscribableId, state: $state }) { subscribable { id viewerSubscription } } }',
    variables: (a) => ({ subscribableId: a.subscribable_id, state: a.state }),
    pick: (d) => ({ ...(field(d, 'updateSubscription') ?? {}) }),
  }),
  graphql({
    slug: 'GITHUB_CLEAR_PROJECT_V2_ITEM_FIELD_VALUE',
    name: 'Clear a project item field',
    tags: ['github', 'graphql', 'projects'],
    description:
      'Empty one field (text, number, date, single select, iteration, assignees, labels, milestone) of an item in a Projects V2 project; projectId, itemId and fieldId are node ids (PVT_…, PVTI_…, PVTF_…). Returns the item.',
    input: params(
      {
        projectId: NODE_ID('project (PVT_…)'),
        itemId: NODE_ID('project item (PVTI_…)'),
        fieldId: NODE_ID('field'),
      },
      ['projectId', 'itemId', 'fieldId'],
    ),
    document:
      'mutation ClearField($projectId: ID!, $itemId: ID!, $fieldId: ID!) { clearProjectV2ItemFieldValue(input: { projectId: $projectId, itemId: $itemId, fieldId: $fieldId }) { projectV2Item { id } } }',
    pick: (d) => ({ ...(field(d, 'clearProjectV2ItemFieldValue') ?? {}) }),
  }),
  graphql({
    slug: 'GITHUB_ABORT_REPOSITORY_MIGRATION',
    name: 'Abort a repository migration',
    tags: ['github', 'graphql', 'migrations'],
    description:
      'Cancel a GitHub Enterprise Importer repository migration that is queued or running (migrationId: the RM_… node id returned when it was queued). Returns whether it was aborted.',
    input: params(
      {
        migrationId: NODE_ID('repository migration (RM_…)'),
        clientMutationId: s.string('Your own id for this call, echoed back.'),
      },
      ['migrationId'],
    ),
    document:
      'mutation AbortMigration($migrationId: ID!, $clientMutationId: String) { abortRepositoryMigration(input: { migrationId: $migrationId, clientMutationId: $clientMutationId }) { success clientMutationId } }',
    pick: (d) => ({ ...(field(d, 'abortRepositoryMigration') ?? {}) }),
  }),
  graphql({
    slug: 'GITHUB_CANCEL_SPONSORSHIP',
    name: 'Cancel a sponsorship',
    tags: ['github', 'graphql', 'sponsors'],
    description:
      'End an active GitHub Sponsors sponsorship. Name the sponsor (sponsor_login or sponsor_id; the connected user when omitted) and who is sponsored (sponsorable_login or sponsorable_id). Returns the tier the sponsorship was on.',
    input: params({
      sponsor_login: s.string('Login of the sponsoring user or organization.'),
      sponsor_id: s.string('Node id of the sponsor (instead of sponsor_login).'),
      sponsorable_login: s.string('Login of the sponsored user or organization.'),
      sponsorable_id: s.string('Node id of the sponsored account (instead of sponsorable_login).'),
      client_mutation_id: s.string('Your own id for this call, echoed back.'),
    }),
    document:
      'mutation CancelSponsorship($sponsorId: ID, $sponsorLogin: String, $sponsorableId: ID, $sponsorableLogin: String, $clientMutationId: String) { cancelSponsorship(input: { sponsorId: $sponsorId, sponsorLogin: $sponsorLogin, sponsorableId: $sponsorableId, sponsorableLogin: $sponsorableLogin, clientMutationId: $clientMutationId }) { sponsorsTier { id name } clientMutationId } }',
    variables: (a) => {
      if (!a.sponsorable_login && !a.sponsorable_id)
        throw new ToolArgumentError('give sponsorable_login or sponsorable_id');
      return {
        sponsorId: a.sponsor_id,
        sponsorLogin: a.sponsor_login,
        sponsorableId: a.sponsorable_id,
        sponsorableLogin: a.sponsorable_login,
        clientMutationId: a.client_mutation_id,
      };
    },
    pick: (d) => ({ ...(field(d, 'cancelSponsorship') ?? {}) }),
  }),
];

/**
 * GITHUB_ADD_SUB_ISSUE: the hosted tool takes GraphQL node ids (issue_id, sub_issue_id or sub_issue_url),
 * GitHub's REST operation of the same name takes owner/repo/issue_number and a numeric sub_issue_id. Both
 * forms are accepted: with owner, repo and issue_number it posts to REST, otherwise it sends addSubIssue.
 */
/** Checked against GitHub's schema in tests/unit/github-graphql.test.ts (the tool is not a plain GraphQL tool). */
export const ADD_SUB_ISSUE_DOCUMENT =
  'mutation AddSubIssue($issueId: ID!, $subIssueId: ID, $subIssueUrl: String, $replaceParent: Boolean, $clientMutationId: String) { addSubIssue(input: { issueId: $issueId, subIssueId: $subIssueId, subIssueUrl: $subIssueUrl, replaceParent: $replaceParent, clientMutationId: $clientMutationId }) { issue { id number title url } subIssue { id number title url } clientMutationId } }';

const addSubIssueGraphql = graphql({
  slug: 'GITHUB_ADD_SUB_ISSUE',
  name: 'Add a sub-issue',
  tags: ['github', 'issues'],
  description:
    "Attach an existing issue under a parent issue as its sub-issue. Name the parent by node id (issue_id) and the child by node id (sub_issue_id) or by URL (sub_issue_url); or, REST style, name the parent by owner, repo and issue_number and the child by its numeric id (sub_issue_id, the `id` field of an issue, not its number). A child that already has a parent is refused unless replace_parent is true. Returns the parent and the sub-issue (number, title, URL); list a parent's children with GITHUB_LIST_SUB_ISSUES.",
  input: params({
    issue_id: NODE_ID('parent issue'),
    sub_issue_id: s.string(
      'The issue to attach: its node id (with issue_id), or its numeric REST id (with owner, repo and issue_number).',
    ),
    sub_issue_url: s.string('URL of the issue to attach, instead of sub_issue_id (with issue_id).', {
      examples: ['https://github.com/octo-org/app/issues/42'],
    }),
    replace_parent: s.boolean('Move the issue here even if it already has another parent.'),
    client_mutation_id: s.string('Your own id for this call, echoed back (GraphQL form).'),
    owner: s.string("Owner of the parent issue's repository (REST form)."),
    repo: s.string("Name of the parent issue's repository (REST form)."),
    issue_number: s.integer('Number of the parent issue (REST form).'),
  }),
  document: ADD_SUB_ISSUE_DOCUMENT,
  variables: (a) => {
    if (!a.issue_id)
      throw new ToolArgumentError('give issue_id (node id of the parent), or owner, repo and issue_number');
    if (!a.sub_issue_id && !a.sub_issue_url) throw new ToolArgumentError('give sub_issue_id or sub_issue_url');
    return {
      issueId: a.issue_id,
      subIssueId: a.sub_issue_id,
      subIssueUrl: a.sub_issue_url,
      replaceParent: a.replace_parent,
      clientMutationId: a.client_mutation_id,
    };
  },
  pick: (d) => ({ ...(field(d, 'addSubIssue') ?? {}) }),
});

// a composite, not a GraphQL tool: its REST form sends no document
const { graphql: _document, ...addSubIssueBase } = addSubIssueGraphql;
const addSubIssue: CompositeTool = {
  ...addSubIssueBase,
  // the REST form's id is a number; the schema holds one type, so a number is accepted as its digits
  normalize: (a) => (typeof a.sub_issue_id === 'number' ? { ...a, sub_issue_id: String(a.sub_issue_id) } : a),
  async run(ctx, a) {
    if (a.owner === undefined && a.repo === undefined && a.issue_number === undefined)
      return addSubIssueGraphql.run(ctx, a);
    if (!a.owner || !a.repo || a.issue_number === undefined)
      throw new ToolArgumentError('the REST form needs owner, repo and issue_number together');
    const id = Number(a.sub_issue_id);
    if (!Number.isInteger(id) || id <= 0)
      throw new ToolArgumentError('with owner, repo and issue_number, sub_issue_id is the numeric id of the issue');
    const res = await ctx.call({
      method: 'POST',
      path: `/repos/${encodeURIComponent(String(a.owner))}/${encodeURIComponent(String(a.repo))}/issues/${Number(a.issue_number)}/sub_issues`,
      body: { sub_issue_id: id, ...(a.replace_parent !== undefined ? { replace_parent: a.replace_parent } : {}) },
    });
    if (!res.ok)
      throw new ToolFailure(`GitHub refused the sub-issue (HTTP ${res.status})`, {
        http_error: res.body ?? null,
        status_code: res.status,
      });
    return (res.body ?? {}) as Data;
  },
};

export const githubGraphqlTools: CuratedTool[] = [runQuery, ...lookups, ...mutations, addSubIssue];
