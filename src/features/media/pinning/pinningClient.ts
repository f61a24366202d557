/**
 * A client of the IPFS Pinning Service API: ask a service to pin a CID (`POST /pins`, with our gateway in
 * `origins` so it fetches the blocks from us) and read a request's status (`GET /pins/{requestid}`). The bearer
 * token goes only into the Authorization header; errors never repeat it.
 *
 * @see https://ipfs.github.io/pinning-services-api-spec/
 */
import { z } from 'zod';
import type { PinningService } from '../mediaSettings.server';

/** A pin request's status, as the API reports it. */
export type PinStatus = 'queued' | 'pinning' | 'pinned' | 'failed';

/** What a service answered about one request. */
export interface PinReply {
  requestId: string;
  status: PinStatus;
}

const pinStatusSchema = z.object({
  requestid: z.string().min(1).max(200),
  status: z.enum(['queued', 'pinning', 'pinned', 'failed']),
});

/** How long one call may take. */
const CALL_TIMEOUT_MS = 30_000;

/** A call to a service that failed (unreachable, an error status, or an answer outside the spec). */
export class PinningCallError extends Error {}

async function call(service: PinningService, path: string, init: RequestInit): Promise<PinReply> {
  let response: Response;
  try {
    response = await fetch(`${service.endpoint}${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${service.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PinningCallError(`${service.name} unreachable: ${error instanceof Error ? error.name : 'error'}`);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new PinningCallError(`${service.name} answered ${response.status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PinningCallError(`${service.name} answered something other than JSON`);
  }
  const parsed = pinStatusSchema.safeParse(body);
  if (!parsed.success) throw new PinningCallError(`${service.name} answered outside the Pinning Service API`);
  return { requestId: parsed.data.requestid, status: parsed.data.status };
}

/** Asks `service` to pin `cid`, fetching from `origins` (multiaddrs); answers its request id and status. */
export function requestPin(
  service: PinningService,
  pin: { cid: string; name: string; origins: readonly string[] },
): Promise<PinReply> {
  return call(service, '/pins', {
    method: 'POST',
    body: JSON.stringify({ cid: pin.cid, name: pin.name, origins: pin.origins, meta: { app: 'kirafuda' } }),
  });
}

/** The status of an earlier request. */
export function pinStatus(service: PinningService, requestId: string): Promise<PinReply> {
  return call(service, `/pins/${encodeURIComponent(requestId)}`, { method: 'GET' });
}

/**
 * The multiaddr of an HTTP(S) origin, as `origins` takes it (`/dns4/example.jp/tcp/443/https`,
 * `/ip4/127.0.0.1/tcp/4321/http`): where the service fetches blocks over our trustless gateway.
 */
export function originMultiaddr(origin: URL): string {
  const secure = origin.protocol === 'https:';
  const port = origin.port || (secure ? '443' : '80');
  const host = origin.hostname.replace(/^\[|\]$/g, '');
  const family = /^\d+\.\d+\.\d+\.\d+$/.test(host) ? 'ip4' : host.includes(':') ? 'ip6' : 'dns';
  return `/${family}/${host}/tcp/${port}/${secure ? 'https' : 'http'}`;
}
