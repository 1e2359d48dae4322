/* eslint-disable @next/next/no-img-element -- small same-origin SVGs; no optimizer round trip */

/**
 * Toolkit logos come from Junction's own /logos/ (built from simple-icons). A logo on any other host
 * (a custom toolkit's URL) is not loaded: the dashboard fetches no third-party images, which keeps the
 * `img-src 'self'` policy and tells no third party who is looking.
 */
function sameOriginPath(src: string): string | undefined {
  try {
    const u = new URL(src, 'http://self.invalid');
    return u.pathname.startsWith('/logos/') && /^[a-z0-9_.-]+\.svg$/i.test(u.pathname.slice(7))
      ? u.pathname
      : undefined;
  } catch {
    return undefined;
  }
}

export function Logo({ src, name, size = 28 }: { src?: string | null; name: string; size?: number }) {
  const local = src ? sameOriginPath(src) : undefined;
  if (!local) {
    return (
      <span
        aria-hidden
        style={{ width: size, height: size }}
        className="inline-flex shrink-0 items-center justify-center rounded bg-zinc-200 text-[10px] font-semibold uppercase dark:bg-zinc-700"
      >
        {name.slice(0, 2)}
      </span>
    );
  }
  return (
    <img
      src={local}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className="shrink-0 rounded bg-white object-contain p-0.5"
      style={{ width: size, height: size }}
    />
  );
}
