/**
 * The trustless gateway over HTTP on a loopback port, as clients we did not write see it: `@helia/verified-fetch`
 * (told of this gateway alone) gets the same bytes, a `?format=car` answer imports into an empty blockstore with
 * every block matching its CID; and bad requests get 400 or 404, never a 500.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CID } from 'multiformats/cid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importCar, verifiedFetchFrom } from '#tests/helpers/ipfsClients';
import { addDirectory, addFile } from '../addContent';
import type { BlockStore } from '../blockStore';
import { CID_PROFILE } from '../profile';
import { answerGateway } from './answerGateway.server';

/** Blocks in memory: what the database or a bucket would hold. */
function memoryStore(): BlockStore {
  const blocks = new Map<string, Uint8Array>();
  return {
    get: async (cid) => blocks.get(cid.toString()) ?? null,
    put: async (list) => {
      for (const block of list) blocks.set(block.cid.toString(), block.bytes);
    },
  };
}

const store = memoryStore();
let server: Server;
let base: string;
let image: Uint8Array;
let imageCid: CID;
let dirCid: CID;
const json = (serial: number) => new TextEncoder().encode(`${JSON.stringify({ name: `カード #${serial}` })}\n`);

beforeAll(async () => {
  // A PNG of 2.5 MiB: three 1 MiB chunks under a dag-pb root (the profile's raw leaves).
  image = new Uint8Array(2.5 * 1024 * 1024);
  image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < image.length; i += 1) image[i] = (i * 7919) % 251;
  const file = await addFile(image);
  const dir = await addDirectory(new Map([1, 2, 3].map((serial) => [String(serial), json(serial)])));
  await store.put([...file.blocks, ...dir.blocks]);
  imageCid = file.cid;
  dirCid = dir.cid;
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request = new Request(url, { method: req.method ?? 'GET', headers: req.headers as Record<string, string> });
    const response = await answerGateway(request, url.pathname.replace(/^\/ipfs\//, ''), store);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe('the /ipfs gateway', () => {
  test(`CIDs follow the ${CID_PROFILE} profile: CIDv1, raw leaves, 1 MiB chunks`, async () => {
    expect(imageCid.version).toBe(1);
    const raw = await fetch(`${base}/ipfs/${imageCid}?format=raw`);
    const { decode } = await import('@ipld/dag-pb');
    const links = decode(new Uint8Array(await raw.arrayBuffer())).Links;
    expect(links.map((link) => [link.Hash.code, link.Tsize])).toEqual([
      [0x55, 1024 * 1024],
      [0x55, 1024 * 1024],
      [0x55, 512 * 1024],
    ]);
  });

  test('a file answers its bytes, typed from its content, immutable, with the CID as ETag', async () => {
    const response = await fetch(`${base}/ipfs/${imageCid}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toBe(`"${imageCid}"`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(image);
    const again = await fetch(`${base}/ipfs/${imageCid}`, { headers: { 'If-None-Match': `"${imageCid}"` } });
    expect(again.status).toBe(304);
  });

  test('a path in a directory answers the document; the JSON is typed as JSON', async () => {
    const response = await fetch(`${base}/ipfs/${dirCid}/2`);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ name: 'カード #2' });
  });

  test('a range of an image answers 206 with those bytes; one past the end 416', async () => {
    const start = 1024 * 1024 - 10;
    const response = await fetch(`${base}/ipfs/${imageCid}`, { headers: { Range: `bytes=${start}-${start + 19}` } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${start + 19}/${image.length}`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(image.subarray(start, start + 20));
    const beyond = await fetch(`${base}/ipfs/${imageCid}`, { headers: { Range: `bytes=${image.length}-` } });
    expect(beyond.status).toBe(416);
  });

  test('verified-fetch, told of this gateway alone, gets the same bytes', async () => {
    const client = await verifiedFetchFrom(base);
    try {
      const picture = await client.fetch(`ipfs://${imageCid}`);
      expect(new Uint8Array(await picture.arrayBuffer())).toEqual(image);
      const document = await client.fetch(`ipfs://${dirCid}/3`);
      expect(new Uint8Array(await document.arrayBuffer())).toEqual(json(3));
    } finally {
      await client.stop();
    }
  }, 60_000);

  test('?format=car and Accept: application/vnd.ipld.car answer a CAR whose blocks all match their CIDs', async () => {
    const car = await fetch(`${base}/ipfs/${dirCid}/1?format=car`);
    expect(car.headers.get('content-type')).toMatch(/^application\/vnd\.ipld\.car; version=1/);
    const imported = await importCar(new Uint8Array(await car.arrayBuffer()));
    expect(imported.roots.map(String)).toEqual([dirCid.toString()]);
    expect(imported.cids[0]).toBe(dirCid.toString());
    expect(imported.cids).toHaveLength(2);
    const whole = await fetch(`${base}/ipfs/${imageCid}`, { headers: { Accept: 'application/vnd.ipld.car' } });
    expect((await importCar(new Uint8Array(await whole.arrayBuffer()))).cids).toHaveLength(4);
    const raw = await fetch(`${base}/ipfs/${imageCid}`, { headers: { Accept: 'application/vnd.ipld.raw' } });
    expect(raw.headers.get('content-type')).toBe('application/vnd.ipld.raw');
  });

  test('bad input answers 400 or 404, never 500', async () => {
    const unknown = CID.create(1, 0x55, imageCid.multihash).toString().replace(/.$/, 'a');
    const cases: [string, RequestInit | undefined, number][] = [
      ['/ipfs/not-a-cid', undefined, 400],
      ['/ipfs/%E0%A4%A', undefined, 400],
      [`/ipfs/${dirCid}/../1`, undefined, 400],
      [`/ipfs/${dirCid}/1?format=raw`, undefined, 400],
      [`/ipfs/${dirCid}?format=tar`, undefined, 400],
      [`/ipfs/${dirCid}?format=car&dag-scope=everything`, undefined, 400],
      [`/ipfs/${dirCid}/${'x/'.repeat(600)}`, undefined, 400],
      [`/ipfs/${dirCid}/4`, undefined, 404],
      [`/ipfs/${dirCid}/1/deeper`, undefined, 404],
      [`/ipfs/${imageCid}/inside`, undefined, 404],
      [`/ipfs/${unknown}`, undefined, 404],
      [`/ipfs/${unknown}?format=raw`, undefined, 404],
      [`/ipfs/${unknown}?format=car`, undefined, 404],
    ];
    for (const [path, init, status] of cases) {
      const response = await fetch(`${base}${path}`, init);
      expect([path, response.status]).toEqual([path, status]);
    }
  });
});
