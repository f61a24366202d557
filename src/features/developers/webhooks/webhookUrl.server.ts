/**
 * Whether a webhook URL may be called, checked when it is registered and again before every delivery and every
 * redirect (a name may resolve elsewhere by then): `https`, no user or password in it, at most 2 048 characters,
 * and every address its host resolves to allowed by ./addressPolicy.ts. With loopback allowed (development and
 * tests), `http` is accepted for a host that resolves to loopback only. The caller then connects to the address
 * checked here, never resolving the name again (./deliver.server.ts), so DNS rebinding gains nothing.
 *
 * @see https://www.standardwebhooks.com/ (Security: SSRF)
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { HttpError } from '~/server/api/errors';
import { addressAllowed, addressKind } from './addressPolicy';

/** Resolves a host name to its addresses (node's `dns.lookup` with `all`; tests may pass their own). */
export type Resolve = (host: string) => Promise<readonly { address: string; family: number }[]>;

const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Longest URL accepted. */
export const MAX_URL_LENGTH = 2_048;

/** A URL that may be called, with the address to connect to. */
export interface CheckedUrl {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** A URL refused, with the reason (422 for the API; a failed attempt for a delivery). */
export class RefusedUrl extends HttpError {
  constructor(message: string) {
    super(422, message);
    this.name = 'RefusedUrl';
  }
}

/** Checks `text` (see the module comment); throws {@link RefusedUrl} naming why it is refused. */
export async function checkWebhookUrl(
  text: string,
  options: { allowLoopback: boolean; resolve?: Resolve },
): Promise<CheckedUrl> {
  if (text.length > MAX_URL_LENGTH) throw new RefusedUrl(`The URL is longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RefusedUrl('Not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RefusedUrl('The URL must be https');
  if (url.username || url.password) throw new RefusedUrl('The URL must not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: readonly { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new RefusedUrl(`The host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new RefusedUrl(`The host ${host} does not resolve`);
  const blocked = addresses.find((entry) => !addressAllowed(entry.address, options.allowLoopback));
  if (blocked) {
    throw new RefusedUrl(`The URL must reach a public address (${host} is ${blocked.address}, which is not public)`);
  }
  const allLoopback = addresses.every((entry) => addressKind(entry.address) === 'loopback');
  if (url.protocol === 'http:' && !(options.allowLoopback && allLoopback))
    throw new RefusedUrl('The URL must be https');
  const [first] = addresses;
  if (!first) throw new RefusedUrl(`The host ${host} does not resolve`);
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
