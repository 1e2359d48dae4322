/**
 * Provider MCP toolkits (`<provider>_mcp`): toolkits backed by the vendor's own hosted MCP
 * server, as the hosted catalog lists them (v3.1-surface §10.2, Appendix A). They are data only:
 * no tools until a project syncs one (`POST /custom/toolkits/sync`), no requests unless a project
 * connects an account or syncs, so a deployment that never uses them is not affected.
 *
 * URLs are the vendors' published remote MCP endpoints. A project can point one elsewhere (a
 * mirror, a proxy, a loopback fake in tests) with its `toolkit_base_urls` setting.
 *
 * Auth: `DCR_OAUTH` is the MCP authorization flow (lib/services/mcp-client/oauth.ts) — Junction
 * registers itself with the vendor's authorization server (client ID metadata document, else
 * dynamic registration), or uses the client an auth config brings when the vendor requires one
 * registered beforehand (Asana). `API_KEY` sends the user's key as `Authorization: Bearer`.
 */
import type { AuthSchemeDef, ToolkitDef } from './types';

const empty = { required: [], optional: [] };

const dcr: AuthSchemeDef = {
  mode: 'DCR_OAUTH',
  name: 'OAuth (the server’s own authorization)',
  authConfigFields: {
    required: [],
    optional: [
      {
        name: 'client_id',
        displayName: 'Client ID',
        description: 'A client registered beforehand with the vendor, when it does not register clients itself',
        type: 'string',
        required: false,
      },
      {
        name: 'client_secret',
        displayName: 'Client secret',
        description: 'The secret of that client, if it has one',
        type: 'string',
        required: false,
        secret: true,
      },
    ],
  },
  connectionFields: empty,
  oauth: {},
};

const bearerKey = (label: string): AuthSchemeDef => ({
  mode: 'API_KEY',
  name: label,
  authConfigFields: empty,
  connectionFields: {
    required: [
      {
        name: 'generic_api_key',
        displayName: label,
        description: `The ${label.toLowerCase()}, sent as a bearer token`,
        type: 'string',
        required: true,
        secret: true,
      },
    ],
    optional: [],
  },
});

interface Entry {
  slug: string;
  name: string;
  url: string;
  description: string;
  auth: ('oauth' | 'key' | 'none')[];
  keyLabel?: string;
}

