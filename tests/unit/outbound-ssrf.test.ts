import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, checkUrl, isPublicAddress, OutboundBlockedError } from '../../lib/net/outbound';

/**
 * The SSRF guard's one test: only what ipaddr.js classes as `unicast` (IPv6 also in 2000::/3), with
 * IPv6 forms that embed an IPv4 address judged as that IPv4 address; IP literals in URLs and the
 * addresses names resolve to, at connect time, alike.
 */
const refused: [string, string][] = [
  ['IPv4 loopback', '127.0.0.1'],
  ['IPv4 loopback, other host', '127.1.2.3'],
  ['this network', '0.0.0.0'],
  ['metadata (link-local)', '169.254.169.254'],
  ['private 10/8', '10.1.2.3'],
  ['private 172.16/12', '172.20.0.1'],
  ['private 192.168/16', '192.168.1.1'],
  ['CGNAT', '100.64.0.1'],
  ['multicast', '224.0.0.1'],
  ['broadcast', '255.255.255.255'],
  ['reserved 240/4', '240.0.0.1'],
  ['documentation', '192.0.2.1'],
  ['benchmarking', '198.18.0.1'],
  ['IETF protocol assignments', '192.0.0.1'],
  ['6to4 relay anycast', '192.88.99.1'],
  ['IPv6 loopback', '::1'],
  ['IPv6 unspecified', '::'],
  ['IPv4 loopback, IPv4-compatible', '::7f00:1'],
  ['metadata, IPv4-compatible', '::a9fe:a9fe'],
  ['IPv4 loopback, IPv4-mapped', '::ffff:127.0.0.1'],
  ['metadata, IPv4-mapped', '::ffff:a9fe:a9fe'],
  ['private, IPv4-mapped', '::ffff:10.0.0.1'],
  ['IPv4 loopback, SIIT', '::ffff:0:7f00:1'],
  ['IPv4 loopback, NAT64', '64:ff9b::7f00:1'],
  ['metadata, NAT64', '64:ff9b::a9fe:a9fe'],
  ['private, NAT64', '64:ff9b::c0a8:101'],
  ['local-use NAT64', '64:ff9b:1::808:808'],
  ['site-local', 'fec0::1'],
  ['discard', '100::1'],
  ['link-local', 'fe80::1'],
  ['unique local (IPv6 metadata)', 'fd00:ec2::254'],
  ['IPv6 multicast', 'ff02::1'],
  ['6to4', '2002:7f00:1::1'],
  ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['IPv6 documentation', '2001:db8::1'],
  ['ORCHIDv2', '2001:20::1'],
  ['outside 2000::/3', '4000::1'],
];
const allowed: [string, string][] = [
  ['public IPv4', '8.8.8.8'],
  ['public IPv6', '2606:4700:4700::1111'],
  ['public IPv4, IPv4-mapped', '::ffff:8.8.8.8'],
  ['public IPv4, IPv4-compatible', '::808:808'],
  ['public IPv4, NAT64', '64:ff9b::808:808'],
];

describe('SSRF guard: addresses', () => {
  it.each(refused)('refuses %s (%s)', (_n, a) => {
    expect(isPublicAddress(a)).toBe(false);
  });
  it.each(allowed)('allows %s (%s)', (_n, a) => {
    expect(isPublicAddress(a)).toBe(true);
  });
  it('refuses what is not an address at all', () => {
    expect(isPublicAddress('example.com')).toBe(false);
  });
});

describe('SSRF guard: URLs', () => {
  const literal = (a: string) => (a.includes(':') ? `[${a}]` : a);
  it.each(refused)('checkUrl refuses %s as a literal', (_n, a) => {
    expect(() => checkUrl(`https://${literal(a)}/x`, { allowInsecure: false })).toThrow(OutboundBlockedError);
  });
  it.each([
    ['decimal IPv4', 'https://2130706433/'],
    ['hex IPv4', 'https://0x7f.1/'],
    ['dotted IPv4 in IPv6', 'https://[::127.0.0.1]/'],
    ['dotted mapped', 'https://[::ffff:169.254.169.254]/'],
    ['NAT64 dotted', 'https://[64:ff9b::10.0.0.1]/'],
    ['localhost', 'https://localhost/'],
  ])('checkUrl refuses %s', (_n, u) => {
    expect(() => checkUrl(u, { allowInsecure: false })).toThrow(OutboundBlockedError);
  });
  it.each(allowed)('checkUrl allows %s as a literal', (_n, a) => {
    expect(checkUrl(`https://${literal(a)}/x`, { allowInsecure: false }).protocol).toBe('https:');
  });
  it('JUNCTION_ALLOW_INSECURE_URLS still allows loopback (tests, development)', () => {
    expect(checkUrl('http://127.0.0.1:1/', { allowInsecure: true }).hostname).toBe('127.0.0.1');
    expect(checkUrl('http://[::1]:1/', { allowInsecure: true }).hostname).toBe('[::1]');
  });
});

describe('SSRF guard at connect time', () => {
  let server: http.Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      hits++;
      res.end('reached');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  const blockedBy = async (url: string, allowPrivate: boolean) => {
    try {
      const res = await request(url, { dispatcher: agent(allowPrivate) });
      return { reached: await res.body.text() };
    } catch (e) {
      let cur: unknown = e;
      while (cur && !(cur instanceof OutboundBlockedError)) cur = (cur as { cause?: unknown }).cause;
      return { blocked: cur instanceof OutboundBlockedError, error: String(e) };
    }
  };

  it('an IP literal does not skip the check at connect', async () => {
    hits = 0;
    expect(await blockedBy(`http://127.0.0.1:${port}/`, false)).toMatchObject({ blocked: true });
    expect(hits).toBe(0);
    expect(await blockedBy(`http://127.0.0.1:${port}/`, true)).toEqual({ reached: 'reached' });
    expect(hits).toBe(1);
  });

  it('a name resolving to loopback is refused at connect', async () => {
    hits = 0;
    expect(await blockedBy(`http://localhost:${port}/`, false)).toMatchObject({ blocked: true });
    expect(hits).toBe(0);
  });
});
