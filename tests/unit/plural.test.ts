import { expect, it } from 'vitest';
import { plural } from '@/lib/dashboard/client/plural';

it('counts take the noun in the right number', () => {
  expect(plural(1, 'trigger')).toBe('1 trigger');
  expect(plural(0, 'trigger')).toBe('0 triggers');
  expect(plural(2, 'tool')).toBe('2 tools');
  expect(plural(1557, 'tool')).toBe('1,557 tools');
});
