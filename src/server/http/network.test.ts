import { describe, expect, test } from 'vitest';
import { networkOf } from './network';

describe('the network of a client address', () => {
  test('is an IPv4 address itself, also IPv4-mapped, and the /64 of an IPv6 address however it is written', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
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
