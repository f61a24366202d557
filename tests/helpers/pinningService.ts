/**
 * A small pinning service for tests that follows the IPFS Pinning Service API (the real ones cannot be reached
 * here): `POST /pins` with a bearer token answers 202 and a request id, then fetches the pin's DAG as a CAR from the
 * first HTTP(S) multiaddr in `origins` (our gateway), verifies every block against its CID and keeps it;
 * `GET /pins/{requestid}` reports `queued`, `pinning`, then `pinned` (or `failed` when the origin did not give the
 * whole DAG). It can be made to fail its first calls (500) or to be slow (`pinning` for a while).
 *
 * @see https://ipfs.github.io/pinning-services-api-spec/
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importCar } from './ipfsClients';

/** How the service behaves. */
export interface PinningServiceOptions {
  token: string;
  /** Calls answered 500 before the service works. */
  failFirst?: number;
  /** Status reads answered `pinning` after the blocks are in, before `pinned`. */
  slowReads?: number;
}

interface Pin {
  cid: string;
  status: 'queued' | 'pinning' | 'pinned' | 'failed';
  reads: number;
  blocks: number;
}

/** A multiaddr of `origins` as a URL (`/ip4/127.0.0.1/tcp/4321/http` -> `http://127.0.0.1:4321`). */
function originUrl(multiaddr: string): string | undefined {
  const match = multiaddr.match(/^\/(ip4|ip6|dns|dns4|dns6)\/([^/]+)\/tcp\/(\d+)\/(https?)$/);
  if (!match) return undefined;
  const [, family, host, port, scheme] = match;
  return `${scheme}://${family === 'ip6' ? `[${host}]` : host}:${port}`;
}

async function body(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

/** Starts the service on a loopback port. */
export async function startPinningService(options: PinningServiceOptions) {
  const pins = new Map<string, Pin>();
  let calls = 0;
  const seenOrigins: string[] = [];
  const fetchDag = async (pin: Pin, origin: string) => {
    pin.status = 'pinning';
    try {
      const response = await fetch(`${origin}/ipfs/${pin.cid}?format=car`);
      if (!response.ok) throw new Error(String(response.status));
      const car = await importCar(new Uint8Array(await response.arrayBuffer()));
      if (car.roots[0]?.toString() !== pin.cid) throw new Error('wrong root');
      pin.blocks = car.cids.length;
      pin.status = 'pinned';
    } catch {
      pin.status = 'failed';
    }
  };
  const answer = (requestid: string, pin: Pin) => ({
    requestid,
    status: pin.status,
    created: new Date().toISOString(),
    pin: { cid: pin.cid },
    delegates: [],
  });
  const server = createServer(async (request, response) => {
    calls += 1;
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (request.headers.authorization !== `Bearer ${options.token}`)
      return send(401, { error: { reason: 'UNAUTHORIZED' } });
    if (calls <= (options.failFirst ?? 0)) return send(500, { error: { reason: 'INTERNAL_SERVER_ERROR' } });
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'POST' && url.pathname === '/pins') {
      const { cid, origins } = (await body(request)) as { cid?: string; origins?: string[] };
      const origin = (origins ?? []).map(originUrl).find(Boolean);
      if (!cid || !origin) return send(400, { error: { reason: 'BAD_REQUEST' } });
      seenOrigins.push(...(origins ?? []));
      const requestid = randomUUID();
      const pin: Pin = { cid, status: 'queued', reads: 0, blocks: 0 };
      pins.set(requestid, pin);
      void fetchDag(pin, origin);
      return send(202, answer(requestid, pin));
    }
    const match = url.pathname.match(/^\/pins\/([^/]+)$/);
    const pin = match?.[1] ? pins.get(match[1]) : undefined;
    if (request.method === 'GET' && match?.[1] && pin) {
      pin.reads += 1;
      const slow = pin.status === 'pinned' && pin.reads <= (options.slowReads ?? 0);
      return send(200, { ...answer(match[1], pin), status: slow ? 'pinning' : pin.status });
    }
    return send(404, { error: { reason: 'NOT_FOUND' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    pins,
    seenOrigins,
    calls: () => calls,
    /** The CIDs this service holds whole. */
    pinned: () => [...pins.values()].filter((pin) => pin.status === 'pinned').map((pin) => pin.cid),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
