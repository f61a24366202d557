import { describe, expect, test } from 'vitest';
import { networkOf, wideNetworkOf } from './network';

describe('the network of a client address', () => {
  test('is an IPv4 address itself, also IPv4-mapped, and the /64 of an IPv6 address however it is written', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '[2001:db8:1:2::9]',
      '2001:DB8:1:2::a%eth0',
    ]) {
      expect(networkOf(ip), ip).toBe('2001:db8:1:2::/64');
    }
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('2001:db8:1:3::1')).not.toBe(networkOf('2001:db8:1:2::1'));
    expect(networkOf('unknown')).toBe('unknown');
  });
});

describe('the wide network of a client address', () => {
  test('is the /24 of an IPv4 address, also IPv4-mapped', () => {
    expect(wideNetworkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(wideNetworkOf('203.0.113.250')).toBe('203.0.113.0/24');
    expect(wideNetworkOf('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(wideNetworkOf('127.0.0.2')).toBe(wideNetworkOf('127.0.0.60'));
    expect(wideNetworkOf('203.0.114.7')).not.toBe(wideNetworkOf('203.0.113.7'));
  });

  test('is the /48 of an IPv6 address: every /64 of one site shares it', () => {
    for (const ip of ['2001:db8:1::1', '2001:db8:1:2::1', '2001:0db8:0001:ffff:1:2:3:4', '[2001:DB8:1:a::9]']) {
      expect(wideNetworkOf(ip), ip).toBe('2001:db8:1::/48');
    }
    expect(wideNetworkOf('2001:db8:2::1')).toBe('2001:db8:2::/48');
    expect(wideNetworkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('2001:db8:1:2::1')).not.toBe(networkOf('2001:db8:1:3::1'));
    expect(wideNetworkOf('unknown')).toBe('unknown');
  });
});
