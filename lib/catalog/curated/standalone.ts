/**
 * Toolkits declared in code rather than compiled from an OpenAPI document (see toolkit-def.ts).
 * To add one: write `<toolkit>.ts` exporting a `standaloneToolkit(...)` and add one line here.
 */
import type { StandaloneToolkit } from './toolkit-def';
import { linear } from './linear';
import { hackernews } from './hackernews';
import { exa, firecrawl, perplexityai, serpapi, tavily } from './search-web';
import { supabase } from './supabase';
import { outlook } from './outlook';
import { microsoftTeams } from './microsoft-teams';
import { oneDrive } from './one-drive';
import { discordbot } from './discordbot';
import { airtable } from './airtable';
import { calendly } from './calendly';
import { sentry } from './sentry';
import { reddit } from './reddit';
import { dropbox } from './dropbox';
import { clickup } from './clickup';
import { confluence } from './confluence';
import { googleMaps } from './google-maps';
import { calcom } from './cal';
import { shopify } from './shopify';
import { salesforce } from './salesforce';
import { monday } from './monday';
import { codeinterpreter } from './codeinterpreter';
import { composioSearch } from './composio-search';

export const STANDALONE: StandaloneToolkit[] = [
  linear,
  hackernews,
  tavily,
  exa,
  firecrawl,
  serpapi,
  perplexityai,
  supabase,
  outlook,
  microsoftTeams,
  oneDrive,
  discordbot,
  airtable,
  calendly,
  sentry,
  reddit,
  dropbox,
  clickup,
  confluence,
  googleMaps,
  calcom,
  shopify,
  salesforce,
  monday,
  codeinterpreter,
  composioSearch,
];

export const STANDALONE_TOOLS: Record<string, StandaloneToolkit['tools']> = Object.fromEntries(
  STANDALONE.map((t) => [t.toolkit.slug, t.tools]),
);
