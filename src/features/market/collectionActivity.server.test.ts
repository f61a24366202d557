import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enlargeCollection } from '#tests/helpers/bigCollection.ts';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { genericPlan } from '#tests/helpers/planReads.ts';
import { seedDemo } from '~/dev/seed/demo.ts';
import { collectionActivity } from './collectionActivity.server.ts';

const database = fileTestDatabase();
let key: { chainId: number; contractAddress: string };

beforeAll(async () => {
  await seedDemo(database.db);
  const { rows } = await database.db.execute<{ chain_id: number; contract_address: string }>(sql`
    select s.chain_id, s.contract_address from sales s where s.kind = 'sale'
    group by 1, 2 order by count(*) desc limit 1`);
  const found = rows[0];
  if (!found) throw new Error('the demo has no sale');
  key = { chainId: Number(found.chain_id), contractAddress: found.contract_address };
  await enlargeCollection(database.db, key, 5_000);
}, 120_000);

describe("a big collection's activity", () => {
  it('leaves out hidden cards from their own index, not by passing every card of the collection per event', async () => {
    const shown = await genericPlan(database.db, (db) => collectionActivity(db, key, []));
    expect(shown).toMatch(/cards_hidden_token_idx/);
    expect(shown).not.toMatch(/cards_token_unique on cards hc/);
    const feed = await collectionActivity(database.db, key, ['sale']);
    expect(feed.length).toBeGreaterThan(0);
    // A hidden card's sales leave the feed.
    const hidden = feed[0]?.tokenId as string;
    await database.db.execute(sql`update cards set hidden = true where chain_id = ${key.chainId}
      and contract_address = ${key.contractAddress} and token_id = ${hidden}::numeric`);
    const after = await collectionActivity(database.db, key, ['sale']);
    expect(after.map((item) => item.tokenId)).not.toContain(hidden);
  });
});
