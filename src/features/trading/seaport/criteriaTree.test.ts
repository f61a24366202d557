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

  it('refuses an empty set', () => {
    expect(() => criteriaTree([])).toThrow(/no token ids/);
  });
});
