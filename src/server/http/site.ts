/**
 * Who the site is and who is asking: the configured public origin(s), and the client's address and
 * scheme as seen through a trusted reverse proxy.
 *
 * - `PUBLIC_SITE_URL`: the site's canonical origin (default `http://localhost:4321`). Sign-in messages name
 *   it; state-changing requests must come from it.
 * - `ALLOWED_HOSTS`: more origins the same server answers as (comma-separated, `https://www.example.jp` or a
 *   bare host taking the canonical scheme). A request to one of them gets sign-in messages for it.
 * - `TRUSTED_PROXIES`: addresses or CIDR ranges of reverse proxies (comma-separated, e.g.
 *   `127.0.0.1,10.0.0.0/8`). Only when the connection comes from one of them are `X-Forwarded-For` and
 *   `X-Forwarded-Proto` believed. Without it, forwarded headers are ignored.
 *
 * Read at run time from the server's settings (../settings), not `astro:env`, so one build serves any deployment.
 *
 * @see ../../../docs/operations.md (behind a proxy)
 */
import { BlockList, isIP } from 'node:net';
import type { Settings } from '../settings/schema';

/** The settings read here. */
export type SiteSettings = Pick<Settings, 'PUBLIC_SITE_URL' | 'ALLOWED_HOSTS'>;
type ProxySettings = Pick<Settings, 'TRUSTED_PROXIES'>;

/** The site's origins: the canonical one first. */
export interface SiteOrigins {
  canonical: URL;
  /** Every accepted origin (`https://host[:port]`), canonical included. */
  origins: ReadonlySet<string>;
}

const cache = new WeakMap<object, { key: string; value: SiteOrigins }>();

/** The configured origins (see the module comment). */
export function siteOrigins(settings: SiteSettings): SiteOrigins {
  const key = `${settings.PUBLIC_SITE_URL}|${settings.ALLOWED_HOSTS}`;
  const hit = cache.get(settings);
  if (hit?.key === key) return hit.value;
  const canonical = new URL(settings.PUBLIC_SITE_URL);
  const origins = new Set([canonical.origin]);
  for (const entry of (settings.ALLOWED_HOSTS ?? '').split(',')) {
    const text = entry.trim();
    if (!text) continue;
    const withScheme = /^[a-z]+:\/\//i.test(text) ? text : `${canonical.protocol}//${text}`;
    if (URL.canParse(withScheme)) origins.add(new URL(withScheme).origin);
  }
  const value = { canonical, origins };
  cache.set(settings, { key, value });
  return value;
}

/**
 * The origin a sign-in message is for: the request's own origin when it is one of the site's, else the
 * canonical one. Never an origin taken from a Host header the site does not own.
 */
export function siteOriginFor(requestOrigin: string, settings: SiteSettings): URL {
  const { canonical, origins } = siteOrigins(settings);
  return origins.has(requestOrigin) ? new URL(requestOrigin) : canonical;
}

let proxies: { source: string; list: BlockList } | undefined;

/** The trusted proxies as a block list (parsed once per value of `TRUSTED_PROXIES`). */
function trustedProxies(settings: ProxySettings): BlockList | undefined {
  const source = settings.TRUSTED_PROXIES ?? '';
  if (!source) return undefined;
  if (proxies?.source === source) return proxies.list;
  const list = new BlockList();
  for (const entry of source.split(',')) {
    const [address = '', bits] = entry.trim().split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`TRUSTED_PROXIES: "${entry.trim()}" is not an address or CIDR range`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  proxies = { source, list };
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  const family = isIP(plain);
  return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address: the connection's peer, or, when the peer is a trusted proxy, the right-most
 * address of `X-Forwarded-For` that is not itself a trusted proxy (the left-most ones are the client's to
 * write and cannot be believed).
 */
export function clientAddress(peer: string, headers: Headers, settings: ProxySettings): string {
  const list = trustedProxies(settings);
  if (!list || !isTrusted(list, peer)) return peer;
  const hops = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (isIP(hop) === 0) return peer;
    if (!isTrusted(list, hop)) return hop;
  }
  return hops[0] ?? peer;
}

/** Whether the request reached the site over HTTPS (through a trusted proxy's `X-Forwarded-Proto` too). */
export function isHttps(url: URL, peer: string, headers: Headers, settings: ProxySettings): boolean {
  if (url.protocol === 'https:') return true;
  const list = trustedProxies(settings);
  if (!list || !isTrusted(list, peer)) return false;
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https';
}

/**
 * The origin the browser used: the request URL's, with the scheme a trusted proxy reports. The host is the
 * one the browser sent (`Host`); a proxy must pass it through.
 */
export function requestOrigin(url: URL, peer: string, headers: Headers, settings: ProxySettings): string {
  return isHttps(url, peer, headers, settings) ? `https://${url.host}` : url.origin;
}
