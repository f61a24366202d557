/**
 * The minimum auction reserve per chain and currency in the back office (`/admins/platform-fee`): what each
 * configured chain's auction currencies (its ERC-20s) require, as an admin set it or by default, and setting
 * or clearing it, audited in the same transaction. A settlement costs the platform its gas; the minimum keeps
 * auctions whose fee could not pay it (wash auctions at a few wei) off the market.
 *
 * @see ../../trading/auction/auctionReserve.server.ts (the default, and the check at listing time)
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Chain } from '~/features/chains/chains';
import { CURRENCIES, CurrencyCode, CurrencyType, currenciesForChain } from '~/features/chains/currencies';
import { chainIdParam } from '~/features/chains/params';
import { SETTLEMENT_GAS } from '~/features/trading/auction/auctionReserve.server';
import { toIsoOrNull } from '~/lib/rowValues';
import { unprocessable } from '~/server/api/errors';
import { auctionMinReserves } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { writeAudit } from '../shell/auditLog.server';
import type { AdminAuctionReserves } from '../shell/types';
import { chainSettingRows } from './chainSettingRows.server';

/** Body of `PUT /api/v1/admins/auction_reserves`: a minimum in the token's smallest unit, or null for the default. */
export const auctionReserveUpdateSchema = z.strictObject({
  chain_id: chainIdParam,
  currency_code: z.number().int('must be a currency code'),
  min_reserve: z
    .string()
    .regex(/^[1-9][0-9]{0,77}$/, 'must be a whole number of the token’s smallest unit above 0, as a string')
    .nullable(),
});

/**
 * The auction currencies of a chain: its ERC-20s (deployed or not yet), and whether, without a setting, the
 * minimum follows the gas price (the wrapped coin) or auctions in it are closed (another token).
 */
function auctionCurrencies(chain: Chain) {
  return currenciesForChain(chain.key)
    .filter((code) => CURRENCIES[code].type === CurrencyType.ERC20)
    .map((code) => ({ code, followsGas: code !== CurrencyCode.ATEM }));
}

/** The minimum of every auction currency of every chain in `chains`, in their order. */
export async function listAuctionReserves(db: Database, chains: readonly Chain[]): Promise<AdminAuctionReserves> {
  const ids = chains.map((chain) => chain.chainId);
  const rows = await chainSettingRows(db, auctionMinReserves, ids);
  const byKey = new Map(
    rows.map(({ setting, updatedBy }) => [`${setting.chainId}:${setting.currencyCode}`, { ...setting, updatedBy }]),
  );
  return {
    settlementGas: SETTLEMENT_GAS.toString(),
    items: chains.flatMap((chain) =>
      auctionCurrencies(chain).map(({ code, followsGas }) => {
        const row = byKey.get(`${chain.chainId}:${code}`);
        return {
          chainId: chain.chainId,
          chainName: chain.chainName,
          currencyCode: code,
          symbol: CURRENCIES[code].symbol,
          decimals: CURRENCIES[code].decimals,
          minReserve: row?.minReserve ?? null,
          followsGas,
          updatedBy: row?.updatedBy ?? null,
          updatedAt: toIsoOrNull(row?.updatedAt),
        };
      }),
    ),
  };
}

/**
 * Sets (or, with `min_reserve: null`, clears) the minimum of one chain and currency, audited
 * (`auction_reserve.update` with the old and new value); 422 for a chain this server does not run or a
 * currency that is not one of its auction currencies. Returns every minimum.
 */
export async function setAuctionReserve(
  db: Database,
  adminId: number,
  input: z.output<typeof auctionReserveUpdateSchema>,
  chains: readonly Chain[],
): Promise<AdminAuctionReserves> {
  const chain = chains.find((candidate) => candidate.chainId === input.chain_id);
  if (!chain) throw unprocessable(`chain_id: must be one of ${chains.map((entry) => entry.chainId).join(', ')}`);
  const codes = auctionCurrencies(chain).map((currency) => currency.code as number);
  if (!codes.includes(input.currency_code)) {
    throw unprocessable(`currency_code: must be one of ${codes.join(', ')} on chain ${chain.chainId}`);
  }
  const key = and(
    eq(auctionMinReserves.chainId, input.chain_id),
    eq(auctionMinReserves.currencyCode, input.currency_code),
  );
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(auctionMinReserves).where(key).for('update');
    if (input.min_reserve === null) await tx.delete(auctionMinReserves).where(key);
    else {
      await tx
        .insert(auctionMinReserves)
        .values({
          chainId: input.chain_id,
          currencyCode: input.currency_code,
          minReserve: input.min_reserve,
          updatedBy: adminId,
        })
        .onConflictDoUpdate({
          target: [auctionMinReserves.chainId, auctionMinReserves.currencyCode],
          set: { minReserve: input.min_reserve, updatedBy: adminId, updatedAt: new Date() },
        });
    }
    await writeAudit(tx, {
      adminId,
      action: 'auction_reserve.update',
      targetType: 'auction_reserve',
      targetId: input.chain_id,
      data: { currencyCode: input.currency_code, from: before?.minReserve ?? null, to: input.min_reserve },
    });
  });
  return listAuctionReserves(db, chains);
}
