/**
 * The networks a client address belongs to, for limits that must not be dodged by changing address: one
 * subscriber's network ({@link networkOf}: an IPv4 address, an IPv6 /64, the usual share of one line) and the
 * wider one a provider gives one customer or site ({@link wideNetworkOf}: an IPv4 /24, an IPv6 /48). Counting
 * single IPv6 addresses would let one line take any number of them: a /64 holds 2^64. An IPv4-mapped IPv6
 * address (`::ffff:203.0.113.7`, what a dual-stack socket reports for an IPv4 client) is the IPv4 address.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6177 (IPv6 address assignment to end sites: a /48 to /64)
 * @see https://www.rfc-editor.org/rfc/rfc4291#section-2.5.5.2 (IPv4-mapped IPv6 addresses)
 */

/** An address as the two families are counted, or the text as it came (`unknown`). */
type Parsed = { v4: string } | { v6: string[] } | { other: string };

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Reads `ip` (bracketed, with a zone, in any case): IPv4 (mapped too), the 8 groups of IPv6, else as it is. */
function parse(ip: string): Parsed {
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return { v4: mapped[1] };
  if (IPV4.test(address)) return { v4: address };
  if (!address.includes(':') || !/^[0-9a-f:.]+$/.test(address)) return { other: address };
  const [head = '', tail] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? front : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return { v6: groups.map((group) => Number.parseInt(group || '0', 16).toString(16)) };
}

/**
 * The network of one subscriber: an IPv4 address itself (also when written as an IPv4-mapped IPv6 one), the
 * /64 of an IPv6 address (`2001:db8:1:2::/64`), anything else as it is (`unknown`). Stored with drop holds:
 * its form does not change.
 */
export function networkOf(ip: string): string {
  const parsed = parse(ip);
  if ('v4' in parsed) return parsed.v4;
  if ('other' in parsed) return parsed.other;
  return `${parsed.v6.slice(0, 4).join(':')}::/64`;
}

/**
 * The wider network around an address: the /24 of an IPv4 address (`203.0.113.0/24`, mapped too), the /48 of an
 * IPv6 one (`2001:db8:1::/48`), anything else as it is. One customer, site or cloud tenant usually holds no
 * more, so a share per wide network caps what any one of them can take, however many addresses it has.
 */
export function wideNetworkOf(ip: string): string {
  const parsed = parse(ip);
  if ('v4' in parsed) return `${parsed.v4.split('.').slice(0, 3).join('.')}.0/24`;
  if ('other' in parsed) return parsed.other;
  return `${parsed.v6.slice(0, 3).join(':')}::/48`;
}
