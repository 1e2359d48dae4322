import { expect, it } from 'vitest';
import { getTriggerType } from '@/lib/triggers/registry';

it("GitHub's 'Issues unlocked' trigger says the conversation was unlocked, not locked", () => {
  const t = getTriggerType('GITHUB_ISSUES_UNLOCKED_EVENT');
  expect(t?.description).toMatch(/unlocked/);
  expect(t?.description).not.toMatch(/was locked/);
});
