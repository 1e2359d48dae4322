import { headers } from 'next/headers';
import { getRuntime } from '@/lib/runtime';
import { getLinkView } from '@/lib/services/connect-link/links';
import { Card } from './card';
import { DEFAULT_BRANDING, type ResolvedBranding } from '@/lib/services/branding/settings';

const TEXT = {
  expired: [
    'Link expired',
    'This link has expired. Links work for 10 minutes; ask the app that sent you for a new one.',
  ],
  used: [
    'Link already used',
    'This link was already used. If you still need to connect, ask the app that sent you for a new link.',
  ],
  missing: ['Link not found', 'This link is not valid.'],
} as const;

/**
 * Why a Connect link cannot be used, with a 404 status. A not-found page gets no route params, so the
 * link's token comes from the path proxy.ts passes on (x-junction-path, always set by the proxy).
 */
export default async function ConnectLinkClosed() {
  const path = (await headers()).get('x-junction-path') ?? '';
  const token = /^\/connect\/([^/]+)$/.exec(path)?.[1];
  let state: keyof typeof TEXT = 'missing';
  let branding: ResolvedBranding | undefined;
  if (token) {
    const view = await getLinkView(await getRuntime(), decodeURIComponent(token));
    if (view.state === 'expired' || view.state === 'used') {
      state = view.state;
      branding = view.project.branding;
    }
  }
  const [title, text] = TEXT[state];
  return (
    <Card branding={branding ?? DEFAULT_BRANDING}>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2">{text}</p>
    </Card>
  );
}
