/**
 * Build step: writes the toolkit logos and nothing else into public/logos/, so the dashboard, the Connect
 * page and API clients load logos from Junction itself, never from a third-party host (which a strict
 * `img-src 'self'` policy would block and which would tell that host who is looking at what).
 * Brand marks come from simple-icons (CC0); a toolkit it lacks gets a neutral tile with its initials.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as simpleIcons from 'simple-icons';

type Icon = { slug: string; hex: string; path: string; title: string };

// Catalog slugs that simple-icons spells differently.
const ALIASES: Record<string, string> = {
  twitter: 'x',
  one_drive: 'microsoftonedrive',
  microsoft_teams: 'microsoftteams',
  hackernews: 'ycombinator',
  perplexityai: 'perplexity',
  discordbot: 'discord',
  cal: 'caldotcom',
};

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function brandSvg(icon: Icon): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" role="img"><title>${escapeXml(icon.title)}</title>` +
    `<path fill="#${icon.hex}" d="${icon.path}"/></svg>\n`
  );
}

export function fallbackSvg(name: string): string {
  const initials = escapeXml(
    name
      .replace(/[^A-Za-z0-9 ]/g, '')
      .split(/\s+|(?=[A-Z])/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0])
      .join('')
      .toUpperCase() || '?',
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" role="img"><title>${escapeXml(name)}</title>` +
    '<rect width="24" height="24" rx="5" fill="#71717a"/>' +
    `<text x="12" y="16" font-family="system-ui,sans-serif" font-size="10" font-weight="600" fill="#fff" text-anchor="middle">${initials}</text></svg>\n`
  );
}

export function buildLogos(toolkits: { slug: string; name: string }[], outDir: string) {
  const bySlug = new Map<string, Icon>();
  for (const v of Object.values(simpleIcons) as unknown[]) {
    const icon = v as Icon;
    if (icon && typeof icon === 'object' && typeof icon.slug === 'string' && typeof icon.path === 'string')
      bySlug.set(icon.slug, icon);
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  let brands = 0;
  for (const tk of toolkits) {
    const key = tk.slug.toLowerCase();
    const icon = bySlug.get(ALIASES[key] ?? key.replace(/[^a-z0-9]/g, ''));
    if (icon) brands += 1;
    fs.writeFileSync(path.join(outDir, `${key}.svg`), icon ? brandSvg(icon) : fallbackSvg(tk.name || tk.slug));
  }
  fs.writeFileSync(path.join(outDir, '_fallback.svg'), fallbackSvg('?'));
  return { total: toolkits.length, brands };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  const toolkits = JSON.parse(fs.readFileSync(path.join(root, 'lib/catalog/data/toolkits.json'), 'utf8')) as {
    slug: string;
    name: string;
  }[];
  // toolkits declared in code (lib/catalog/curated/standalone.ts) need logos too
  const { STANDALONE } = await import('../lib/catalog/curated/standalone');
  for (const { toolkit } of STANDALONE) if (!toolkits.some((t) => t.slug === toolkit.slug)) toolkits.push(toolkit);
  const { total, brands } = buildLogos(toolkits, path.join(root, 'public/logos'));
  console.log(`logos: ${total} toolkits, ${brands} brand marks, ${total - brands} neutral tiles → public/logos/`);
}
