import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enlargeCollection } from '#tests/helpers/bigCollection.ts';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { seedDemo } from '~/dev/seed/demo.ts';
import { criteriaTree } from '../seaport/criteriaTree.ts';
import { collectionTraits, rootsOf, traitCounts, withCriteria } from './traitCriteria.server.ts';

const database = fileTestDatabase();
let key: { chainId: number; contractAddress: string };

/** Sets the metadata attributes of the copy with token id 900,000 + `n`. */
async function attributes(n: number, value: unknown, hidden = false) {
  await database.db.execute(sql`update cards set hidden = ${hidden},
      metadata = jsonb_set(metadata, '{attributes}', ${JSON.stringify(value)}::jsonb)
    where chain_id = ${key.chainId} and contract_address = ${key.contractAddress} and token_id = ${900_000 + n}`);
}

beforeAll(async () => {
  await seedDemo(database.db);
  const { rows } = await database.db.execute<{ chain_id: number; contract_address: string }>(sql`
    select chain_id, contract_address from cards where jsonb_typeof(metadata->'attributes') = 'array'
    group by 1, 2 order by count(*) desc limit 1`);
  const found = rows[0];
  if (!found) throw new Error('the demo has no card with traits');
  key = { chainId: Number(found.chain_id), contractAddress: found.contract_address };
  await enlargeCollection(database.db, key, 8);
  // What token metadata holds in the wild: numbers, the same number as text, booleans, no type, odd items.
  await attributes(1, [
    { trait_type: 'Level', value: 1 },
    { trait_type: 'Shiny', value: true },
  ]);
  await attributes(2, [{ trait_type: 'Level', value: '1' }, { value: 'untyped' }, 'a bare string', null]);
  await attributes(3, [
    { trait_type: 'Level', value: 1.5 },
    { trait_type: 'Level', value: 1.5 },
  ]);
  await attributes(4, [
    { trait_type: 'Level', value: 1.5 },
    { trait_type: 7, value: 'numeric type' },
  ]);
  await attributes(5, [
    { trait_type: 'Level', value: { nested: 1 } },
    { trait_type: 'Level', value: null },
  ]);
  await attributes(6, { trait_type: 'Level', value: 9 });
  await attributes(7, [{ trait_type: 'Level', value: 1 }], true);
  await attributes(8, [['Level', 1]]);
}, 120_000);

describe("a collection's traits", () => {
  it('are counted as the trait index finds them, for any metadata', async () => {
    const counted = await traitCounts(database.db, key.chainId, key.contractAddress);
    const level = (value: string) => counted.find((trait) => trait.type === 'Level' && trait.value === value)?.count;
    // The number 1 and the text "1" are one trait; the hidden card's is not counted.
    expect(level('1')).toBe(2);
    expect(level('1.5')).toBe(3);
    expect(counted).toContainEqual({ type: 'Shiny', value: 'true', count: 1 });
    expect(counted).toContainEqual({ type: '', value: 'untyped', count: 1 });
    expect(counted).toContainEqual({ type: '', value: 'numeric type', count: 1 });
    // Not an array of attributes, or a value that is not a string, number or boolean: no trait.
    expect(level('9')).toBeUndefined();
    expect(counted.filter((trait) => trait.type === 'Level').map((trait) => trait.value)).toEqual(['1.5', '1']);
  });

  it("give one trait's root on demand, the root over the cards that hold it", async () => {
    const [one] = await collectionTraits(database.db, key.chainId, key.contractAddress, { type: 'Level', value: '1' });
    expect(one?.tokenIds.toSorted()).toEqual([900_001n, 900_002n]);
    expect(one && withCriteria(one).criteria).toBe(criteriaTree([900_001n, 900_002n]).root.toString());
    expect(
      await collectionTraits(database.db, key.chainId, key.contractAddress, { type: 'Level', value: '2' }),
    ).toEqual([]);
  });
});

describe('the roots of several traits', () => {
  const traits = [1n, 2n, 3n].map((first) => ({
    type: 'Level',
    value: String(first),
    tokenIds: Array.from({ length: 500 }, (_, i) => first * 1_000n + BigInt(i)),
  }));

  it('are each trait with its tree, up to the one asked for, letting other work run between two trees', async () => {
    expect(await rootsOf(traits)).toEqual(traits.map(withCriteria));
    let ran = false;
    const seenBetween: boolean[] = [];
    setImmediate(() => {
      ran = true;
    });
    const wanted = withCriteria(traits[1] as (typeof traits)[number]).criteria;
    const built = await rootsOf(traits, (trait) => {
      seenBetween.push(ran);
      return trait.criteria === wanted;
    });
    expect(built.map((trait) => trait.value)).toEqual(['1', '2']);
    // The first tree is built at once; before the second, what was waiting ran.
    expect(seenBetween).toEqual([false, true]);
  });
});
