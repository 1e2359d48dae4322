import type { Runtime } from '../../runtime';
import { getTool, getToolkit, listToolkits } from '../../catalog/registry';
import { pageArray } from '../../contract/query';
import { managedSchemes } from '../toolkits/view';
import { toolView } from '../tools/view';
import type { Tool } from '../../contract/tools';
import { META_TOOLS, metaToolSlugs, metaToolView } from './meta-tools';
import { sessionAccounts, sessionUserAccounts } from './connections';
import { toolkitAllowed, type Session } from './session';
import { projectCustomToolkits } from '../custom-toolkits/store';

/** GET …/toolkits: the session's toolkits with the user's connection for each. */
export async function sessionToolkits(
  rt: Runtime,
  session: Session,
  q: { cursor?: string; limit?: number; is_connected?: boolean; search?: string; toolkits?: string[] },
) {
  const wanted = q.toolkits?.map((t) => t.toLowerCase());
  // the built-in catalog and the project's imported toolkits
  const imported = [...(await projectCustomToolkits(rt, session.projectId)).values()].map((e) => e.toolkit);
  const find = (slug: string) => getToolkit(slug) ?? imported.find((t) => t.slug === slug);
  let list = wanted
    ? wanted.map(find).filter((t) => !!t)
    : [...listToolkits(), ...imported].filter((t) => toolkitAllowed(session.config, t.slug));
  if (q.search) {
    const s = q.search.toLowerCase();
    list = list.filter(
      (t) => t.slug.includes(s) || t.name.toLowerCase().includes(s) || t.description.toLowerCase().includes(s),
    );
  }
  const accounts = await sessionUserAccounts(rt, session);
  let items = list.map((tk) => {
    const a = sessionAccounts(session, tk.slug, accounts.get(tk.slug) ?? [])[0];
    return {
      slug: tk.slug,
      name: tk.name,
      enabled: true,
      is_no_auth: tk.noAuth,
      composio_managed_auth_schemes: managedSchemes(tk),
      meta: { description: tk.description, logo: tk.logo ?? '' },
      connected_account: a
        ? {
            id: a.id,
            status: a.isDisabled ? 'INACTIVE' : a.status,
            user_id: a.userId,
            created_at: a.createdAt.toISOString(),
            auth_config: { id: a.authConfigId, auth_scheme: a.authScheme, is_composio_managed: a.isManaged },
          }
        : null,
    };
  });
  if (q.is_connected !== undefined)
    items = items.filter((i) => (i.connected_account?.status === 'ACTIVE') === q.is_connected);
  return pageArray(items, q.cursor, q.limit ?? 20);
}

/** GET …/tools: meta tools, then preloaded tools. */
export function sessionTools(session: Session): { items: Tool[] } {
  const items: Tool[] = metaToolSlugs(session.config).map((s) => metaToolView(META_TOOLS[s]!));
  for (const slug of session.config.preload.tools) {
    const t = getTool(slug);
    const tk = t && getToolkit(t.toolkit);
    if (t && tk) items.push(toolView(t, tk));
  }
  return { items };
}
