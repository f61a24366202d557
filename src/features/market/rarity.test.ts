import { describe, expect, it } from 'vitest';
import { type RarityInput, rarityRanks } from './rarity';

const trait = (traitType: string, value: string) => ({ traitType, value });
const serial = (n: number) => ({ traitType: 'Serial', value: n, displayType: 'number' });

/*
 * Five cards, by hand: Color red x3, blue x2; Hat cap x2, crown x1, null x2 (cards 2 and 5 have none);
 * trait count 2 x3, 1 x2. With a = log2(5/3), b = log2(5/2), c = log2(5):
 *   card 1 (red, cap, 2)   = a + b + a = 2a + b  ~ 2.796
 *   card 2 (red, null, 1)  = a + b + b = a + 2b  ~ 3.381
 *   card 3 (blue, cap, 2)  = b + b + a = a + 2b  ~ 3.381
 *   card 4 (red, crown, 2) = a + c + a = 2a + c  ~ 3.796
 *   card 5 (blue, null, 1) = b + b + b = 3b      ~ 3.966
 * so ranks 5 -> 1, 4 -> 2, 2 and 3 -> 3 (tied), 1 -> 5. Entropy H divides every score.
 */
const collection: RarityInput[] = [
  { id: 1, traits: [trait('Color', 'Red'), trait('Hat', 'Cap'), serial(1)] },
  { id: 2, traits: [trait('Color', 'red '), serial(2)] },
  { id: 3, traits: [trait('Color', 'Blue'), trait('hat', 'Cap'), serial(3)] },
  { id: 4, traits: [trait('Color', 'Red'), trait('Hat', 'Crown'), serial(4)] },
  { id: 5, traits: [trait('Color', 'Blue'), serial(5)] },
];

describe('rarityRanks (OpenRarity information content)', () => {
  it('ranks a small collection as computed by hand, ties sharing a rank and the next one skipped', () => {
    const ranks = rarityRanks(collection);
    expect([1, 2, 3, 4, 5].map((id) => ranks.get(id)?.rank)).toEqual([5, 3, 3, 2, 1]);
    expect(ranks.get(1)?.of).toBe(5);
  });

  it('scores each card as its information content over the collection entropy', () => {
    const [a, b, c] = [Math.log2(5 / 3), Math.log2(5 / 2), Math.log2(5)];
    const p = (n: number) => -(n / 5) * Math.log2(n / 5);
    const entropy = p(3) + p(2) + (p(2) + p(1) + p(2)) + (p(3) + p(2));
    const ranks = rarityRanks(collection);
    expect(ranks.get(1)?.score).toBeCloseTo((2 * a + b) / entropy, 12);
    expect(ranks.get(4)?.score).toBeCloseTo((2 * a + c) / entropy, 12);
    expect(ranks.get(5)?.score).toBeCloseTo((3 * b) / entropy, 12);
  });

  it('ignores numeric traits and gives a collection of identical cards one shared rank', () => {
    const same = [1, 2, 3].map((id) => ({ id, traits: [trait('Series', 'Spring'), serial(id)] }));
    expect([...rarityRanks(same).values()].map((rarity) => rarity.rank)).toEqual([1, 1, 1]);
    expect(rarityRanks([]).size).toBe(0);
  });
});
