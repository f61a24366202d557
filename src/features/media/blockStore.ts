/**
 * Where IPFS blocks are kept (the database, or an S3-compatible bucket): a block is written once under its CID
 * and never changes, so a store only adds and reads. Adapters let `ipfs-unixfs-importer` write into memory
 * (blocks are then stored in one batch) and `ipfs-unixfs-exporter` read from a store.
 *
 * @see ./databaseBlocks.server.ts, ./s3Blocks.server.ts
 */
import type { ReadableStorage } from 'ipfs-unixfs-exporter';
import type { WritableStorage } from 'ipfs-unixfs-importer';
import type { CID } from 'multiformats/cid';

/** A block: its CID and bytes. */
export interface Block {
  cid: CID;
  bytes: Uint8Array;
}

/** A store of blocks by CID. */
export interface BlockStore {
  /** The block's bytes, or null when the store does not hold it. */
  get: (cid: CID) => Promise<Uint8Array | null>;
  /** Adds blocks; a block already there is left alone. */
  put: (blocks: readonly Block[]) => Promise<void>;
}

/** Thrown by {@link exporterStorage} for a block the store lacks (the exporter then stops). */
export class MissingBlockError extends Error {
  override name = 'NotFoundError';
  constructor(readonly cid: CID) {
    super(`block ${cid} is not stored here`);
  }
}

/**
 * A store read by `ipfs-unixfs-exporter`, remembering the blocks it read in order (a request reads each once, and
 * a CAR names the blocks a path went through).
 */
export function exporterStorage(store: BlockStore): ReadableStorage & { read: Map<string, Block> } {
  const read = new Map<string, Block>();
  return {
    read,
    get: async function* (cid: CID) {
      const key = cid.toString();
      const bytes = read.get(key)?.bytes ?? (await store.get(cid));
      if (!bytes) throw new MissingBlockError(cid);
      if (!read.has(key)) read.set(key, { cid, bytes });
      yield bytes;
    },
  } as ReadableStorage & { read: Map<string, Block> };
}

/** Blocks collected in memory by the importer, in the order it made them. */
export function collectingStorage(): WritableStorage & { blocks: Block[] } {
  const blocks: Block[] = [];
  const seen = new Set<string>();
  return {
    blocks,
    put: async (cid: CID, bytes: Uint8Array) => {
      const key = cid.toString();
      if (!seen.has(key)) {
        seen.add(key);
        blocks.push({ cid, bytes });
      }
      return cid;
    },
  } as WritableStorage & { blocks: Block[] };
}
