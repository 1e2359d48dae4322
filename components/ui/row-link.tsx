'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { ComponentProps } from 'react';

/**
 * A link for long lists and grids (a row per account, a card per toolkit). Next.js prefetches
 * every link that scrolls into view; a list of 200 cards then queues 200 server renders that hold
 * the browser's connections when the user clicks elsewhere. These links prefetch only when
 * pointed at or focused, which is still ahead of the click.
 */
export function RowLink({ href, onMouseEnter, onFocus, ...rest }: ComponentProps<typeof Link> & { href: string }) {
  const router = useRouter();
  return (
    <Link
      href={href}
      prefetch={false}
      onMouseEnter={(e) => {
        router.prefetch(href);
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        router.prefetch(href);
        onFocus?.(e);
      }}
      {...rest}
    />
  );
}
