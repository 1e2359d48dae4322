'use client';
import Link, { useLinkStatus } from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState, useTransition } from 'react';
import { signOutAction } from '@/lib/dashboard/actions/auth';
import { switchConnectionAction } from '@/lib/dashboard/actions/connections';
import { cn, focusRing } from '@/components/ui/cn';
import { Button } from '@/components/ui/button';
import { NAV, isActive } from './nav';
import { ThemeToggle } from './theme-toggle';

export function Shell({
  email,
  connections,
  activeId,
  children,
}: {
  email: string;
  connections: Array<{ id: string; name: string }>;
  activeId?: string;
  children: React.ReactNode;
}) {
  const pathname = usePathname();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [switching, startSwitch] = useTransition();
  useEffect(() => setOpen(false), [pathname]);
  useGoShortcuts(router.push);

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[15rem_1fr]">
      <a
        href="#main"
        className={cn(
          'sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-zinc-900',
          focusRing,
        )}
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-zinc-200 bg-white px-4 lg:hidden dark:border-zinc-800 dark:bg-zinc-900">
        <span className="font-semibold">Junction</span>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          aria-controls="sidebar"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? 'Close' : 'Menu'}
        </Button>
      </header>
      <aside
        id="sidebar"
        className={cn(
          'fixed inset-y-0 left-0 z-40 w-64 flex-col border-r border-zinc-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-auto dark:border-zinc-800 dark:bg-zinc-900',
          open ? 'flex' : 'hidden',
        )}
      >
        <div className="flex h-14 items-center justify-between px-4">
          <Link href="/" className={cn('font-semibold tracking-tight', focusRing)}>
            Junction
          </Link>
          <ThemeToggle />
        </div>
        <div className="px-3 pb-3">
          <label htmlFor="connection" className="mb-1 block text-xs text-zinc-600 dark:text-zinc-400">
            API connection
          </label>
          <select
            id="connection"
            value={activeId ?? ''}
            disabled={switching || connections.length === 0}
            onChange={(e) =>
              startSwitch(async () => {
                await switchConnectionAction(e.target.value);
                window.location.assign('/');
              })
            }
            className={cn(
              'h-8 w-full rounded-md border border-zinc-300 bg-white px-2 text-xs dark:border-zinc-700 dark:bg-zinc-900',
              focusRing,
            )}
          >
            {connections.length === 0 && <option value="">None</option>}
            {connections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-2">
          <ul className="space-y-0.5">
            {NAV.map((item) => {
              const active = isActive(pathname, item.href);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex items-center justify-between rounded-md px-2.5 py-1.5 text-sm',
                      focusRing,
                      active
                        ? 'bg-zinc-100 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-white'
                        : 'text-zinc-700 hover:bg-zinc-50 dark:text-zinc-300 dark:hover:bg-zinc-800/60',
                    )}
                  >
                    <span className="flex items-center gap-2">
                      {item.label}
                      <PendingDot />
                    </span>
                    <kbd className="hidden text-[10px] text-zinc-600 lg:inline dark:text-zinc-300" aria-hidden>
                      g {item.key}
                    </kbd>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="border-t border-zinc-200 p-3 text-xs dark:border-zinc-800">
          <p className="truncate text-zinc-600 dark:text-zinc-400" title={email}>
            {email}
          </p>
          <form action={signOutAction} className="mt-2">
            <Button type="submit" size="sm" className="w-full">
              Sign out
            </Button>
          </form>
        </div>
      </aside>
      {open && <div className="fixed inset-0 z-30 bg-black/30 lg:hidden" onClick={() => setOpen(false)} aria-hidden />}
      <main id="main" tabIndex={-1} className="min-w-0 px-4 py-6 sm:px-8 lg:py-8">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </div>
  );
}

/**
 * The dashboard has no route-level loading fallback: React holds a revealed fallback for at least
 * 300 ms, which made every navigation take that long even when the page was ready in 80 ms. Instead
 * the clicked link shows this dot while its page loads, and the old page stays until the new one
 * can show (pages draw their own skeletons while their data loads).
 */
function PendingDot() {
  const { pending } = useLinkStatus();
  return (
    <span
      aria-hidden
      className={cn(
        'h-1.5 w-1.5 rounded-full bg-zinc-400 transition-opacity delay-100 dark:bg-zinc-500',
        pending ? 'animate-pulse opacity-100' : 'opacity-0',
      )}
    />
  );
}

/** `g` then a letter jumps to a page; `/` focuses the page's search box. */
function useGoShortcuts(push: (href: string) => void) {
  useEffect(() => {
    let armed = 0;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (
        e.metaKey ||
        e.ctrlKey ||
        e.altKey ||
        t.isContentEditable ||
        ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName)
      )
        return;
      if (e.key === '/') {
        const search = document.querySelector<HTMLInputElement>('[data-search]');
        if (search) {
          e.preventDefault();
          search.focus();
        }
        return;
      }
      if (e.key === 'g') {
        armed = Date.now();
        return;
      }
      if (Date.now() - armed < 1000) {
        const item = NAV.find((n) => n.key === e.key);
        armed = 0;
        if (item) {
          e.preventDefault();
          push(item.href);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [push]);
}
