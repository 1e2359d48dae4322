'use client';
import { useEffect, useState } from 'react';
import { cn, focusRing } from '@/components/ui/cn';

type Theme = 'system' | 'light' | 'dark';
const next: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };

function apply(theme: Theme) {
  const dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
}

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>('system');
  useEffect(() => setTheme((localStorage.getItem('theme') as Theme | null) ?? 'system'), []);
  return (
    <button
      type="button"
      onClick={() => {
        const t = next[theme];
        setTheme(t);
        localStorage.setItem('theme', t);
        apply(t);
      }}
      className={cn(
        'rounded-md px-2 py-1 text-xs text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
        focusRing,
      )}
      aria-label={`Theme: ${theme}. Switch to ${next[theme]}`}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? 'Dark' : theme === 'light' ? 'Light' : 'Auto'}
    </button>
  );
}
