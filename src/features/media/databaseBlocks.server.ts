/**
 * IPFS blocks in the database (table `ipfs_blocks`): every server process reads what any stored. The default
 * when no bucket is configured, on PGlite and PostgreSQL alike.
 */
import { inArray } from 'drizzle-orm';
import { CID } from 'multiformats/cid';
import { ipfsBlocks } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { BlockStore } from './blockStore';

/** Rows written per insert (a directory of a hundred documents is a few hundred small blocks). */
const BATCH = 200;

/** The blocks of `db`. */
export function databaseBlocks(db: Database): BlockStore {
  return {
    get: async (cid) => {
      const [row] = await db
        .select({ bytes: ipfsBlocks.bytes })
        .from(ipfsBlocks)
        .where(inArray(ipfsBlocks.cid, [cid.toString()]));
      return row ? new Uint8Array(row.bytes) : null;
    },
    put: async (blocks) => {
      for (let i = 0; i < blocks.length; i += BATCH) {
        const rows = blocks
          .slice(i, i + BATCH)
          .map((block) => ({ cid: CID.asCID(block.cid)?.toString() ?? '', bytes: Buffer.from(block.bytes) }));
        await db.insert(ipfsBlocks).values(rows).onConflictDoNothing({ target: ipfsBlocks.cid });
      }
    },
  };
}
