'use client';
import { useState } from 'react';
import type { JsonSchema } from '@/lib/dashboard/types';
import { cn, focusRing } from '@/components/ui/cn';

/** The tool whose argument is being filled: staged files are filed under it, as the SDKs do. */
export interface FileTarget {
  toolSlug: string;
  toolkitSlug: string;
}
export interface StagedFile {
  name: string;
  mimetype: string;
  s3key: string;
}

/** A tool input of the staged-file shape `{name, mimetype, s3key}` (s.file() in lib/catalog/curated/define.ts). */
export function isFileSchema(p: JsonSchema | undefined): boolean {
  if (!p) return false;
  if (p.file_uploadable === true) return true;
  const props = p.properties;
  return p.type === 'object' && !!props && 's3key' in props && 'name' in props;
}

/**
 * A file picker for such an argument: the chosen file goes to the dashboard's own upload route
 * (/api/dash/files/upload), which stages it with the stored key; the argument becomes the staged object.
 */
export function FileInput({
  id,
  value,
  onChange,
  target,
  multiple,
}: {
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  target: FileTarget;
  multiple?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const files = (Array.isArray(value) ? value : value ? [value] : []) as StagedFile[];

  async function upload(list: FileList | null) {
    if (!list?.length) return;
    setBusy(true);
    setError(null);
    try {
      const staged: StagedFile[] = [];
      for (const f of Array.from(multiple ? list : [list[0]!])) {
        const form = new FormData();
        form.set('file', f);
        form.set('tool_slug', target.toolSlug);
        form.set('toolkit_slug', target.toolkitSlug);
        const res = await fetch('/api/dash/files/upload', {
          method: 'POST',
          headers: { 'x-junction-dashboard': '1' },
          body: form,
        });
        const json = (await res.json().catch(() => undefined)) as
          | (StagedFile & { error?: { message?: string } })
          | undefined;
        if (!res.ok || !json?.s3key) throw new Error(json?.error?.message ?? `Upload failed (HTTP ${res.status})`);
        staged.push({ name: json.name, mimetype: json.mimetype, s3key: json.s3key });
      }
      onChange(multiple ? [...files, ...staged] : staged[0]);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Upload failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-1" data-testid="file-input">
      <input
        id={id}
        type="file"
        multiple={multiple}
        disabled={busy}
        aria-busy={busy}
        className={cn(
          'block w-full text-sm text-zinc-800 file:mr-3 file:rounded-md file:border-0 file:bg-zinc-100 file:px-3 file:py-1.5 file:text-sm dark:text-zinc-200 dark:file:bg-zinc-800 dark:file:text-zinc-100',
          focusRing,
        )}
        onChange={(e) => {
          void upload(e.target.files);
          e.target.value = '';
        }}
      />
      {busy && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" role="status">
          Uploading…
        </p>
      )}
      {error && (
        <p className="text-xs text-red-700 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul className="space-y-1" aria-label="Staged files">
          {files.map((f) => (
            <li
              key={f.s3key}
              className="flex items-center justify-between gap-2 rounded border border-zinc-200 px-2 py-1 text-xs dark:border-zinc-800"
              data-testid="staged-file"
            >
              <span className="min-w-0 truncate">
                <span className="font-medium">{f.name}</span>{' '}
                <span className="text-zinc-600 dark:text-zinc-400">({f.mimetype}) staged</span>
              </span>
              <button
                type="button"
                className={cn('rounded px-1 text-zinc-700 hover:underline dark:text-zinc-300', focusRing)}
                aria-label={`Remove ${f.name}`}
                onClick={() => {
                  const rest = files.filter((x) => x.s3key !== f.s3key);
                  onChange(multiple && rest.length ? rest : undefined);
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
