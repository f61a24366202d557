/**
 * The merkle tree of token ids behind a criteria item (a trait offer asks for "any card of these"): each
 * leaf is `keccak256(uint256 tokenId)` and each node the hash of its two children sorted, as Seaport's
 * `CriteriaResolution._verifyProof` checks them. A lone last node of a level moves up unchanged.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md (criteria-based items)
 */
import { concat, encodeAbiParameters, type Hex, hexToBigInt, keccak256 } from 'viem';

/** The hashed leaf of a token id. */
export function criteriaLeaf(tokenId: bigint): Hex {
  return keccak256(encodeAbiParameters([{ type: 'uint256' }], [tokenId]));
}

function hashPair(a: Hex, b: Hex): Hex {
  return hexToBigInt(a) <= hexToBigInt(b) ? keccak256(concat([a, b])) : keccak256(concat([b, a]));
}

/** A tree over a set of token ids: its root (as the order's `identifierOrCriteria`) and each id's proof. */
export interface CriteriaTree {
  root: bigint;
  /** The proof of `tokenId`, or undefined when the id is not in the tree. */
  proof: (tokenId: bigint) => Hex[] | undefined;
}

/** Builds the tree of `tokenIds` (order and repeats do not matter). @throws Error on an empty set. */
export function criteriaTree(tokenIds: readonly bigint[]): CriteriaTree {
  const leaves = [...new Set(tokenIds.map(criteriaLeaf))].sort((a, b) =>
    hexToBigInt(a) < hexToBigInt(b) ? -1 : hexToBigInt(a) > hexToBigInt(b) ? 1 : 0,
  );
  if (leaves.length === 0) throw new Error('criteriaTree: no token ids');
  const levels: Hex[][] = [leaves];
  for (let level = leaves; level.length > 1; ) {
    const next: Hex[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Hex;
      const right = level[i + 1];
      next.push(right === undefined ? left : hashPair(left, right));
    }
    levels.push(next);
    level = next;
  }
  const top = levels[levels.length - 1]?.[0] as Hex;
  return {
    root: hexToBigInt(top),
    proof(tokenId) {
      let index = leaves.indexOf(criteriaLeaf(tokenId));
      if (index < 0) return undefined;
      const proof: Hex[] = [];
      for (const level of levels.slice(0, -1)) {
        const sibling = level[index ^ 1];
        if (sibling !== undefined) proof.push(sibling);
        index >>= 1;
      }
      return proof;
    },
  };
}

/** Whether `proof` shows `tokenId` under `root`, as Seaport verifies it. */
export function verifyCriteriaProof(root: bigint, tokenId: bigint, proof: readonly Hex[]): boolean {
  let hash = criteriaLeaf(tokenId);
  for (const sibling of proof) hash = hashPair(hash, sibling);
  return hexToBigInt(hash) === root;
}
