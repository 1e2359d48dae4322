import { blocks, type Inline } from '@/lib/dashboard/client/markdown';
import { cn } from './cn';

function Spans({ parts }: { parts: Inline[] }) {
  return parts.map((p, i) => {
    const key = `${i}-${p.kind}`;
    if (p.kind === 'strong') return <strong key={key}>{p.text}</strong>;
    if (p.kind === 'code')
      return (
        <code key={key} className="rounded bg-zinc-100 px-1 font-mono text-[0.9em] dark:bg-zinc-800">
          {p.text}
        </code>
      );
    if (p.kind === 'link')
      return (
        <a
          key={key}
          href={p.href}
          target="_blank"
          rel="noopener noreferrer"
          className="text-blue-700 underline dark:text-blue-400"
        >
          {p.text}
        </a>
      );
    return <span key={key}>{p.text}</span>;
  });
}

/** A provider's description as text: links, bold, code, call-outs and lists; never raw HTML. */
export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('space-y-2', className)}>
      {blocks(text).map((b, i) => {
        const key = `${i}-${b.kind}`;
        if (b.kind === 'note')
          return (
            <aside key={key} className="border-l-2 border-blue-400 pl-3 text-zinc-700 dark:text-zinc-300">
              <span className="font-medium">{b.label}: </span>
              <Spans parts={b.inline} />
            </aside>
          );
        if (b.kind === 'list')
          return (
            <ul key={key} className="list-disc space-y-1 pl-5">
              {b.items.map((it, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items of one description never reorder
                <li key={j}>
                  <Spans parts={it} />
                </li>
              ))}
            </ul>
          );
        return (
          <p key={key}>
            <Spans parts={b.inline} />
          </p>
        );
      })}
    </div>
  );
}
