import { describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server';

/**
 * The dashboard's first-run setup token: printed once, on the first start, and never again; a
 * pinned one too short to be secret stops the start. (The setup page itself: e2e/setup-token.spec.ts.)
 */
describe('setup token at start', { timeout: 120_000 }, () => {
  it('prints a one-time setup token on the first start, and only then', async () => {
    const s = await startServer({ startTimeoutMs: 150_000 });
    try {
      const token = /Dashboard setup token:\s+(jst_[A-Za-z0-9]{32})/.exec(s.output())?.[1];
      expect(token).toBeTruthy();
      await s.stop(); // the embedded database takes one process at a time
      const again = await s.restart();
      try {
        expect(again.output()).not.toContain(token!);
        expect(again.output()).toContain('No dashboard admin yet');
      } finally {
        await again.stop();
      }
    } finally {
      await s.stop();
    }
  }, 180_000);

  it('refuses a pinned setup token too short to be secret', async () => {
    const err = await startServer({ env: { JUNCTION_SETUP_TOKEN: 'short' }, startTimeoutMs: 150_000 }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toContain('JUNCTION_SETUP_TOKEN must be at least 16 characters');
  });
});
