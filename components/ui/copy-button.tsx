'use client';
import { useState } from 'react';
import { Button } from './button';

export function CopyButton({
  value,
  label = 'Copy',
  size = 'sm',
}: {
  value: string;
  label?: string;
  size?: 'sm' | 'md';
}) {
  const [done, setDone] = useState(false);
  return (
    <Button
      size={size}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
        } catch {
          const ta = document.createElement('textarea');
          ta.value = value;
          document.body.appendChild(ta);
          ta.select();
          document.execCommand('copy');
          ta.remove();
        }
        setDone(true);
        setTimeout(() => setDone(false), 1500);
      }}
    >
      {done ? 'Copied' : label}
    </Button>
  );
}

/** A secret shown once: monospace, selectable, with copy. */
export function OnceSecret({ value, note }: { value: string; note?: React.ReactNode }) {
  return (
    <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950">
      <p className="text-xs font-medium text-amber-900 dark:text-amber-200">
        {note ?? 'Shown only now. Copy it and store it somewhere safe.'}
      </p>
      <div className="flex items-center gap-2">
        <code
          data-testid="once-secret"
          className="min-w-0 flex-1 overflow-x-auto rounded bg-white px-2 py-1.5 font-mono text-xs dark:bg-zinc-900"
        >
          {value}
        </code>
        <CopyButton value={value} />
      </div>
    </div>
  );
}
