/**
 * Reads a collector's trades for a JST year (./trades.ts) from what the indexer recorded: the sales they were the
 * buyer or the seller of, and their cards' transfers (mints to them, with the yen a card payment paid; transfers in
 * and out that are not part of a sale). Gas is not kept by the indexer: the column stays empty.
 */
import { sql } from 'drizzle-orm';
import { CurrencyCode } from '~/features/chains/currencies';
import { toDecimal, toNumber } from '~/lib/rowValues';
import type { Database } from '~/server/db/types';
import { jstYearRange } from './jstCalendar';
import type { Trade, TradeKind } from './trades';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** The native coin of each chain the site runs (gas is paid in it). */
const GAS_COIN: Readonly<Record<number, number>> = {
  1: CurrencyCode.ETH,
  11155111: CurrencyCode.ETH,
  31337: CurrencyCode.ETH,
  56: CurrencyCode.BNB,
  97: CurrencyCode.BNB,
  137: CurrencyCode.POL,
  80002: CurrencyCode.POL,
  8217: CurrencyCode.KLAYTN,
  1001: CurrencyCode.KLAYTN,
};

/** Where a trade row happened and on which card, and the chain's coin its gas is paid in (not read here). */
function onChain(row: Record<string, unknown>) {
  const chainId = toNumber(row['chain_id']);
  return {
    chainId,
    txHash: String(row['tx_hash']),
    logIndex: toNumber(row['log_index']),
    contractAddress: String(row['contract_address']),
    tokenId: String(row['token_id']),
    cardName: String(row['name']),
    gas: undefined,
    gasCurrencyCode: GAS_COIN[chainId] ?? CurrencyCode.ETH,
  };
}

/** Wallet `address`'s trades in JST year `year`, oldest first. */
export async function collectorTrades(db: Database, address: string, year: number): Promise<Trade[]> {
  const wallet = address.toLowerCase();
  const { from, to } = jstYearRange(year);
  const span = sql`between ${from.toISOString()}::timestamptz and ${new Date(to.getTime() - 1).toISOString()}::timestamptz`;
  const { rows: saleRows } = await db.execute<Record<string, unknown>>(sql`select s.sold_at, s.chain_id, s.tx_hash,
      s.log_index, s.contract_address, s.token_id, coalesce(c.name, '') as name, s.buyer_address, s.seller_address,
      s.price, s.currency_code, s.platform_fee, s.royalty, s.offer_id
    from sales s
    left join cards c on c.chain_id = s.chain_id and c.contract_address = s.contract_address and c.token_id = s.token_id
    where (s.buyer_address = ${wallet} or s.seller_address = ${wallet}) and s.sold_at ${span}`);
  const { rows: transferRows } = await db.execute<Record<string, unknown>>(sql`select t.transferred_at, t.chain_id,
      t.tx_hash, t.log_index, t.contract_address, t.token_id, coalesce(c.name, '') as name, t.from_address,
      t.to_address, p.amount_jpy
    from card_transfers t
    left join cards c on c.chain_id = t.chain_id and c.contract_address = t.contract_address and c.token_id = t.token_id
    left join card_purchases p on p.mint_tx_hash = t.tx_hash and p.status = 'minted'
    where (t.from_address = ${wallet} or t.to_address = ${wallet}) and t.from_address <> t.to_address
      and t.transferred_at ${span}
      and not exists (select 1 from sales s where s.chain_id = t.chain_id and s.tx_hash = t.tx_hash
        and s.contract_address = t.contract_address and s.token_id = t.token_id)`);
  const trades: Trade[] = [];
  for (const row of saleRows) {
    const selling = row['seller_address'] === wallet;
    const offer = row['offer_id'] !== null;
    const kind: TradeKind = selling ? (offer ? 'offer_accepted' : 'sale') : offer ? 'offer_bought' : 'buy';
    trades.push({
      ...onChain(row),
      at: asDate(row['sold_at']),
      kind,
      counterparty: String(selling ? row['buyer_address'] : row['seller_address']),
      amount: BigInt(toDecimal(row['price'])),
      currencyCode: toNumber(row['currency_code']),
      fee: selling ? BigInt(toDecimal(row['platform_fee'])) : 0n,
      royalty: selling ? BigInt(toDecimal(row['royalty'])) : 0n,
    });
  }
  for (const row of transferRows) {
    const incoming = row['to_address'] === wallet;
    const mint = row['from_address'] === ZERO_ADDRESS;
    const chainId = toNumber(row['chain_id']);
    const paidJpy =
      row['amount_jpy'] === null || row['amount_jpy'] === undefined ? 0n : BigInt(toDecimal(row['amount_jpy']));
    trades.push({
      ...onChain(row),
      at: asDate(row['transferred_at']),
      kind: mint ? 'mint' : incoming ? 'transfer_in' : 'transfer_out',
      counterparty: String(incoming ? row['from_address'] : row['to_address']),
      amount: mint ? paidJpy : 0n,
      currencyCode: mint && paidJpy > 0n ? CurrencyCode.JPY : (GAS_COIN[chainId] ?? CurrencyCode.ETH),
      fee: 0n,
      royalty: 0n,
    });
  }
  return trades.sort((a, b) => a.at.getTime() - b.at.getTime() || a.logIndex - b.logIndex);
}
