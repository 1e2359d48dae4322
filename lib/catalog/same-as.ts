/**
 * Tools that run another toolkit's tool under this toolkit's connection (mappings' `same_as`:
 * googlesuper's Gmail tools, slackbot's Slack tools). The data holds a placeholder; the registry
 * fills it from the target when it loads the toolkit, so the target may be a generated operation, a
 * mapped tool or a curated composite that only exists in code.
 */
import type { ToolDef, ToolkitDef } from './types';

/** The placeholder `p` completed from its target: the target's arguments, request and implementation. */
export function fillSameAs(p: ToolDef, target: ToolDef): ToolDef {
  return {
    ...target,
    slug: p.slug,
    name: p.name || target.name,
    description: p.description || target.description,
    toolkit: p.toolkit,
    important: p.important,
    deprecated: p.deprecated || target.deprecated,
    ...(p.aliasOf ? { aliasOf: p.aliasOf } : { aliasOf: undefined }),
    sameAs: target.aliasOf ?? target.slug,
    ...(p.argRenames ? { argRenames: p.argRenames } : {}),
    ...(p.argDefaults ? { argDefaults: p.argDefaults } : {}),
  };
}

/**
 * The toolkit a `same_as` call is built with: the target's base URL and default headers (per auth
 * mode too), and this toolkit's slug and auth schemes, so the credentials are this connection's.
 */
export function requestSide(own: ToolkitDef, target: ToolkitDef): ToolkitDef {
  return {
    ...own,
    baseUrl: target.baseUrl,
    ...(target.defaultHeaders ? { defaultHeaders: target.defaultHeaders } : { defaultHeaders: undefined }),
    authSchemes: own.authSchemes.map((s) => {
      const { baseUrl: _own, ...rest } = s;
      const theirs = target.authSchemes.find((t) => t.mode === s.mode)?.baseUrl;
      return theirs ? { ...rest, baseUrl: theirs } : rest;
    }),
  };
}
