import { cn } from './cn';

type Tone = 'green' | 'red' | 'amber' | 'zinc' | 'blue';
const tones: Record<Tone, string> = {
  green:
    'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/30',
  red: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950 dark:text-red-300 dark:ring-red-400/30',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30',
  zinc: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/30',
  blue: 'bg-blue-50 text-blue-800 ring-blue-600/20 dark:bg-blue-950 dark:text-blue-300 dark:ring-blue-400/30',
};

export function Badge({
  tone = 'zinc',
  children,
  title,
  className,
}: {
  tone?: Tone;
  children: React.ReactNode;
  title?: string;
  className?: string;
}) {
  return (
    <span
      title={title}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

const statusTone: Record<string, Tone> = {
  ACTIVE: 'green',
  ENABLED: 'green',
  success: 'green',
  delivered: 'green',
  SUCCESS: 'green',
  FAILED: 'red',
  EXPIRED: 'red',
  failed: 'red',
  REVOKED: 'red',
  DISABLED: 'zinc',
  dead: 'red',
  INITIATED: 'blue',
  INITIALIZING: 'blue',
  pending: 'blue',
  retrying: 'amber',
  INACTIVE: 'zinc',
};

export function StatusBadge({ status, reason }: { status: string; reason?: string | null }) {
  const tone = statusTone[status] ?? 'zinc';
  return (
    <Badge tone={tone} title={reason ?? undefined}>
      <span className={cn('size-1.5 rounded-full bg-current')} aria-hidden />
      {status}
    </Badge>
  );
}
