/**
 * Which IP addresses a webhook may reach: public unicast addresses only. Loopback may be allowed for development
 * and tests (./webhookSettings.ts); private (RFC 1918, unique local), link-local (cloud metadata at
 * 169.254.169.254 among them), shared (CGNAT), documentation, multicast and reserved ranges never are. An IPv6
 * address carrying an IPv4 one (mapped, NAT64, 6to4) is judged by the IPv4 address inside. Pure.
 *
 * @see https://www.iana.org/assignments/iana-ipv4-special-registry/ and .../iana-ipv6-special-registry/
 * @see https://owasp.org/www-community/attacks/Server_Side_Request_Forgery
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** What kind of address an IP is, for the webhook policy. */
export type AddressKind = 'public' | 'loopback' | 'refused';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  refused.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`). */
export function embeddedIPv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const words = expandIPv6(lower);
  if (!words) return undefined;
  const mapped = words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff;
  const nat64 = words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((word) => word === 0);
  if (mapped || nat64) return wordsToIPv4(words[6] ?? 0, words[7] ?? 0);
  if (words[0] === 0x2002) return wordsToIPv4(words[1] ?? 0, words[2] ?? 0);
  return undefined;
}

function wordsToIPv4(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit words of an IPv6 address, or undefined when it is not one. */
function expandIPv6(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  const words = [...left, ...fill, ...right].map((word) => Number.parseInt(word || '0', 16));
  return words.length === 8 ? words : undefined;
}

/** The kind of `address` (see the module comment); anything that is not an IP address is refused. */
export function addressKind(address: string): AddressKind {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0] ?? '';
  if (isIPv4(bare)) {
    if (loopback.check(bare, 'ipv4')) return 'loopback';
    return refused.check(bare, 'ipv4') ? 'refused' : 'public';
  }
  if (!isIPv6(bare)) return 'refused';
  const inner = embeddedIPv4(bare);
  if (inner) return addressKind(inner);
  if (loopback.check(bare, 'ipv6')) return 'loopback';
  return refused.check(bare, 'ipv6') ? 'refused' : 'public';
}

/** Whether a webhook may reach `address`. */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const kind = addressKind(address);
  return kind === 'public' || (kind === 'loopback' && allowLoopback);
}
