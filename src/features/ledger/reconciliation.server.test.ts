/**
 * The ledger's invariant on a real database: payable booked never exceeds what was received. A hand-made
 * shortfall (a payable row no receipt proves, a refund nobody reversed) is flagged and holds payouts in that
 * currency until an admin resolves it; a resolved hold comes back only if the shortfall grows; the demo's books
 * balance.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '#tests/helpers/db';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase';
import { bookRoyalty, seedLedgerAccounts } from '#tests/helpers/ledgerRows';
import { seedDemo } from '~/dev/seed/demo';
import { CurrencyCode } from '~/features/chains/currencies';
import { HttpError } from '~/server/api/errors';
import { indexerCursors, paymentHistories, revenues } from '~/server/db/schema';
import { payoutBalances } from './balances.server';
import { requestPayout } from './payoutRequests.server';
import { currencyBooks, openHolds, reconcile, resolveHold } from './reconciliation.server';

const ETHER = 10n ** 18n;
const database = fileTestDatabase();
let illustratorId = 0;
let adminId = 0;
let block = 1;

/** A sale on chain 1 whose royalty reached the payment address: its receipt and the payable row consuming it. */
async function provenRoyalty(amount: bigint) {
  const txHash = `0x${String(block).padStart(64, '0')}`;
  const fillId = await bookRoyalty(database.db, {
    chainId: 1,
    txHash,
    block,
    illustratorId,
    received: amount,
    booked: amount,
  });
  block += 1;
  return fillId;
}

const weth = { chainId: 1, currencyCode: CurrencyCode.WETH };
const ask = (amount: bigint) =>
  requestPayout(database.db, illustratorId, {
    amount: amount.toString(),
    currency_code: CurrencyCode.WETH,
    chain_id: 1,
  }).then(
    () => 201,
    (error: unknown) => (error instanceof HttpError ? error.status : 500),
  );

beforeAll(async () => {
  const { db } = database;
  ({ illustratorId, adminId } = await seedLedgerAccounts(db, 'books', 'auditor'));
  // Chain 1's blocks are final up to far past the blocks these tests book.
  await db.insert(indexerCursors).values({ chainId: 1, lastBlock: 1_000, finalBlock: 1_000 });
}, 60_000);

describe('the books', () => {
  test('payable proven by receipts balances, and can be requested', async () => {
    await provenRoyalty(ETHER);
    const [books] = await reconcile(database.db, weth);
    expect(books).toMatchObject({ booked: ETHER.toString(), received: ETHER.toString(), shortfall: '0' });
    expect(await openHolds(database.db)).toEqual([]);
    expect(await ask(ETHER / 2n)).toBe(201);
  }, 30_000);

  test('a payable row no receipt proves is a shortfall: payouts in that currency are held until an admin resolves it', async () => {
    const fillId = await provenRoyalty(ETHER);
    // By hand: half an ether more booked on that sale than anything received.
    await database.db.insert(revenues).values({
      illustratorId,
      fillId,
      kind: 'primary',
      settlement: 'payable',
      entry: 'sale',
      chainId: 1,
      amount: (ETHER / 2n).toString(),
      currencyCode: CurrencyCode.WETH,
    });
    expect(await ask(ETHER / 4n)).toBe(409);
    const [hold] = await openHolds(database.db);
    expect(hold).toMatchObject({ chainId: 1, currencyCode: CurrencyCode.WETH });
    expect(BigInt(hold?.booked ?? 0) - BigInt(hold?.received ?? 0)).toBe(ETHER / 2n);
    expect((await payoutBalances(database.db, illustratorId)).find((b) => b.chainId === 1)?.held).toBe(true);

    expect(await resolveHold(database.db, hold?.id ?? 0, adminId, 'a test row, known')).toBe(true);
    expect(await ask(ETHER / 4n)).toBe(201);
    // The same shortfall does not hold them again; a larger one does.
    await reconcile(database.db);
    expect(await openHolds(database.db)).toEqual([]);
    await database.db.insert(revenues).values({
      illustratorId,
      fillId,
      kind: 'royalty',
      settlement: 'payable',
      entry: 'sale',
      chainId: 1,
      amount: '1',
      currencyCode: CurrencyCode.WETH,
    });
    expect(await ask(ETHER / 100n)).toBe(409);
  }, 30_000);

  test('yen: a refund nobody reversed makes more booked than Stripe kept, and holds yen payouts', async () => {
    const [payment] = await database.db
      .insert(paymentHistories)
      .values({ providerPaymentId: 'pi_books', amount: '1500', currency: 'JPY', status: 'succeeded' })
      .returning();
    await database.db.insert(revenues).values({
      illustratorId,
      paymentId: payment?.id ?? 0,
      kind: 'primary',
      settlement: 'payable',
      entry: 'card_payment',
      amount: '1296',
      currencyCode: CurrencyCode.JPY,
    });
    const yen = { chainId: null, currencyCode: CurrencyCode.JPY };
    expect((await currencyBooks(database.db, yen))[0]).toMatchObject({
      booked: '1296',
      received: '1500',
      shortfall: '0',
    });
    await database.db
      .update(paymentHistories)
      .set({ status: 'refunded', refundedAmount: '1500' })
      .where(eq(paymentHistories.id, payment?.id ?? 0));
    const [books] = await reconcile(database.db, yen);
    expect(books).toMatchObject({ booked: '1296', received: '0', shortfall: '1296' });
    expect(await openHolds(database.db)).toContainEqual(expect.objectContaining({ chainId: null, currencyCode: 1 }));
  }, 30_000);
});

describe("the demo's books", () => {
  test('balance in every currency', async () => {
    const demo = await createTestDatabase();
    try {
      await seedDemo(demo.db);
      const books = await reconcile(demo.db);
      expect(books.length).toBeGreaterThan(0);
      expect(books.filter((book) => book.shortfall !== '0')).toEqual([]);
      expect(await openHolds(demo.db)).toEqual([]);
    } finally {
      await demo.close();
    }
  }, 120_000);
});
