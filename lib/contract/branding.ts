import { z } from 'zod';

/**
 * Connect Link white-labelling (v3.1 surface §12). The hosted service sets it in its dashboard only
 * (Project Settings → White Labeling) and documents no API, so these routes are our extension under
 * the project settings area: one branding per project, as hosted (no per-auth-config override there).
 *
 * The contrast helpers live here, beside the shapes, because the API refuses what they reject and the
 * dashboard's live preview shows the same verdict while the admin types.
 */

const HEX = /^#[0-9a-fA-F]{6}$/;
const Hex = z
  .string()
  .regex(HEX, 'a colour as #rrggbb')
  .transform((v) => v.toLowerCase());

export const THEMES = ['light', 'dark', 'system'] as const;
export const RADII = ['none', 'small', 'medium', 'large'] as const;
/** Corner radius of cards, buttons and inputs, in pixels. */
export const RADIUS_PX: Record<(typeof RADII)[number], number> = { none: 0, small: 4, medium: 8, large: 16 };

/** The seed colours of one colour scheme (the hosted editor's page background, card, foreground, accents). */
export interface Palette {
  background: string;
  card: string;
  foreground: string;
  primary: string;
  accent: string;
}
export type Scheme = 'light' | 'dark';

export const DEFAULT_PALETTES: Record<Scheme, Palette> = {
  light: { background: '#fafafa', card: '#ffffff', foreground: '#18181b', primary: '#4338ca', accent: '#4338ca' },
  dark: { background: '#09090b', card: '#18181b', foreground: '#f4f4f5', primary: '#818cf8', accent: '#a5b4fc' },
};

export const TEXT_KEYS = ['title', 'subtitle', 'oauth_button', 'form_button', 'footer'] as const;
export type TextKey = (typeof TEXT_KEYS)[number];
/**
 * What the end user reads when the project sets nothing. `{app}` is the app title (or the project's
 * name), `{toolkit}` the toolkit's name; both are filled in as text, never as markup.
 */
export const DEFAULT_TEXTS: Record<TextKey, string> = {
  title: 'Connect {toolkit}',
  subtitle: '{app} is asking to connect your {toolkit} account.',
  oauth_button: 'Continue to {toolkit}',
  form_button: 'Connect',
  footer: '',
};
const TEXT_MAX: Record<TextKey, number> = {
  title: 80,
  subtitle: 300,
  oauth_button: 40,
  form_button: 40,
  footer: 300,
};

// ---- contrast (WCAG 2.x relative luminance) ----

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}
/** Contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
/** Button label colour: black or white, whichever reads better on the button (always ≥ 4.58:1). */
export function onColour(bg: string): string {
  return contrast(bg, '#000000') >= contrast(bg, '#ffffff') ? '#000000' : '#ffffff';
}

/** WCAG AA: body text 4.5:1; a control's edge against what surrounds it 3:1 (1.4.11). */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

export interface ContrastProblem {
  scheme: Scheme;
  /** which pair fails, e.g. `foreground on card` */
  pair: string;
  ratio: number;
  required: number;
}

/** The pairs the Connect page draws; every one must pass before a palette is accepted. */
export function paletteProblems(scheme: Scheme, p: Palette): ContrastProblem[] {
  const checks: [string, string, string, number][] = [
    ['foreground on card', p.foreground, p.card, AA_TEXT],
    ['foreground on background', p.foreground, p.background, AA_TEXT],
    ['accent on card', p.accent, p.card, AA_TEXT],
    ['primary against card', p.primary, p.card, AA_NON_TEXT],
    ['button label on primary', onColour(p.primary), p.primary, AA_TEXT],
  ];
  const out: ContrastProblem[] = [];
  for (const [pair, fg, bg, required] of checks) {
    const ratio = Math.round(contrast(fg, bg) * 100) / 100;
    if (ratio < required) out.push({ scheme, pair, ratio, required });
  }
  return out;
}

/** The schemes a theme shows: `system` follows the end user's device, so both must pass. */
export function schemesOf(theme: (typeof THEMES)[number]): Scheme[] {
  return theme === 'system' ? ['light', 'dark'] : [theme];
}

export function describeProblem(p: ContrastProblem): string {
  return `${p.scheme}.${p.pair}: contrast ${p.ratio}:1, WCAG AA needs ${p.required}:1`;
}

/** A template's text for the end user, placeholders filled. */
export function fillText(template: string, vars: { app: string; toolkit: string }): string {
  return template.replaceAll('{app}', vars.app).replaceAll('{toolkit}', vars.toolkit);
}

// ---- shapes ----

const PaletteOut = z.object({
  background: z.string(),
  card: z.string(),
  foreground: z.string(),
  primary: z.string(),
  accent: z.string(),
  /** derived: the button label colour the page uses on `primary` */
  primary_foreground: z.string(),
});
const PaletteIn = z
  .object({ background: Hex, card: Hex, foreground: Hex, primary: Hex, accent: Hex })
  .partial()
  .strict();

const textsIn = Object.fromEntries(
  TEXT_KEYS.map((k) => [
    k,
    z
      .string()
      .trim()
      .max(TEXT_MAX[k])
      .refine((v) => !/[<>]/.test(v), 'plain text only (no < or >)')
      .nullable()
      .optional()
      .describe(`null or "" restores the default: "${DEFAULT_TEXTS[k]}"`),
  ]),
) as Record<TextKey, z.ZodOptional<z.ZodNullable<z.ZodString>>>;

export const Branding = z.object({
  /** replaces the project name in the page's texts; also the project config's `display_name` */
  app_title: z.string().nullable(),
  /** where Junction serves the uploaded logo (stable per upload, cached for a year); else the config's `logo_url` */
  logo_url: z.string().nullable(),
  theme: z.enum(THEMES),
  corner_radius: z.enum(RADII),
  light: PaletteOut,
  dark: PaletteOut,
  /** effective texts (defaults filled in); the page replaces `{app}` and `{toolkit}` */
  texts: z.object(Object.fromEntries(TEXT_KEYS.map((k) => [k, z.string()])) as Record<TextKey, z.ZodString>),
  updated_at: z.string().nullable(),
});
export type Branding = z.infer<typeof Branding>;

export const PatchBrandingBody = z
  .object({
    app_title: z
      .string()
      .trim()
      .max(100)
      .refine((v) => !/[<>]/.test(v), 'plain text only (no < or >)')
      .nullable()
      .optional(),
    theme: z.enum(THEMES).optional(),
    corner_radius: z.enum(RADII).optional(),
    /** colours of the light scheme; omitted ones keep their stored or default value */
    light: PaletteIn.optional(),
    dark: PaletteIn.optional(),
    texts: z.object(textsIn).strict().optional(),
  })
  .strict();
export type PatchBrandingBody = z.infer<typeof PatchBrandingBody>;

/** The logo as base64 (or a `data:image/...;base64,` URL): PNG or JPEG, square, 256 to 1024 px, ≤ 1 MB. */
export const LogoUploadBody = z.object({
  image_base64: z
    .string()
    .min(1)
    .max(1_500_000)
    .describe('PNG or JPEG bytes as base64 or a data: URL; square, 256×256 to 1024×1024 px, at most 1 MB'),
});

export const LogoParams = z.object({ logo_id: z.string().max(80) });
