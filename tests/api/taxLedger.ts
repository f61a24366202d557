/**
 * A small ledger with known figures for the tax API tests (tests/api/tax.test.ts), inserted before the server
 * starts, in the year before this one (`GOLDEN_YEAR`) so the months are closed whatever day the tests run:
 * - sakura (a resident individual): a card payment of ¥1,400,000 (payable ¥1,209,600 after 10 % + 3.6 %), one of
 *   ¥1,100 refunded whole the next month, an ETH sale on chain 1 of 0.1 ETH with a 0.0025 ETH fee at ¥500,000, an
 *   ETH royalty of 0.005 ETH at ¥400,000, and a payout of ¥100,000 approved on 26 December (¥10,210 withheld) and
 *   paid on 5 January: across the year end;
 * - kaisha (a corporation once its profile says so): a card payment of ¥200,000;
 * - a collector who bought sakura's card, sold another one, was minted one and sent one away.
 */
import type { Address } from 'viem';
import { hashPassword } from '../../src/features/session/passwords.server.ts';
import {
  cardTransfers,
  exchangeRateHours,
  fillBookings,
  illustrators,
  paymentHistories,
  payouts,
  payoutWithholdings,
  revenues,
  sales,
  users,
} from '../../src/server/db/schema/index.ts';
import type { Database } from '../../src/server/db/types.ts';
import { ILLUSTRATOR, seedAccounts } from './fixtures.ts';

/** The year of the golden figures (last year, in Japan time). */
export const GOLDEN_YEAR = Number(new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 4)) - 1;
/** The corporation's sign-in. */
export const CORPORATION = {
  uid: 'kaisha',
  password: 'kaisha-password-1',
  wallet: '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65',
};

/** A moment of GOLDEN_YEAR (or the next) in Japan time: `at('11-10 10:00')`. */
export function at(monthDayTime: string, year = GOLDEN_YEAR): Date {
  return new Date(`${year}-${monthDayTime.replace(' ', 'T')}:00+09:00`);
}

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const CONTRACT = '0x5fbdb2315678afecb367f032c93f642f64180aa3';
const OTHER = '0x976ea74026e726554db657fa54763abd0c3a0aa9';
const ETH = 2;
const JPY = 1;
export const WEI = 10n ** 18n;

