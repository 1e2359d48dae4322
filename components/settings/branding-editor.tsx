'use client';
import { useEffect, useMemo, useState } from 'react';
import { useV3, useV3Mutation } from '@/lib/dashboard/client/hooks';
import {
  RADII,
  TEXT_KEYS,
  THEMES,
  describeProblem,
  paletteProblems,
  schemesOf,
  type Branding,
  type Palette,
  type Scheme,
  type TextKey,
} from '@/lib/contract/branding';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { BrandingPreview } from './branding-preview';

const COLOURS: [keyof Palette, string][] = [
  ['background', 'Page background'],
  ['card', 'Card'],
  ['foreground', 'Text'],
  ['primary', 'Button'],
  ['accent', 'Accent'],
];
const TEXT_LABELS: Record<TextKey, string> = {
  title: 'Heading',
  subtitle: 'Consent text',
  oauth_button: 'Sign-in button',
  form_button: 'Form button',
  footer: 'Footer note',
};
const HEX = /^#[0-9a-fA-F]{6}$/;

interface Form {
  app_title: string;
  theme: Branding['theme'];
  corner_radius: Branding['corner_radius'];
  light: Palette;
  dark: Palette;
  texts: Record<TextKey, string>;
}

function toForm(b: Branding): Form {
  const pal = ({ primary_foreground: _x, ...p }: Branding['light']) => p;
  return {
    app_title: b.app_title ?? '',
    theme: b.theme,
    corner_radius: b.corner_radius,
    light: pal(b.light),
    dark: pal(b.dark),
    texts: { ...b.texts },
  };
}

