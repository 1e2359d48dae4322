import { describe, expect, it } from 'vitest';
import { clientIp } from '../../lib/net/client-ip';

const req = (remoteAddress: string | undefined, xff?: string | string[]) =>
  ({ socket: { remoteAddress }, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }) as never;

// The one place the client address is decided (rate limits and the audit log trust it).
describe('clientIp', () => {
  it('uses the socket peer and ignores X-Forwarded-For unless a proxy is trusted', () => {
    expect(clientIp(req('10.0.0.5', '203.0.113.9'), false)).toBe('10.0.0.5');
    expect(clientIp(req('::ffff:127.0.0.1'), false)).toBe('127.0.0.1');
  });

  it('behind a trusted proxy takes the last X-Forwarded-For entry, never a client-written earlier one', () => {
    expect(clientIp(req('10.0.0.1', '198.51.100.7, 203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientIp(req('10.0.0.1', ['198.51.100.7', '203.0.113.10']), true)).toBe('203.0.113.10');
    expect(clientIp(req('10.0.0.1', ''), true)).toBe('10.0.0.1');
  });
});