const ENTRIES: Entry[] = [
  {
    slug: 'linear_mcp',
    name: 'Linear MCP',
    url: 'https://mcp.linear.app/mcp',
    description: "Linear's hosted MCP server: issues, projects, cycles and comments",
    auth: ['oauth'],
  },
  {
    slug: 'notion_mcp',
    name: 'Notion MCP',
    url: 'https://mcp.notion.com/mcp',
    description: "Notion's hosted MCP server: search, pages, databases and comments of a workspace",
    auth: ['oauth'],
  },
  {
    slug: 'sentry_mcp',
    name: 'Sentry MCP',
    url: 'https://mcp.sentry.dev/mcp',
    description: "Sentry's hosted MCP server: issues, events, releases and projects",
    auth: ['oauth'],
  },
  {
    slug: 'stripe_mcp',
    name: 'Stripe MCP',
    url: 'https://mcp.stripe.com',
    description: "Stripe's hosted MCP server: the Stripe API and its documentation",
    auth: ['oauth', 'key'],
    keyLabel: 'Restricted API key',
  },
  {
    slug: 'github_mcp',
    name: 'GitHub MCP',
    url: 'https://api.githubcopilot.com/mcp/',
    description: "GitHub's hosted MCP server: repositories, issues, pull requests and Actions",
    auth: ['key'],
    keyLabel: 'Personal access token',
  },
  {
    slug: 'supabase_mcp',
    name: 'Supabase MCP',
    url: 'https://mcp.supabase.com/mcp',
    description: "Supabase's hosted MCP server: projects, databases, SQL and edge functions",
    auth: ['oauth'],
  },
  {
    slug: 'neon_mcp',
    name: 'Neon MCP',
    url: 'https://mcp.neon.tech/mcp',
    description: "Neon's hosted MCP server: Postgres projects, branches and queries",
    auth: ['oauth', 'key'],
    keyLabel: 'API key',
  },
  {
    slug: 'posthog_mcp',
    name: 'PostHog MCP',
    // the published endpoint speaks HTTP+SSE; Junction falls back to it on the same URL
    url: 'https://mcp.posthog.com/sse',
    description: "PostHog's hosted MCP server: insights, feature flags, experiments and errors",
    auth: ['key'],
    keyLabel: 'Personal API key',
  },
  {
    slug: 'asana_mcp',
    name: 'Asana MCP',
    // V2 server; Asana wants an MCP app registered in its developer console (the auth config's client)
    url: 'https://mcp.asana.com/v2/mcp',
    description: "Asana's hosted MCP server: tasks, projects, portfolios and goals",
    auth: ['oauth'],
  },
  {
    slug: 'intercom_mcp',
    name: 'Intercom MCP',
    url: 'https://mcp.intercom.com/mcp',
    description: "Intercom's hosted MCP server: conversations, contacts and tickets",
    auth: ['oauth'],
  },
  {
    slug: 'vercel_mcp',
    name: 'Vercel MCP',
    url: 'https://mcp.vercel.com',
    description: "Vercel's hosted MCP server: projects, deployments, logs and documentation",
    auth: ['oauth'],
  },
  {
    slug: 'netlify_mcp',
    name: 'Netlify MCP',
    url: 'https://netlify-mcp.netlify.app/mcp',
    description: "Netlify's hosted MCP server: sites, deploys and environment variables",
    auth: ['oauth'],
  },
  {
    slug: 'atlassian_mcp',
    name: 'Atlassian MCP',
    url: 'https://mcp.atlassian.com/v1/mcp',
    description: "Atlassian's Rovo MCP server: Jira, Confluence and Compass of a cloud site",
    auth: ['oauth'],
  },
  {
    slug: 'monday_mcp',
    name: 'Monday MCP',
    url: 'https://mcp.monday.com/mcp',
    description: "monday.com's hosted MCP server: boards, items and updates",
    auth: ['oauth'],
  },
  {
    slug: 'canva_mcp',
    name: 'Canva MCP',
    url: 'https://mcp.canva.com/mcp',
    description: "Canva's hosted MCP server: designs, folders and exports",
    auth: ['oauth'],
  },
  {
    slug: 'box_mcp',
    name: 'Box MCP',
    url: 'https://mcp.box.com',
    description: "Box's hosted MCP server: files, folders, search and Box AI",
    auth: ['oauth'],
  },
  {
    slug: 'deepwiki_mcp',
    name: 'DeepWiki MCP',
    url: 'https://mcp.deepwiki.com/mcp',
    description: 'DeepWiki’s public MCP server: documentation of public GitHub repositories',
    auth: ['none'],
  },
  {
    slug: 'context7_mcp',
    name: 'Context7 MCP',
    url: 'https://mcp.context7.com/mcp',
    description: 'Context7’s public MCP server: current library documentation and examples',
    auth: ['none'],
  },
];

/** The provider MCP toolkits as catalog toolkits (logos are set by the registry). */
export function providerMcpToolkits(): ToolkitDef[] {
  return ENTRIES.map((e) => {
    const authSchemes: AuthSchemeDef[] = [];
    if (e.auth.includes('oauth')) authSchemes.push(dcr);
    if (e.auth.includes('key')) authSchemes.push(bearerKey(e.keyLabel ?? 'API key'));
    return {
      slug: e.slug,
      name: e.name,
      description: e.description,
      logo: '',
      appUrl: e.url,
      categories: [{ slug: 'model-context-protocol', name: 'model context protocol' }],
      version: '00000000_00',
      baseUrl: e.url,
      authSchemes,
      noAuth: authSchemes.length === 0,
      toolsCount: 0,
      source: { package: 'mcp', version: '', document: e.url },
      mcp: {
        url: e.url,
        ...(e.auth.includes('key') ? { headers: { Authorization: 'Bearer {{generic_api_key}}' } } : {}),
      },
    };
  });
}