export function BrandingEditor() {
  const q = useV3<Branding>('/org/project/branding');
  const project = useV3<{ name: string }>('/org/project/current');
  const [form, setForm] = useState<Form | null>(null);
  const [resetting, setResetting] = useState(false);
  const [logoError, setLogoError] = useState<string | null>(null);
  useEffect(() => {
    if (q.data && !form) setForm(toForm(q.data));
  }, [q.data, form]);

  const save = useV3Mutation<Form, Branding>({
    request: (f) => ({
      path: '/org/project/branding',
      method: 'PATCH',
      body: { ...f, app_title: f.app_title || null },
    }),
    invalidate: ['/org/project/branding'],
    success: 'Branding saved',
    onSuccess: (b) => setForm(toForm(b)),
  });
  const reset = useV3Mutation<void, Branding>({
    request: () => ({ path: '/org/project/branding', method: 'DELETE' }),
    invalidate: ['/org/project/branding'],
    success: 'Branding reset to the defaults',
    onSuccess: (b) => {
      setForm(toForm(b));
      setResetting(false);
    },
  });
  const upload = useV3Mutation<string, Branding>({
    request: (image_base64) => ({ path: '/org/project/branding/logo', method: 'PUT', body: { image_base64 } }),
    invalidate: ['/org/project/branding'],
    success: 'Logo uploaded',
    // the refusal (type, size, dimensions) is shown under the field instead
    silent: true,
  });
  const removeLogo = useV3Mutation<void, Branding>({
    request: () => ({ path: '/org/project/branding/logo', method: 'DELETE' }),
    invalidate: ['/org/project/branding'],
    success: 'Logo removed',
  });

  const problems = useMemo(() => {
    if (!form) return [];
    const bad: string[] = [];
    for (const s of schemesOf(form.theme)) {
      if (COLOURS.some(([k]) => !HEX.test(form[s][k]))) bad.push(`${s}: every colour must be #rrggbb`);
      else bad.push(...paletteProblems(s, form[s]).map(describeProblem));
    }
    return bad;
  }, [form]);

  if (q.isError)
    return (
      <ErrorPanel
        error={q.error}
        feature="Connect Link branding (GET /org/project/branding)"
        onRetry={() => q.refetch()}
      />
    );
  if (!form || !q.data) return <TableSkeleton rows={6} cols={2} />;

  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const setColour = (s: Scheme, k: keyof Palette, v: string) => set({ [s]: { ...form[s], [k]: v } } as Partial<Form>);
  const appName = form.app_title || project.data?.name || 'Your app';
  // the dashboard's CSP loads images from its own origin: an uploaded logo is asked for by its path
  const logo = q.data.logo_url?.includes('/api/v3/branding/logos/')
    ? new URL(q.data.logo_url).pathname
    : q.data.logo_url;

  const onFile = (file: File | undefined) => {
    setLogoError(null);
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => upload.mutate(String(reader.result));
    reader.onerror = () => setLogoError('The file could not be read');
    reader.readAsDataURL(file);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <form
        className="space-y-6"
        onSubmit={(e) => {
          e.preventDefault();
          if (!problems.length) save.mutate(form);
        }}
      >
        <Card aria-labelledby="brand-h">
          <CardHeader
            id="brand-h"
            title="Brand"
            description="What the end user sees on the Connect page instead of the project's name."
          />
          <div className="grid gap-4 p-4 sm:grid-cols-2">
            <Field
              label="App title"
              htmlFor="b-title"
              hint={`Empty: the project's name (${project.data?.name ?? '…'})`}
            >
              <Input
                id="b-title"
                value={form.app_title}
                maxLength={100}
                onChange={(e) => set({ app_title: e.target.value })}
              />
            </Field>
            <Field label="Theme" htmlFor="b-theme" hint="System follows the end user's device; both schemes must pass.">
              <Select id="b-theme" value={form.theme} onChange={(e) => set({ theme: e.target.value as Form['theme'] })}>
                {THEMES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Corner radius" htmlFor="b-radius">
              <Select
                id="b-radius"
                value={form.corner_radius}
                onChange={(e) => set({ corner_radius: e.target.value as Form['corner_radius'] })}
              >
                {RADII.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label="Logo"
              htmlFor="b-logo"
              hint="Square PNG or JPEG, 256 to 1024 px, at most 1 MB. Saved at once."
              error={logoError ?? (upload.error ? upload.error.message : undefined)}
            >
              <div className="flex items-center gap-2">
                <input
                  id="b-logo"
                  type="file"
                  accept="image/png,image/jpeg"
                  className="block w-full text-sm file:mr-2 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-2 file:py-1 file:text-sm dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
                  onChange={(e) => onFile(e.target.files?.[0])}
                />
                {logo ? (
                  <Button size="sm" variant="ghost" loading={removeLogo.isPending} onClick={() => removeLogo.mutate()}>
                    Remove logo
                  </Button>
                ) : null}
              </div>
            </Field>
          </div>
        </Card>

        {(['light', 'dark'] as const).map((s) => (
          <Card key={s} aria-labelledby={`brand-${s}-h`}>
            <CardHeader
              id={`brand-${s}-h`}
              title={s === 'light' ? 'Light colours' : 'Dark colours'}
              description={
                schemesOf(form.theme).includes(s)
                  ? 'Shown with this theme.'
                  : 'Not shown with this theme; kept for later.'
              }
            />
            <div className="grid gap-4 p-4 sm:grid-cols-3">
              {COLOURS.map(([k, label]) => (
                <Field key={k} label={`${label} (${s})`} htmlFor={`b-${s}-${k}`}>
                  <div className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="size-6 shrink-0 rounded border border-zinc-300 dark:border-zinc-700"
                      style={{ background: HEX.test(form[s][k]) ? form[s][k] : 'transparent' }}
                    />
                    <Input
                      id={`b-${s}-${k}`}
                      value={form[s][k]}
                      spellCheck={false}
                      className="font-mono"
                      onChange={(e) => setColour(s, k, e.target.value.trim())}
                    />
                  </div>
                </Field>
              ))}
            </div>
          </Card>
        ))}

        <Card aria-labelledby="brand-texts-h">
          <CardHeader
            id="brand-texts-h"
            title="Texts"
            description="{app} becomes the app title, {toolkit} the toolkit's name. Empty: the default."
          />
          <div className="grid gap-4 p-4">
            {TEXT_KEYS.map((k) => (
              <Field key={k} label={TEXT_LABELS[k]} htmlFor={`b-text-${k}`}>
                <Input
                  id={`b-text-${k}`}
                  value={form.texts[k]}
                  maxLength={k === 'subtitle' || k === 'footer' ? 300 : 80}
                  onChange={(e) => set({ texts: { ...form.texts, [k]: e.target.value } })}
                />
              </Field>
            ))}
          </div>
        </Card>

        <div role="status" aria-live="polite" className="text-sm">
          {problems.length ? (
            <div className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
              <p className="font-medium">Not accessible yet, so it cannot be saved:</p>
              <ul className="mt-1 list-disc pl-5">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-emerald-800 dark:text-emerald-300">Every scheme passes WCAG AA contrast.</p>
          )}
        </div>
        <div className="flex gap-2">
          <Button type="submit" variant="primary" loading={save.isPending} disabled={problems.length > 0}>
            Save branding
          </Button>
          <Button variant="secondary" onClick={() => setForm(toForm(q.data))}>
            Discard changes
          </Button>
          <Button variant="danger" onClick={() => setResetting(true)}>
            Reset to defaults
          </Button>
        </div>
      </form>

      <section aria-labelledby="brand-preview-h" className="space-y-3 lg:sticky lg:top-4 lg:self-start">
        <h2 id="brand-preview-h" className="text-sm font-semibold">
          Live preview
        </h2>
        {schemesOf(form.theme).map((s) => (
          <BrandingPreview
            key={s}
            scheme={s}
            s={{ appName, logo, cornerRadius: form.corner_radius, palette: form[s], texts: form.texts }}
          />
        ))}
      </section>

      <ConfirmDialog
        open={resetting}
        onClose={() => setResetting(false)}
        onConfirm={() => reset.mutate()}
        title="Reset the Connect page branding?"
        confirmLabel="Reset"
        danger
        loading={reset.isPending}
      >
        The app title, logo, colours and texts go back to the defaults.
      </ConfirmDialog>
    </div>
  );
}
