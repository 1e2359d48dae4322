import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Runtime } from '../../runtime';
import { projectBranding, projects } from '../../db/schema';
import { namedError } from '../../contract/errors';
import { newId } from '../../crypto/ids';
import {
  DEFAULT_PALETTES,
  DEFAULT_TEXTS,
  TEXT_KEYS,
  describeProblem,
  onColour,
  paletteProblems,
  schemesOf,
  type Branding,
  type Palette,
  type PatchBrandingBody,
  type Scheme,
} from '../../contract/branding';
import { announceChange, changedHere } from '../cache/bus';
import { PROJECT_SETTINGS_CHANGE } from '../tools/base-override';
import { checkLogo } from './image';

type Row = typeof projectBranding.$inferSelect;

/** The path the logo is served at (same origin as the Connect page); the API answers it without a key. */
export function logoPath(logoId: string): string {
  return `/api/v3/branding/logos/${logoId}`;
}

/** Everything the Connect page needs, defaults filled in. */
export interface ResolvedBranding {
  appTitle: string | null;
  /** a same-origin path for an uploaded logo, or the config's https `logo_url` */
  logo: string | null;
  theme: 'light' | 'dark' | 'system';
  cornerRadius: 'none' | 'small' | 'medium' | 'large';
  palettes: Record<Scheme, Palette>;
  texts: Record<(typeof TEXT_KEYS)[number], string>;
  updatedAt: Date | null;
}

function palette(stored: Partial<Palette> | undefined, scheme: Scheme): Palette {
  return { ...DEFAULT_PALETTES[scheme], ...(stored ?? {}) };
}

function resolve(row: Row | undefined, settings: { display_name?: string; logo_url?: string }): ResolvedBranding {
  const texts = { ...DEFAULT_TEXTS };
  for (const k of TEXT_KEYS) {
    const v = row?.texts[k];
    if (typeof v === 'string') texts[k] = v;
  }
  return {
    appTitle: settings.display_name || null,
    logo: row?.logoId ? logoPath(row.logoId) : settings.logo_url || null,
    theme: row?.theme ?? 'system',
    cornerRadius: row?.cornerRadius ?? 'medium',
    palettes: { light: palette(row?.palettes.light, 'light'), dark: palette(row?.palettes.dark, 'dark') },
    texts,
    updatedAt: row?.updatedAt ?? null,
  };
}

async function load(db: Tx, projectId: string, lock = false) {
  const p = db.select({ settings: projects.settings }).from(projects).where(eq(projects.id, projectId));
  const b = db.select().from(projectBranding).where(eq(projectBranding.projectId, projectId));
  const [proj, row] = await Promise.all([lock ? p.for('update') : p, b]);
  return { settings: proj[0]?.settings ?? {}, row: row[0] };
}

/** What an unknown link's page shows: no project, so no project's branding. */
export const DEFAULT_BRANDING: ResolvedBranding = resolve(undefined, {});

/** The branding the Connect page renders for a project. */
export async function resolvedBranding(db: Db, projectId: string): Promise<ResolvedBranding> {
  const { settings, row } = await load(db, projectId);
  return resolve(row, settings);
}

export function brandingView(rt: Runtime, b: ResolvedBranding): Branding {
  const pal = (p: Palette) => ({ ...p, primary_foreground: onColour(p.primary) });
  return {
    app_title: b.appTitle,
    logo_url: b.logo?.startsWith('/') ? `${rt.config.publicUrl}${b.logo}` : b.logo,
    theme: b.theme,
    corner_radius: b.cornerRadius,
    light: pal(b.palettes.light),
    dark: pal(b.palettes.dark),
    texts: b.texts,
    updated_at: b.updatedAt?.toISOString() ?? null,
  };
}

export async function getBranding(rt: Runtime, projectId: string): Promise<Branding> {
  return brandingView(rt, await resolvedBranding(rt.db, projectId));
}

async function upsert(tx: Tx, projectId: string, values: Partial<Omit<Row, 'projectId'>>) {
  const set = { ...values, updatedAt: new Date() };
  await tx
    .insert(projectBranding)
    .values({ projectId, ...set })
    .onConflictDoUpdate({ target: projectBranding.projectId, set });
}

