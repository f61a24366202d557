/**
 * The ledger's sale-by-sale checks on a real database: an entry booked above its receipt cannot hide behind
 * another receipt's slack (the sums balance, the mismatch still holds its currency); a fill's payable share is
 * clearing until its block is final; a reversal (a reorganisation) deletes nothing, is booked once however often
 * it runs, and after a payout leaves a balance below zero that holds the illustrator's payouts.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase';
import { bookRoyalty, seedLedgerAccounts } from '#tests/helpers/ledgerRows';
import { CurrencyCode } from '~/features/chains/currencies';
import { HttpError } from '~/server/api/errors';
import { indexerCursors, payouts, revenues } from '~/server/db/schema';
import { negativeBalances, payoutBalances } from './balances.server';
import { reverseFillsAfter } from './fillReversal.server';
import { requestPayout } from './payoutRequests.server';
import { receiptMismatches } from './receiptMatching.server';
import { currencyBooks, openHolds, reconcile, resolveHold } from './reconciliation.server';

const ETHER = 10n ** 18n;
const database = fileTestDatabase();
let illustratorId = 0;
let adminId = 0;
let block = 1;

/** A receipt of `received` at the payment address in block `block`; with `booked`, a payable entry consuming it. */
async function fill(chainId: number, received: bigint, booked?: bigint) {
  const txHash = `0x${String(chainId * 1000 + block).padStart(64, '0')}`;
  await bookRoyalty(database.db, { chainId, txHash, block, illustratorId, received, booked });
  block += 1;
}

const finalUpTo = (chainId: number, finalBlock: number) =>
  database.db
    .insert(indexerCursors)
    .values({ chainId, lastBlock: finalBlock, finalBlock })
    .onConflictDoUpdate({ target: indexerCursors.chainId, set: { lastBlock: finalBlock, finalBlock } });

const ask = (chainId: number, amount: bigint) =>
  requestPayout(database.db, illustratorId, {
    amount: amount.toString(),
    currency_code: CurrencyCode.WETH,
    chain_id: chainId,
  }).then(
    () => 201,
    (error: unknown) => (error instanceof HttpError ? `${error.status} ${error.message}` : 500),
  );

beforeAll(async () => {
  ({ illustratorId, adminId } = await seedLedgerAccounts(database.db, 'matching', 'matcher'));
}, 60_000);

describe('sale by sale', () => {
  test('an entry booked above its receipt holds its currency though another receipt makes the sums balance', async () => {
    await finalUpTo(137, 1_000);
    await fill(137, ETHER, ETHER + ETHER / 2n);
    // The platform fee of another fill reached the same address: half an ether nobody's entry consumed.
    await fill(137, ETHER / 2n);
    const [books] = await currencyBooks(database.db, { chainId: 137, currencyCode: CurrencyCode.WETH });
    expect(books).toMatchObject({ shortfall: '0', mismatches: 1 });
    expect(await receiptMismatches(database.db)).toEqual([
      expect.objectContaining({
        chainId: 137,
        booked: (ETHER + ETHER / 2n).toString(),
        received: ETHER.toString(),
        reason: 'amount',
      }),
    ]);
    expect(await ask(137, ETHER / 10n)).toMatch(/^409 /);
    const [hold] = await openHolds(database.db);
    expect(hold).toMatchObject({ chainId: 137, mismatches: 1 });

    // An admin who looked releases it; the same mismatch does not hold again, a new one does.
    expect(await resolveHold(database.db, hold?.id ?? 0, adminId, 'checked by hand')).toBe(true);
    await reconcile(database.db);
    expect(await openHolds(database.db)).toEqual([]);
    expect(await ask(137, ETHER / 10n)).toBe(201);
    await fill(137, ETHER, ETHER * 2n);
    await reconcile(database.db);
    expect(await openHolds(database.db)).toEqual([expect.objectContaining({ chainId: 137, mismatches: 2 })]);
  }, 30_000);
});

describe('finality and reorganisations', () => {
  test('a share stays clearing until its block is final, and a reversal after a payout holds every payout', async () => {
    const chainId = 56;
    const first = block;
    await fill(chainId, ETHER, ETHER);
    await finalUpTo(chainId, first - 1);
    expect((await payoutBalances(database.db, illustratorId)).find((b) => b.chainId === chainId)).toMatchObject({
      revenue: ETHER.toString(),
      clearing: ETHER.toString(),
      available: '0',
    });
    expect(await ask(chainId, ETHER)).toMatch(/^422 /);
    await finalUpTo(chainId, first);
    expect(await ask(chainId, ETHER)).toBe(201);
    await database.db.update(payouts).set({ status: 'paid' }).where(eq(payouts.chainId, chainId));

    // The fill's block is thrown away: twice, as a restarted indexer would; the ledger reverses it once.
    const now = new Date();
    expect(await database.db.transaction((tx) => reverseFillsAfter(tx, chainId, BigInt(first - 1), now))).toEqual({
      receipts: 1,
      fills: 1,
      entries: 1,
    });
    expect(await database.db.transaction((tx) => reverseFillsAfter(tx, chainId, BigInt(first - 1), now))).toEqual({
      receipts: 0,
      fills: 0,
      entries: 0,
    });
    const entries = await database.db.select().from(revenues).where(eq(revenues.chainId, chainId));
    expect(entries.map((entry) => [entry.entry, entry.amount])).toEqual([
      ['sale', ETHER.toString()],
      ['reorg', (-ETHER).toString()],
    ]);
    expect(await receiptMismatches(database.db)).not.toContainEqual(expect.objectContaining({ chainId }));
    expect(await negativeBalances(database.db)).toEqual([
      expect.objectContaining({ illustratorId, chainId, available: (-ETHER).toString() }),
    ]);
    // Held in every currency, not only the one below zero: a final, balanced share on another chain waits too.
    await fill(8217, ETHER, ETHER);
    await finalUpTo(8217, block);
    expect((await payoutBalances(database.db, illustratorId)).find((b) => b.chainId === 8217)?.available).toBe(
      ETHER.toString(),
    );
    expect(await ask(8217, ETHER)).toMatch(/^409 balance: payouts are held/);
  }, 30_000);
});
