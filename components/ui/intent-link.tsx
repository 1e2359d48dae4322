'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { ComponentProps } from 'react';

/**
 * A link that prefetches its page when pointed at or focused, still ahead of the click, instead of
 * when it scrolls into view. Next.js prefetches every visible link; every dashboard page renders
 * on demand, so one page load queued a server render per status card, toolkit card and account
 * row (hundreds on the toolkit grid), and those held the server and the browser's connections just
 * when the user clicked. The main navigation keeps Next's own prefetch: its few links save a round trip.
 */
export function IntentLink({ href, onMouseEnter, onFocus, ...rest }: ComponentProps<typeof Link> & { href: string }) {
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
