'use client';
import { Button } from '@/components/ui/button';

export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-6 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-medium">This page failed to load.</p>
      <p className="mt-1">{error.digest ? `Error reference ${error.digest}. ` : ''}The server log has the details.</p>
      <Button className="mt-3" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
