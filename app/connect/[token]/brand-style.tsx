import { DEFAULT_PALETTES, RADIUS_PX, onColour, type Palette, type Scheme } from '@/lib/contract/branding';
import type { ResolvedBranding } from '@/lib/services/branding/settings';

// Fixed per scheme, whatever the brand: the error notice is its own box, so its contrast never depends on the palette.
const ALERT: Record<Scheme, [string, string, string]> = {
  light: ['#fef2f2', '#991b1b', '#fca5a5'],
  dark: ['#450a0a', '#fecaca', '#b91c1c'],
};

const HEX = /^#[0-9a-f]{6}$/i;

function vars(scheme: Scheme, p: Palette): string {
  // stored colours were validated on the way in; checked again because they end up inside CSS
  const c = (k: keyof Palette) => (HEX.test(p[k]) ? p[k] : DEFAULT_PALETTES[scheme][k]);
  const [alertBg, alertFg, alertBorder] = ALERT[scheme];
  return [
    `color-scheme:${scheme}`,
    `--c-bg:${c('background')}`,
    `--c-card:${c('card')}`,
    `--c-fg:${c('foreground')}`,
    `--c-primary:${c('primary')}`,
    `--c-on-primary:${onColour(c('primary'))}`,
    `--c-accent:${c('accent')}`,
    // input edges: between text and card, enough to see without competing with the text
    '--c-border:color-mix(in srgb,var(--c-fg) 55%,var(--c-card))',
    `--c-alert-bg:${alertBg}`,
    `--c-alert-fg:${alertFg}`,
    `--c-alert-border:${alertBorder}`,
  ].join(';');
}

/**
 * The project's Connect Link theme as CSS custom properties on `.connect-brand`. A `system` theme
 * carries both schemes and lets the end user's device choose; `light` or `dark` pins one.
 */
export function BrandStyle({ branding }: { branding: ResolvedBranding }) {
  const radius = `--c-radius:${RADIUS_PX[branding.cornerRadius] ?? 8}px`;
  const { light, dark } = branding.palettes;
  const css =
    branding.theme === 'system'
      ? `.connect-brand{${vars('light', light)};${radius}}@media (prefers-color-scheme: dark){.connect-brand{${vars('dark', dark)}}}`
      : `.connect-brand{${vars(branding.theme, branding.palettes[branding.theme])};${radius}}`;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: CSS built from hex colours checked above
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}
