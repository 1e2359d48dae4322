'use client';
import type { ApiErr } from '@/lib/dashboard/client/api';
import { Button } from './button';

/** Shows the API's message and suggested fix; a missing operation reads as "this server doesn't provide X". */
export function ErrorPanel({
  error,
  feature,
  onRetry,
}: {
  error: ApiErr | Error | null | undefined;
  feature?: string;
  onRetry?: () => void;
}) {
  if (!error) return null;
  const e = error as Partial<ApiErr>;
  if (e.missing) {
    return (
      <div
        role="note"
        data-testid="not-provided"
        className="rounded-lg border border-dashed border-zinc-300 p-6 text-sm dark:border-zinc-700"
      >
        <p className="font-medium">This server doesn&apos;t provide {feature ?? 'this feature'}.</p>
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">
          The API connection answered “{error.message}”. Other parts of the dashboard keep working.
        </p>
      </div>
    );
  }
  return (
    <div
      role="alert"
      data-testid="error-panel"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-medium">{error.message}</p>
      {e.suggestedFix && <p className="mt-1">Suggested fix: {e.suggestedFix}</p>}
      {e.details?.length ? (
        <ul className="mt-2 list-disc pl-5 text-xs">
          {e.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 text-xs opacity-75">
        {e.slug}
        {e.status ? ` · HTTP ${e.status}` : ''}
        {e.requestId ? ` · request ${e.requestId}` : ''}
      </p>
      {onRetry && (
        <Button size="sm" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
