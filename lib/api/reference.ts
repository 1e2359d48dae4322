/**
 * A readable API reference, rendered from the generated OpenAPI document as plain HTML
 * (no scripts, no external assets), served at /api/v3/reference.
 */
type Json = Record<string, any>;

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function typeOf(schema: Json | undefined): string {
  if (!schema) return '';
  if (schema.enum) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
  if (schema.anyOf || schema.oneOf) return (schema.anyOf ?? schema.oneOf).map(typeOf).join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items) || 'any'}[]`;
  return Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'object');
}

function fields(schema: Json | undefined, depth = 0): string {
  const s = schema?.type === 'array' ? schema.items : schema;
  const props = s?.properties as Json | undefined;
  if (!props || depth > 2) return '';
  const required = new Set<string>(s.required ?? []);
  const rows = Object.entries(props).map(([name, p]: [string, Json]) => {
    const nested = fields(p, depth + 1);
    return `<li><code>${esc(name)}</code>${required.has(name) ? '' : '<span class="opt">?</span>'} <span class="t">${esc(typeOf(p))}</span>${p.description ? ` — ${esc(p.description)}` : ''}${nested}</li>`;
  });
  return `<ul>${rows.join('')}</ul>`;
}

export function renderReference(doc: Json): string {
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(ops as Json) as [string, Json][]) {
      const tag = op.tags?.[0] ?? 'Other';
      const params = (op.parameters ?? []) as Json[];
      const ok = Object.entries(op.responses ?? {}).find(([code]) => code !== 'default') as [string, Json] | undefined;
      const body = op.requestBody?.content?.['application/json']?.schema;
      const html = `<section id="${esc(op.operationId)}"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code>${op['x-junction-extension'] ? ' <span class="ext">extension</span>' : ''}</h3>
<p>${esc(op.summary)}</p>
${params.length ? `<h4>Parameters</h4><ul>${params.map((p) => `<li><code>${esc(p.name)}</code> <span class="t">${esc(p.in)} · ${esc(typeOf(p.schema))}</span>${p.required ? '' : '<span class="opt">?</span>'}</li>`).join('')}</ul>` : ''}
${body ? `<h4>Body</h4>${fields(body)}` : ''}
${ok ? `<h4>Response ${esc(ok[0])}</h4>${fields(ok[1].content?.['application/json']?.schema)}` : ''}
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const nav = [...byTag.keys()].map((t) => `<a href="#tag-${esc(t)}">${esc(t)}</a>`).join('');
  const sections = [...byTag].map(([t, ops]) => `<h2 id="tag-${esc(t)}">${esc(t)}</h2>${ops.join('')}`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(doc.info.title)} — reference</title><style>
:root{color-scheme:light dark;font-family:system-ui,sans-serif}body{max-width:60rem;margin:0 auto;padding:1rem;line-height:1.5}
nav{display:flex;flex-wrap:wrap;gap:.5rem 1rem;margin:1rem 0}section{border-top:1px solid #8884;padding:.5rem 0}
code{font-family:ui-monospace,monospace}.m{font:600 .75rem ui-monospace,monospace;padding:.1rem .35rem;border-radius:.25rem;background:#8882}
.get{color:#0a7}.post{color:#36c}.patch{color:#c80}.delete{color:#c33}.t{color:#888}.opt{color:#c80}.ext{font-size:.7rem;border:1px solid #8886;border-radius:1rem;padding:0 .4rem}
a:focus-visible{outline:2px solid #36c}
</style></head><body><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/v3/openapi.json">/api/v3/openapi.json</a></p><nav>${nav}</nav>${sections}</body></html>`;
}
