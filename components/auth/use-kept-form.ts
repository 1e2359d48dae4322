'use client';
import { type FormEvent, startTransition, useActionState } from 'react';

/**
 * A form action that leaves the form as the user filled it. React resets a form after its `action` runs,
 * which empties what was typed when the server answers with an error; submitting through the transition
 * here skips that reset. Without JavaScript the form still posts through `action`.
 */
export function useKeptForm<S>(fn: (state: Awaited<S>, form: FormData) => S | Promise<S>, initial: Awaited<S>) {
  const [state, action, pending] = useActionState(fn, initial);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    startTransition(() => action(data));
  };
  return { state, action, onSubmit, pending };
}