/**
 * Applies a partial update. Colours are checked as they would be shown: every scheme the resulting
 * theme displays must pass WCAG AA, or nothing is saved (the hosted editor also refuses to save a
 * failing theme rather than adjusting it, so the admin keeps control of the brand's colours).
 */
export async function patchBranding(rt: Runtime, projectId: string, body: PatchBrandingBody): Promise<Branding> {
  const view = await rt.db.transaction(async (tx) => {
    const { settings, row } = await load(tx, projectId, true);
    const palettes = { light: { ...row?.palettes.light }, dark: { ...row?.palettes.dark } };
    if (body.light) Object.assign(palettes.light, body.light);
    if (body.dark) Object.assign(palettes.dark, body.dark);
    const theme = body.theme ?? row?.theme ?? 'system';
    const problems = schemesOf(theme).flatMap((s) => paletteProblems(s, palette(palettes[s], s)));
    if (problems.length) {
      throw namedError(
        'Branding_InsufficientContrast',
        `These colours fail WCAG AA contrast: ${problems.map(describeProblem).join('; ')}`,
        { errors: problems.map(describeProblem) },
      );
    }
    const texts = { ...(row?.texts ?? {}) };
    for (const [k, v] of Object.entries(body.texts ?? {})) {
      if (v === undefined) continue;
      if (v === null || (v === '' && k !== 'footer')) delete texts[k];
      else texts[k] = v;
    }
    await upsert(tx, projectId, {
      theme,
      cornerRadius: body.corner_radius ?? row?.cornerRadius ?? 'medium',
      palettes,
      texts,
    });
    let nextSettings = settings;
    if (body.app_title !== undefined) {
      nextSettings = { ...settings };
      if (body.app_title) nextSettings.display_name = body.app_title;
      else delete nextSettings.display_name;
      await tx.update(projects).set({ settings: nextSettings }).where(eq(projects.id, projectId));
      await announceChange(tx, PROJECT_SETTINGS_CHANGE, projectId);
    }
    const fresh = await load(tx, projectId);
    return brandingView(rt, resolve(fresh.row, nextSettings));
  });
  if (body.app_title !== undefined) changedHere(PROJECT_SETTINGS_CHANGE, projectId);
  return view;
}

/** Back to the defaults: colours, texts, theme and the uploaded logo; the app title is cleared too. */
export async function resetBranding(rt: Runtime, projectId: string): Promise<Branding> {
  await rt.db.transaction(async (tx) => {
    const { settings } = await load(tx, projectId, true);
    await tx.delete(projectBranding).where(eq(projectBranding.projectId, projectId));
    if (settings.display_name) {
      const { display_name: _drop, ...rest } = settings;
      await tx.update(projects).set({ settings: rest }).where(eq(projects.id, projectId));
      await announceChange(tx, PROJECT_SETTINGS_CHANGE, projectId);
    }
  });
  changedHere(PROJECT_SETTINGS_CHANGE, projectId);
  return getBranding(rt, projectId);
}

/** Stores a checked logo under a fresh id: the old address stops answering, the new one is cacheable forever. */
export async function setLogo(rt: Runtime, projectId: string, imageBase64: string): Promise<Branding> {
  const img = checkLogo(imageBase64);
  await rt.db.transaction(async (tx) => {
    await load(tx, projectId, true);
    await upsert(tx, projectId, { logoId: newId('logo'), logoType: img.type, logoData: img.bytes.toString('base64') });
  });
  return getBranding(rt, projectId);
}

export async function clearLogo(rt: Runtime, projectId: string): Promise<Branding> {
  await rt.db.transaction(async (tx) => {
    await load(tx, projectId, true);
    await upsert(tx, projectId, { logoId: null, logoType: null, logoData: null });
  });
  return getBranding(rt, projectId);
}

/** A logo by its public id (random, one per upload), or undefined. */
export async function readLogo(db: Db, logoId: string): Promise<{ type: string; bytes: Buffer } | undefined> {
  const rows = await db
    .select({ type: projectBranding.logoType, data: projectBranding.logoData })
    .from(projectBranding)
    .innerJoin(projects, eq(projects.id, projectBranding.projectId))
    // a deleted project's logo stops answering with it
    .where(and(eq(projectBranding.logoId, logoId), isNull(projects.deletedAt)))
    .limit(1);
  const r = rows[0];
  if (!r?.type || !r.data) return undefined;
  return { type: r.type, bytes: Buffer.from(r.data, 'base64') };
}
