/* eslint-disable @next/next/no-img-element -- logos come from any host; no optimizer round trip */
export function Logo({ src, name, size = 28 }: { src?: string | null; name: string; size?: number }) {
  if (!src) {
    return <span aria-hidden style={{ width: size, height: size }} className="inline-flex shrink-0 items-center justify-center rounded bg-zinc-200 text-[10px] font-semibold uppercase dark:bg-zinc-700">{name.slice(0, 2)}</span>;
  }
  return <img src={src} alt="" width={size} height={size} loading="lazy" className="shrink-0 rounded bg-white object-contain p-0.5" style={{ width: size, height: size }} />;
}
