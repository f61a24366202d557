/**
 * Makes one collection far bigger than the average one: `count` copies of one of its cards (token ids from
 * 900,001), then fresh planner statistics. What a plan does with a collection of 10,000 cards shows only when
 * the collection is many times the size the planner assumes of one.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/types.ts';

/**
 * Adds `count` cards to the collection of contract `key` (copies of its first card); `listed`, each listed by its
 * owner (a copy of one of the collection's open listings, which it must have).
 */
export async function enlargeCollection(
  db: Database,
  key: { chainId: number; contractAddress: string },
  count: number,
  { listed = false }: { listed?: boolean } = {},
): Promise<void> {
  const { rows: columns } = await db.execute<{ name: string }>(sql`
    select column_name as name from information_schema.columns
    where table_name = 'cards' and column_name <> 'id' order by ordinal_position`);
  const names = columns.map((column) => `"${column.name}"`);
  const values = names.map((name) =>
    name === '"token_id"' ? '(900000 + s)::numeric' : name === '"serial"' ? '(900000 + s)' : name,
  );
  const first = sql`(select min(id) from cards where chain_id = ${key.chainId}
    and contract_address = ${key.contractAddress})`;
  await db.execute(
    sql`insert into cards (${sql.raw(names.join(', '))})
      select ${sql.raw(values.join(', '))} from cards, generate_series(1, ${count}::int) s where cards.id = ${first}`,
  );
  if (listed) await listCopies(db, key);
  await db.execute(sql`analyze`);
}

/** Lists every copy (token id past 900,000) of `key` with a copy of one of the collection's open listings. */
async function listCopies(db: Database, key: { chainId: number; contractAddress: string }): Promise<void> {
  const { rows: columns } = await db.execute<{ name: string }>(sql`
    select column_name as name from information_schema.columns
    where table_name = 'sell_orders' and column_name <> 'id' order by ordinal_position`);
  const copied: Record<string, string> = {
    token_id: 'c.token_id',
    card_id: 'c.id',
    seller_address: 'c.owner_address',
    order_hash: "'0x' || md5(c.token_id::text) || md5('copy' || c.token_id::text)",
  };
  const names = columns.map((column) => `"${column.name}"`);
  const values = columns.map((column) => copied[column.name] ?? `o."${column.name}"`);
  await db.execute(sql`insert into sell_orders (${sql.raw(names.join(', '))})
    select ${sql.raw(values.join(', '))} from cards c, sell_orders o
    where c.chain_id = ${key.chainId} and c.contract_address = ${key.contractAddress} and c.token_id > 900000
      and o.id = (select min(id) from sell_orders where chain_id = ${key.chainId}
        and contract_address = ${key.contractAddress} and status = 'active' and expires_at > now())`);
}