/** Inserts the golden ledger; `collector` is the wallet of the collector's trades. */
export async function seedTaxLedger(db: Database, collector: Address): Promise<void> {
  await seedAccounts(db);
  const collectorWallet = collector.toLowerCase();
  const [corpUser] = await db
    .insert(users)
    .values({ walletAddress: CORPORATION.wallet, profileName: '株式会社カイシャ' })
    .returning({ id: users.id });
  await db.insert(illustrators).values({
    uid: CORPORATION.uid,
    passwordHash: await hashPassword(CORPORATION.password),
    userId: corpUser?.id ?? 0,
    name: '株式会社カイシャ',
  });
  await db.insert(users).values({ walletAddress: collectorWallet }).onConflictDoNothing();
  const all = await db.select({ id: illustrators.id, uid: illustrators.uid }).from(illustrators);
  const sakura = all.find((row) => row.uid === ILLUSTRATOR.uid)?.id ?? 0;
  const kaisha = all.find((row) => row.uid === CORPORATION.uid)?.id ?? 0;

  const payments = await db
    .insert(paymentHistories)
    .values([
      {
        providerPaymentId: 'pi_tax_1',
        amount: '1400000',
        currency: 'JPY',
        status: 'succeeded',
        createdAt: at('11-10 10:00'),
      },
      {
        providerPaymentId: 'pi_tax_2',
        amount: '1100',
        currency: 'JPY',
        status: 'refunded',
        refundedAmount: '1100',
        createdAt: at('11-20 10:00'),
      },
      {
        providerPaymentId: 'pi_tax_3',
        amount: '200000',
        currency: 'JPY',
        status: 'succeeded',
        createdAt: at('11-12 10:00'),
      },
    ])
    .returning({ id: paymentHistories.id });
  const [p1, p2, p3] = payments.map((row) => row.id);

  const fills = await db
    .insert(fillBookings)
    .values([
      // sakura's own sale of card 1 to the collector.
      {
        chainId: 1,
        txHash: hash(1),
        logIndex: 3,
        blockNumber: 100,
        soldAt: at('11-15 12:00'),
        price: (WEI / 10n).toString(),
        platformFee: (((WEI / 10n) * 250n) / 10_000n).toString(),
        currencyCode: ETH,
      },
      // A resale of card 2 by the collector, paying sakura a royalty.
      {
        chainId: 1,
        txHash: hash(2),
        logIndex: 5,
        blockNumber: 200,
        soldAt: at('11-16 12:00'),
        price: (WEI / 10n).toString(),
        platformFee: (((WEI / 10n) * 250n) / 10_000n).toString(),
        currencyCode: ETH,
      },
    ])
    .returning({ id: fillBookings.id });
  const [f1, f2] = fills.map((row) => row.id);

  await db.insert(revenues).values([
    {
      illustratorId: sakura,
      paymentId: p1,
      kind: 'primary',
      settlement: 'payable',
      entry: 'card_payment',
      amount: '1209600',
      currencyCode: JPY,
      createdAt: at('11-10 10:00'),
    },
    {
      illustratorId: sakura,
      paymentId: p2,
      kind: 'primary',
      settlement: 'payable',
      entry: 'card_payment',
      amount: '951',
      currencyCode: JPY,
      createdAt: at('11-20 10:00'),
    },
    {
      illustratorId: sakura,
      paymentId: p2,
      kind: 'primary',
      settlement: 'payable',
      entry: 'refund',
      ref: '1100',
      amount: '-951',
      currencyCode: JPY,
      createdAt: at('12-05 10:00'),
    },
    {
      illustratorId: sakura,
      fillId: f1,
      kind: 'primary',
      settlement: 'onchain',
      entry: 'sale',
      chainId: 1,
      amount: (((WEI / 10n) * 9_750n) / 10_000n).toString(),
      currencyCode: ETH,
      createdAt: at('11-15 12:00'),
    },
    {
      illustratorId: sakura,
      fillId: f2,
      kind: 'royalty',
      settlement: 'onchain',
      entry: 'sale',
      chainId: 1,
      amount: (WEI / 200n).toString(),
      currencyCode: ETH,
      createdAt: at('11-16 12:00'),
    },
    {
      illustratorId: kaisha,
      paymentId: p3,
      kind: 'primary',
      settlement: 'payable',
      entry: 'card_payment',
      amount: '172800',
      currencyCode: JPY,
      createdAt: at('11-12 10:00'),
    },
  ]);

  // The payout across the year end: approved (its tax fixed) in December, paid in January.
  const [yearEnd] = await db
    .insert(payouts)
    .values({
      illustratorId: sakura,
      amount: '100000',
      currencyCode: JPY,
      status: 'paid',
      requestedAt: at('12-20 10:00'),
      approvedAt: at('12-26 10:00'),
      paidAt: at('01-05 10:00', GOLDEN_YEAR + 1),
    })
    .returning({ id: payouts.id });
  await db.insert(payoutWithholdings).values({
    payoutId: yearEnd?.id ?? 0,
    illustratorId: sakura,
    currencyCode: JPY,
    base: '100000',
    baseJpy: 100_000n,
    taxJpy: 10_210n,
    withheld: '10210',
    fixedAt: at('12-26 10:00'),
  });

  await db.insert(exchangeRateHours).values([
    { currencyCode: ETH, hour: at('11-15 11:00'), jpy: 500_000, source: 'test', observedAt: at('11-15 11:30') },
    { currencyCode: ETH, hour: at('11-16 11:00'), jpy: 400_000, source: 'test', observedAt: at('11-16 11:05') },
    { currencyCode: ETH, hour: at('11-17 09:00'), jpy: 450_000, source: 'test', observedAt: at('11-17 09:00') },
  ]);

  await db.insert(sales).values([
    {
      chainId: 1,
      contractAddress: CONTRACT,
      tokenId: '1',
      buyerAddress: collectorWallet,
      sellerAddress: ILLUSTRATOR.wallet,
      price: (WEI / 10n).toString(),
      currencyCode: ETH,
      platformFee: (((WEI / 10n) * 250n) / 10_000n).toString(),
      txHash: hash(1),
      blockNumber: 100,
      logIndex: 3,
      soldAt: at('11-15 12:00'),
    },
    {
      chainId: 1,
      contractAddress: CONTRACT,
      tokenId: '2',
      buyerAddress: OTHER,
      sellerAddress: collectorWallet,
      price: (WEI / 10n).toString(),
      currencyCode: ETH,
      platformFee: (((WEI / 10n) * 250n) / 10_000n).toString(),
      royalty: (WEI / 200n).toString(),
      txHash: hash(2),
      blockNumber: 200,
      logIndex: 5,
      soldAt: at('11-16 12:00'),
    },
  ]);
  await db.insert(cardTransfers).values([
    {
      chainId: 1,
      contractAddress: CONTRACT,
      tokenId: '3',
      fromAddress: '0x0000000000000000000000000000000000000000',
      toAddress: collectorWallet,
      txHash: hash(3),
      blockNumber: 300,
      logIndex: 0,
      transferredAt: at('11-17 10:00'),
    },
    {
      chainId: 1,
      contractAddress: CONTRACT,
      tokenId: '3',
      fromAddress: collectorWallet,
      toAddress: OTHER,
      txHash: hash(4),
      blockNumber: 400,
      logIndex: 1,
      transferredAt: at('11-18 10:00'),
    },
  ]);
}
