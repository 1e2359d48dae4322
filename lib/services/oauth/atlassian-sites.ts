import type { Runtime } from '../../runtime';
import { notReachable, outboundFailure, outboundFetch, readCappedText } from '../../net/outbound';

/**
 * Atlassian 3LO (Jira, Confluence): a token names no site, and the API takes it only through the
 * gateway at https://api.atlassian.com/ex/<product>/<cloud id>. Right after the token exchange the
 * callback asks accessible-resources which sites the grant reaches and keeps one on the account
 * (cloud_id for the base URL template, site_url, site_name and subdomain for people).
 */

export interface AtlassianSite {
  id: string;
  url: string;
  name?: string;
  scopes?: string[];
}

/** The sites lookup failed or found nothing usable: the connection cannot be completed. */
export class SiteLookupError extends Error {}

/** `acme` of https://acme.atlassian.net (any host: its first label), lower-case. */
function subdomainOf(siteUrl: string): string | undefined {
  try {
    return new URL(siteUrl).hostname.split('.')[0]?.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The site to use: the one the connection named (its cloud_id, or the subdomain of its
 * <subdomain>.atlassian.net), else, when it named none or none matches, the first granted.
 */
export function pickSite(sites: AtlassianSite[], fields: Record<string, unknown>): AtlassianSite | undefined {
  const cloudId = text(fields.cloud_id);
  const sub = text(fields.subdomain)?.toLowerCase();
  return (
    (cloudId && sites.find((s) => s.id === cloudId)) ||
    (sub && sites.find((s) => subdomainOf(s.url) === sub)) ||
    sites[0]
  );
}

/** Parse accessible-resources' answer: an array of `{id, url, name, scopes}`; others are dropped. */
export function parseSites(body: unknown): AtlassianSite[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((r) => {
    const o = r as Record<string, unknown>;
    const id = text(o?.id);
    const url = text(o?.url);
    if (!id || !url) return [];
    return [
      {
        id,
        url,
        ...(text(o.name) ? { name: text(o.name) } : {}),
        ...(Array.isArray(o.scopes) ? { scopes: o.scopes.filter((x): x is string => typeof x === 'string') } : {}),
      },
    ];
  });
}

/** Ask `url` (accessible-resources) which sites `accessToken` reaches; the account fields to keep. */
export async function atlassianSiteFields(
  rt: Runtime,
  url: string,
  accessToken: string,
  fields: Record<string, unknown>,
): Promise<Record<string, string>> {
  let status: number;
  let raw: string;
  try {
    const res = await outboundFetch(url, {
      allowInsecure: rt.config.allowInsecureUrls,
      method: 'GET',
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      timeoutMs: 20_000,
    });
    status = res.status;
    raw = await readCappedText(res, rt.config.upstreamMaxBytes);
  } catch (err) {
    throw new SiteLookupError(
      `Could not list the Atlassian sites of the grant: ${notReachable('the sites endpoint', outboundFailure(err).detail, { url })}`,
    );
  }
  if (status !== 200) throw new SiteLookupError(`Listing the Atlassian sites of the grant answered HTTP ${status}`);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new SiteLookupError('Listing the Atlassian sites of the grant answered something other than JSON');
  }
  const site = pickSite(parseSites(body), fields);
  if (!site) {
    throw new SiteLookupError(
      'The authorization reaches no Atlassian site: grant the app access to a site when asked, then connect again',
    );
  }
  const out: Record<string, string> = { cloud_id: site.id, site_url: site.url };
  if (site.name) out.site_name = site.name;
  // the site in use, even where a given subdomain matched none and the first site was taken
  const sub = subdomainOf(site.url);
  if (sub) out.subdomain = sub;
  return out;
}
