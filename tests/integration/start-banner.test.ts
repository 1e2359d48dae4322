import { afterAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

/** Every start, not only the first, tells the operator where Junction answers. */
let s: TestServer | undefined;
afterAll(async () => {
  await s?.stop();
});

it('the first start and a restart both print "Junction is ready on <URL>"', async () => {
  s = await startServer();
  expect(s.output()).toContain(`Junction is ready on ${s.url}`);
  // the first start shows the keys once; a restart shows only where it is
  expect(s.output()).toContain('Project API key');
  await s.stop();
  s = await s.restart();
  expect(s.output()).toContain(`Junction is ready on ${s.url}`);
  expect(s.output()).not.toContain('Project API key');
});
