/**
 * The one writer of the stored sales counts (src/server/db/writers.ts): a collection's `categories.sales_count`
 * (sales of kind `sale` of its contract) and its creator's `illustrators.sales_count` (the sum over their
 * collections, hidden ones included), which the collection and creator lists sort by through an index.
 *
 * Each refresh counts again from `sales` (an index range per contract), so replays, reorganisations and a
 * collection that changes hands or contract leave the same figures. The indexer refreshes a collection in the
 * transaction that records or rolls back its sales (through ./dailyStats.server.ts, which every such path calls);
 * the back office refreshes a collection it creates or moves and both creators of one it hands over.
 */
import { inArray, sql } from 'drizzle-orm';
import { illustrators } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';

/** Recounts the creators `ids` from their collections' counts. */
async function refreshCreators(tx: Database | Transaction, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return;
  // Locked first (in id order), then summed by a statement of its own: its snapshot then holds what the other
  // chains' indexers committed to these creators' collections while this one waited (an UPDATE that waited would
  // sum with the snapshot it began with and lose their counts).
  await tx.execute(sql`select id from illustrators where ${inArray(illustrators.id, unique)} order by id
    for no key update`);
  await tx
    .update(illustrators)
    .set({
      salesCount: sql`(select coalesce(sum(g.sales_count), 0)::int from categories g
        where g.creator_id = ${illustrators.id})`,
    })
    .where(inArray(illustrators.id, unique));
}

/**
 * Recounts the sales of the collection on `key` (if there is one) and of its creator, and of `formerCreators`
 * (creators a collection was taken from).
 */
export async function refreshSalesCounts(
  tx: Database | Transaction,
  key: { chainId: number; contractAddress: string },
  formerCreators: readonly number[] = [],
): Promise<void> {
  // Locked first, then counted by a statement of its own (see refreshCreators: the back office and the indexer may
  // recount the same collection at once).
  await tx.execute(sql`select id from categories
    where chain_id = ${key.chainId} and contract_address = ${key.contractAddress} for no key update`);
  const { rows } = await tx.execute<{ creator_id: unknown }>(sql`update categories g
    set sales_count = (select count(*)::int from sales s
      where s.chain_id = g.chain_id and s.contract_address = g.contract_address and s.kind = 'sale')
    where g.chain_id = ${key.chainId} and g.contract_address = ${key.contractAddress}
    returning g.creator_id`);
  const creators = rows.flatMap((row) => (row.creator_id === null ? [] : [Number(row.creator_id)]));
  await refreshCreators(tx, [...creators, ...formerCreators]);
}
