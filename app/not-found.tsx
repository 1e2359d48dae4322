import Link from 'next/link';

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-2 p-6 text-center">
      <h1 className="text-lg font-semibold">Page not found</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The v3 API lives under /api/v3. The dashboard starts at{' '}
        <Link className="underline" href="/">
          the overview
        </Link>
        .
      </p>
    </main>
  );
}
