'use client';
import { useId } from 'react';
import type { JsonSchema } from '@/lib/dashboard/types';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { FileInput, isFileSchema, type FileTarget } from './file-input';

export type FormValues = Record<string, unknown>;

function mainType(s: JsonSchema): string {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t) return t;
  const alt = (s.anyOf ?? s.oneOf)?.find((x) => x.type && x.type !== 'null');
  return alt ? mainType(alt) : 'string';
}

/**
 * Form fields generated from a JSON Schema's top-level properties; nested values are edited as JSON.
 * With `fileTarget` (a tool's Try it), staged-file inputs `{name, mimetype, s3key}` get a file picker.
 */
export function SchemaForm({
  schema,
  values,
  onChange,
  errors,
  fileTarget,
}: {
  schema: JsonSchema | undefined;
  values: FormValues;
  onChange: (v: FormValues) => void;
  errors?: Record<string, string>;
  fileTarget?: FileTarget;
}) {
  const base = useId();
  const props = Object.entries(schema?.properties ?? {});
  const required = new Set(schema?.required ?? []);
  if (props.length === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">This schema has no parameters.</p>;
  const set = (k: string, v: unknown) => {
    const next = { ...values };
    if (v === undefined || v === '') delete next[k];
    else next[k] = v;
    onChange(next);
  };
  // Required fields first, the rest after.
  props.sort(([a], [b]) => Number(required.has(b)) - Number(required.has(a)));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {props.map(([name, p]) => {
        const id = `${base}-${name}`;
        const t = mainType(p);
        const v = values[name];
        const label = (
          <>
            {p.title && p.title !== name ? `${p.title} ` : ''}
            <code className="font-mono text-xs">{name}</code>
            {required.has(name) && <span className="text-red-700 dark:text-red-400"> *</span>}
          </>
        );
        const hint = p.description ? p.description.slice(0, 240) : undefined;
        let control: React.ReactNode;
        if (fileTarget && (isFileSchema(p) || (t === 'array' && isFileSchema(p.items)))) {
          control = (
            <FileInput id={id} value={v} onChange={(x) => set(name, x)} target={fileTarget} multiple={t === 'array'} />
          );
        } else if (p.enum) {
          control = (
            <Select
              id={id}
              value={v === undefined ? '' : JSON.stringify(v)}
              onChange={(e) => set(name, e.target.value ? JSON.parse(e.target.value) : undefined)}
              required={required.has(name)}
            >
              <option value="">—</option>
              {p.enum.map((o) => (
                <option key={JSON.stringify(o)} value={JSON.stringify(o)}>
                  {String(o)}
                </option>
              ))}
            </Select>
          );
        } else if (t === 'boolean') {
          control = (
            <Select
              id={id}
              value={v === undefined ? '' : String(v)}
              onChange={(e) => set(name, e.target.value === '' ? undefined : e.target.value === 'true')}
            >
              <option value="">—</option>
              <option value="true">true</option>
              <option value="false">false</option>
            </Select>
          );
        } else if (t === 'integer' || t === 'number') {
          control = (
            <Input
              id={id}
              type="number"
              step={t === 'integer' ? 1 : 'any'}
              value={v === undefined ? '' : String(v)}
              required={required.has(name)}
              placeholder={p.default !== undefined ? String(p.default) : undefined}
              onChange={(e) => set(name, e.target.value === '' ? undefined : Number(e.target.value))}
            />
          );
        } else if (t === 'string') {
          const long = (p.description?.length ?? 0) > 0 && /body|content|text|message|description/i.test(name);
          control = long ? (
            <Textarea
              id={id}
              rows={3}
              className="font-sans text-sm"
              value={typeof v === 'string' ? v : ''}
              required={required.has(name)}
              onChange={(e) => set(name, e.target.value)}
            />
          ) : (
            <Input
              id={id}
              value={typeof v === 'string' ? v : v === undefined ? '' : String(v)}
              required={required.has(name)}
              placeholder={
                p.default !== undefined ? String(p.default) : p.examples?.length ? String(p.examples[0]) : undefined
              }
              onChange={(e) => set(name, e.target.value)}
            />
          );
        } else {
          control = (
            <JsonInput id={id} value={v} onChange={(x) => set(name, x)} placeholder={t === 'array' ? '["…"]' : '{ }'} />
          );
        }
        return (
          <Field key={name} label={label} htmlFor={id} hint={hint} error={errors?.[name]}>
            {control}
          </Field>
        );
      })}
    </div>
  );
}

function JsonInput({
  id,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  placeholder: string;
}) {
  const text = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <Textarea
      id={id}
      rows={3}
      placeholder={placeholder}
      defaultValue={text}
      key={text}
      onBlur={(e) => {
        const raw = e.target.value.trim();
        if (!raw) return onChange(undefined);
        try {
          onChange(JSON.parse(raw));
        } catch {
          onChange(raw);
        }
      }}
    />
  );
}
