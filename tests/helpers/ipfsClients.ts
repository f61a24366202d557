/**
 * Clients of IPFS we did not write, for tests: `@helia/verified-fetch` over a Helia node that knows one trustless
 * gateway (ours, on loopback) and nothing else (no libp2p, no delegated routers, no public gateway), so every byte
 * it returns was fetched from us and verified against its CID; and a CAR reader that imports a CAR into an empty
 * `blockstore-core` memory store, checking each block's bytes against its CID.
 */

import { withHTTP } from '@helia/http';
import { createVerifiedFetchWithHelia } from '@helia/verified-fetch';
import { CarReader } from '@ipld/car';
import { MemoryBlockstore } from 'blockstore-core';
import { createHeliaLight } from 'helia';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';

/** A verified fetch that asks only `gateway`; `stop()` ends its Helia node. */
export async function verifiedFetchFrom(gateway: string) {
  const node = withHTTP(createHeliaLight({}), {
    delegatedRouters: [],
    recursiveGateways: [gateway],
    allowInsecure: true,
    allowLocal: true,
  });
  // Helia asks its non-fallback routers first and, with none at all, never reaches the fallback (our gateway):
  // a router that finds nothing at once lets the search move on.
  node.addRouter({ name: 'none', findProviders: async function* () {} } as unknown as Parameters<
    typeof node.addRouter
  >[0]);
  const helia = await node.start();
  const fetch = await createVerifiedFetchWithHelia(helia);
  return { fetch, stop: () => helia.stop() };
}

/** Imports a CAR's blocks into a fresh memory blockstore, refusing any block whose bytes do not hash to its CID. */
export async function importCar(
  bytes: Uint8Array,
): Promise<{ roots: CID[]; blockstore: MemoryBlockstore; cids: string[] }> {
  const reader = await CarReader.fromBytes(bytes);
  const blockstore = new MemoryBlockstore();
  const cids: string[] = [];
  for await (const block of reader.blocks()) {
    const digest = await sha256.digest(block.bytes);
    const expected = CID.create(block.cid.version as 1, block.cid.code, digest);
    if (!expected.equals(block.cid)) throw new Error(`block ${block.cid} does not match its bytes`);
    await blockstore.put(block.cid, block.bytes);
    cids.push(block.cid.toString());
  }
  return { roots: await reader.getRoots(), blockstore, cids };
}
