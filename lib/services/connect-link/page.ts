import type { LinkView } from './links';

/** A small self-contained page for API-served outcomes (the OAuth callback without callback_url). */
function esc(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

export function resultPage(title: string, message: string, ok: boolean): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Junction</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#fafafa;color:#18181b}
main{max-width:28rem;margin:1rem;padding:2rem;background:#fff;border:1px solid #e4e4e7;border-radius:.75rem}
h1{font-size:1.25rem;margin:0 0 .5rem;color:${ok ? '#166534' : '#991b1b'}}p{margin:0;line-height:1.5}</style></head>
<body><main role="main"><h1>${esc(title)}</h1><p>${esc(message)}</p></main></body></html>`;
}

/**
 * The Connect page for API-only deployments (JUNCTION_DASHBOARD=off): the same content as
 * app/connect/[token], as a self-contained page with a plain form. Labels, focus styles, one column on phones.
 */
export function linkPage(view: LinkView, token: string, error?: string): { status: number; html: string } {
  const head = (
    title: string,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${esc(title)}</title>
<style>*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;background:#fafafa;color:#18181b;display:flex;justify-content:center;align-items:flex-start;padding:2rem 1rem}
main{width:100%;max-width:28rem;background:#fff;border:1px solid #e4e4e7;border-radius:.75rem;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .5rem}label{display:block;font-weight:500;font-size:.9rem;margin:1rem 0 .35rem}
input{width:100%;font-size:1rem;padding:.65rem .75rem;border:1px solid #a1a1aa;border-radius:.375rem}
input:focus-visible,button:focus-visible{outline:3px solid #4338ca;outline-offset:2px}
button{margin-top:1.25rem;width:100%;font-size:1rem;font-weight:600;padding:.8rem;border:0;border-radius:.375rem;background:#4338ca;color:#fff;cursor:pointer}
.help{color:#52525b;font-size:.85rem;margin:.3rem 0 0}.alert{border:1px solid #fca5a5;background:#fef2f2;color:#991b1b;padding:.5rem .75rem;border-radius:.375rem;margin-top:1rem}</style></head><body><main>`;
  if (view.state !== 'open') {
    const [title, text] =
      view.state === 'expired'
        ? ['Link expired', 'This link has expired. Links work for 10 minutes; ask the app that sent you for a new one.']
        : view.state === 'used'
          ? [
              'Link already used',
              'This link was already used. If you still need to connect, ask the app that sent you for a new link.',
            ]
          : ['Link not found', 'This link is not valid.'];
    return {
      status: view.state === 'unknown' ? 404 : 410,
      html: `${head(title)}<h1>${esc(title)}</h1><p>${esc(text)}</p></main></body></html>`,
    };
  }
  const fields = view.fields
    .map((f) => {
      const id = `field-${esc(f.name)}`;
      return `<label for="${id}">${esc(f.label)}${f.required ? ' <span aria-hidden="true">*</span><span style="position:absolute;left:-9999px">(required)</span>' : ''}</label>
<input id="${id}" name="${esc(f.name)}" type="${f.secret ? 'password' : f.type === 'number' ? 'number' : 'text'}"${f.secret ? ' autocomplete="off"' : ` value="${esc(f.value)}"`}${f.required ? ' required' : ''}${f.description ? ` aria-describedby="${id}-help"` : ''}>
${f.description ? `<p class="help" id="${id}-help">${esc(f.description)}</p>` : ''}`;
    })
    .join('\n');
  const action = `/api/v3/connect_links/${encodeURIComponent(token)}`;
  return {
    status: 200,
    html: `${head(`Connect ${view.toolkit.name}`)}<h1>Connect ${esc(view.toolkit.name)}</h1>
<p><strong>${esc(view.project.name)}</strong> is asking to connect your ${esc(view.toolkit.name)} account.</p>
${error ? `<div class="alert" role="alert">${esc(error)}</div>` : ''}
<form method="post" action="${esc(action)}">${fields}
<button type="submit">${view.redirect ? `Continue to ${esc(view.toolkit.name)}` : 'Connect'}</button></form></main></body></html>`,
  };
}
