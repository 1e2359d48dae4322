import {
  DEFAULT_TEXTS,
  RADIUS_PX,
  fillText,
  onColour,
  type Palette,
  type Scheme,
  type TextKey,
} from '@/lib/contract/branding';

export interface PreviewState {
  appName: string;
  logo: string | null;
  cornerRadius: keyof typeof RADIUS_PX;
  palette: Palette;
  texts: Partial<Record<TextKey, string>>;
}

/**
 * The Connect page's card as the end user would see it in one colour scheme, drawn from the unsaved
 * form state so it follows every keystroke. Sample toolkit: GitHub, an OAuth one (the common case).
 */
export function BrandingPreview({ scheme, s }: { scheme: Scheme; s: PreviewState }) {
  const p = s.palette;
  const r = `${RADIUS_PX[s.cornerRadius]}px`;
  const text = (k: TextKey) =>
    fillText(s.texts[k] || (k === 'footer' ? '' : DEFAULT_TEXTS[k]), { app: s.appName, toolkit: 'GitHub' });
  const border = `color-mix(in srgb, ${p.foreground} 55%, ${p.card})`;
  return (
    <figure
      aria-label={`Preview, ${scheme} scheme`}
      data-testid={`preview-${scheme}`}
      className="rounded-lg p-4"
      style={{ background: p.background, color: p.foreground, colorScheme: scheme }}
    >
      <figcaption className="mb-3 text-xs font-medium">{scheme === 'light' ? 'Light' : 'Dark'}</figcaption>
      <div className="p-5" style={{ background: p.card, border: `1px solid ${border}`, borderRadius: r }}>
        <div className="flex items-center gap-3">
          {s.logo ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img
              src={s.logo}
              alt=""
              width={40}
              height={40}
              className="h-10 w-10 object-contain"
              style={{ borderRadius: r }}
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-10 w-10 items-center justify-center font-semibold"
              style={{ border: `1px solid ${border}`, borderRadius: r }}
            >
              {s.appName.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span aria-hidden="true" style={{ color: p.accent }}>
            →
          </span>
          <span className="text-sm font-medium">GitHub</span>
        </div>
        <p className="mt-4 text-lg font-semibold" data-testid={`preview-${scheme}-title`}>
          {text('title')}
        </p>
        <p className="mt-1 text-sm">{text('subtitle')}</p>
        <span
          className="mt-4 flex w-full items-center justify-center px-4 py-2.5 text-sm font-semibold"
          data-testid={`preview-${scheme}-button`}
          style={{ background: p.primary, color: onColour(p.primary), borderRadius: r }}
        >
          {text('oauth_button')}
        </span>
        {text('footer') ? (
          <p className="mt-3 text-xs" style={{ color: p.accent }}>
            {text('footer')}
          </p>
        ) : null}
      </div>
    </figure>
  );
}
