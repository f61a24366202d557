/**
 * The blocks of a DAG, depth first, each once (the order a CAR of `order=dfs` lists them): dag-pb nodes lead to
 * their links, raw blocks end a branch. Blocks of other codecs are not stored here, so they end a branch too.
 * Stops, throwing, past `maxBlocks` (a request's bound).
 */
import { decode as decodePb, code as pbCode } from '@ipld/dag-pb';
import type { CID } from 'multiformats/cid';
import { type Block, type BlockStore, MissingBlockError } from '../blockStore';

/** Thrown when a DAG has more blocks than a request may carry. */
export class DagTooLargeError extends Error {}

/** The links of a block (none for raw leaves). */
export function linksOf(cid: CID, bytes: Uint8Array): CID[] {
  if (cid.code !== pbCode) return [];
  return decodePb(bytes).Links.map((link) => link.Hash);
}

/** Yields every block under `root` (see the module comment); `seen` skips blocks given already. */
export async function* walkDag(
  store: BlockStore,
  root: CID,
  options: { maxBlocks: number; seen?: Set<string>; depth?: 'all' | 'root' },
): AsyncGenerator<Block> {
  const seen = options.seen ?? new Set<string>();
  const stack: CID[] = [root];
  let count = 0;
  while (stack.length > 0) {
    const cid = stack.pop() as CID;
    const key = cid.toString();
    if (seen.has(key)) continue;
    seen.add(key);
    const bytes = await store.get(cid);
    if (!bytes) throw new MissingBlockError(cid);
    count += 1;
    if (count > options.maxBlocks) throw new DagTooLargeError(`more than ${options.maxBlocks} blocks`);
    yield { cid, bytes };
    if (options.depth === 'root') continue;
    stack.push(...linksOf(cid, bytes).reverse());
  }
}
