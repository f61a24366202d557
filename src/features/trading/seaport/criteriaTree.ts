/**
 * The merkle tree of token ids behind a criteria item (a trait offer asks for "any card of these"): each
 * leaf is `keccak256(uint256 tokenId)` and each node the hash of its two children sorted, as Seaport's
 * `CriteriaResolution._verifyProof` checks them. A lone last node of a level moves up unchanged.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md (criteria-based items)
 */
import { bytesToHex, type Hex, hexToBigInt, hexToBytes, keccak256, numberToBytes } from 'viem';

/**
 * The tree is built on bytes, not hex text: a token page shows each trait offer with the card's proof, and a
 * collection page every trait's root, so a tree of a trait's cards is built on a miss. With hex text (ABI encoding
 * each leaf, hex compared as numbers) 10,000 ids took 325 ms; on bytes about a tenth.
 */
function leafOf(tokenId: bigint): Uint8Array {
  return keccak256(numberToBytes(tokenId, { size: 32 }), 'bytes');
}

/** `a` against `b` as two uint256 words (big-endian bytes). */
function compareWords(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < 32; i += 1) {
    const difference = (a[i] as number) - (b[i] as number);
    if (difference !== 0) return difference;
  }
  return 0;
}

function hashPair(a: Uint8Array, b: Uint8Array): Uint8Array {
  const both = new Uint8Array(64);
  const [low, high] = compareWords(a, b) <= 0 ? [a, b] : [b, a];
  both.set(low, 0);
  both.set(high, 32);
  return keccak256(both, 'bytes');
}

/** The hashed leaf of a token id. */
export function criteriaLeaf(tokenId: bigint): Hex {
  return bytesToHex(leafOf(tokenId));
}

/** A tree over a set of token ids: its root (as the order's `identifierOrCriteria`) and each id's proof. */
export interface CriteriaTree {
  root: bigint;
  /** The proof of `tokenId`, or undefined when the id is not in the tree. */
  proof: (tokenId: bigint) => Hex[] | undefined;
}

/** The index of `leaf` among the sorted `leaves`, or -1. */
function indexOfLeaf(leaves: readonly Uint8Array[], leaf: Uint8Array): number {
  let low = 0;
  let high = leaves.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const order = compareWords(leaves[middle] as Uint8Array, leaf);
    if (order === 0) return middle;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** Builds the tree of `tokenIds` (order and repeats do not matter). @throws Error on an empty set. */
export function criteriaTree(tokenIds: readonly bigint[]): CriteriaTree {
  const leaves = [...new Set(tokenIds)].map(leafOf).sort(compareWords);
  if (leaves.length === 0) throw new Error('criteriaTree: no token ids');
  const levels: Uint8Array[][] = [leaves];
  for (let level = leaves; level.length > 1; ) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Uint8Array;
      const right = level[i + 1];
      next.push(right === undefined ? left : hashPair(left, right));
    }
    levels.push(next);
    level = next;
  }
  const top = levels[levels.length - 1]?.[0] as Uint8Array;
  return {
    root: hexToBigInt(bytesToHex(top)),
    proof(tokenId) {
      let index = indexOfLeaf(leaves, leafOf(tokenId));
      if (index < 0) return undefined;
      const proof: Hex[] = [];
      for (const level of levels.slice(0, -1)) {
        const sibling = level[index ^ 1];
        if (sibling !== undefined) proof.push(bytesToHex(sibling));
        index >>= 1;
      }
      return proof;
    },
  };
}

/** Whether `proof` shows `tokenId` under `root`, as Seaport verifies it. */
export function verifyCriteriaProof(root: bigint, tokenId: bigint, proof: readonly Hex[]): boolean {
  let hash = leafOf(tokenId);
  for (const sibling of proof) {
    const bytes = hexToBytes(sibling);
    if (bytes.length !== 32) return false;
    hash = hashPair(hash, bytes);
  }
  return hexToBigInt(bytesToHex(hash)) === root;
}
