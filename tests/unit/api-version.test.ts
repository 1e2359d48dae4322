import { describe, expect, it } from 'vitest';
import { BASE_TOOLKIT_VERSION, defaultToolVersion } from '../../lib/contract/api-version';

describe('tool version defaults per API prefix (v3.1 surface §13)', () => {
  it('v3 pins the base version, v3.1 follows the newest', () => {
    expect(defaultToolVersion('v3')).toBe('00000000_00');
    expect(BASE_TOOLKIT_VERSION).toBe('00000000_00');
    expect(defaultToolVersion('v3.1')).toBe('latest');
  });
});
