import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on first use instead of at start. The curated catalog is imported when
 * the API starts, but its encoders (MIME, HTML to text, mrkdwn, YAML) serve a few tools only, and
 * loading them cost a few hundred milliseconds of every start.
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= requireHere(id) as T;
    return loaded;
  };
}
