import { concat, encodeAbiParameters, type Hex, hexToBigInt, keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { criteriaLeaf, criteriaTree, verifyCriteriaProof } from './criteriaTree';

describe('criteriaTree', () => {
  it('gives every member a proof Seaport accepts, for sets of 1 to 9 ids', () => {
    for (let size = 1; size <= 9; size += 1) {
      const ids = Array.from({ length: size }, (_, index) => BigInt(index * 7 + 3));
      const tree = criteriaTree(ids);
      for (const id of ids) expect(verifyCriteriaProof(tree.root, id, tree.proof(id) ?? ['0x'])).toBe(true);
    }
  });

  it('gives no proof for an id outside the set, and a proof for one id does not prove another', () => {
    const tree = criteriaTree([4n, 8n, 12n]);
    expect(tree.proof(5n)).toBeUndefined();
    expect(verifyCriteriaProof(tree.root, 5n, tree.proof(4n) ?? [])).toBe(false);
  });

  it('is the hashed leaf itself for one id, and ignores order and repeats', () => {
    expect(criteriaTree([9n]).root).toBe(BigInt(criteriaLeaf(9n)));
    expect(criteriaTree([3n, 1n, 2n, 2n]).root).toBe(criteriaTree([1n, 2n, 3n]).root);
  });

  it('has the root and proofs of the tree as Seaport defines it, built on hex text one step at a time', () => {
    // The definition, written plainly: sorted hashed leaves, each node the hash of its two children sorted.
    const leaf = (id: bigint) => keccak256(encodeAbiParameters([{ type: 'uint256' }], [id]));
    const pair = (a: Hex, b: Hex) =>
      hexToBigInt(a) <= hexToBigInt(b) ? keccak256(concat([a, b])) : keccak256(concat([b, a]));
    const reference = (ids: bigint[]) => {
      const levels: Hex[][] = [[...new Set(ids.map(leaf))].sort((a, b) => (hexToBigInt(a) < hexToBigInt(b) ? -1 : 1))];
      while ((levels.at(-1) as Hex[]).length > 1) {
        const level = levels.at(-1) as Hex[];
        levels.push(
          level.flatMap((node, i) => (i % 2 === 1 ? [] : [level[i + 1] ? pair(node, level[i + 1] as Hex) : node])),
        );
      }
      const proof = (id: bigint) => {
        let index = (levels[0] as Hex[]).indexOf(leaf(id));
        return levels.slice(0, -1).flatMap((level) => {
          const sibling = level[index ^ 1];
          index >>= 1;
          return sibling ? [sibling] : [];
        });
      };
      return { root: hexToBigInt((levels.at(-1) as Hex[])[0] as Hex), proof };
    };
    for (const size of [1, 2, 3, 5, 8, 13, 33]) {
      const ids = Array.from({ length: size }, (_, index) => (BigInt(index) * 0x9e3779b97f4a7c15n) % 2n ** 256n);
      const expected = reference(ids);
      const tree = criteriaTree(ids);
      expect(tree.root).toBe(expected.root);
      for (const id of ids) expect(tree.proof(id)).toEqual(expected.proof(id));
    }
  });

  it('refuses an empty set', () => {
    expect(() => criteriaTree([])).toThrow(/no token ids/);
  });
});
