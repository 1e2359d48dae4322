'use client';
import { useEffect } from 'react';

/**
 * Runs `fn` `ms` after the last change of `deps` (a search box writing its text into the URL),
 * unless the user follows a link first: the delayed URL update would otherwise replace the
 * navigation the click had just started, and the user would stay on the list.
 */
export function useDebouncedEffect(fn: () => void, deps: readonly unknown[], ms: number) {
  useEffect(() => {
    const timer = setTimeout(fn, ms);
    const cancel = (e: MouseEvent) => {
      if (e.target instanceof Element && e.target.closest('a[href]')) clearTimeout(timer);
    };
    document.addEventListener('click', cancel, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('click', cancel, true);
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what restarts the delay
  }, deps);
}
