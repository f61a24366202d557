/**
 * The network behind a client address (`locals.client.ip`, ./site.ts `clientAddress`), for limits that count
 * many accounts behind one network as one: drop holds (features/payments/holdRules.ts), wallet sign-ups and
 * offer writes.
 */

/**
 * The network a client address belongs to, as per-network limits count clients: an IPv4 address itself (also
 * when written as an IPv4-mapped IPv6 one), the /64 of an IPv6 address (one subscriber's usual share: counting
 * single IPv6 addresses would let one of them take any number), anything else as it is (`unknown`).
 */
export function networkOf(ip: string): string {
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':') || !/^[0-9a-f:.]+$/.test(address)) return address;
  const [head = '', tail] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? front : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}
