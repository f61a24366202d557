/**
 * Books what illustrators earn, keeping apart two kinds of money:
 * - **received on chain** (`onchain`): a fill paid the illustrator's own wallet (the proceeds of their own
 *   sale, a royalty to their address). Reported on the dashboard; never paid out again.
 * - **payable**: the platform collected it on the illustrator's behalf (a fill paid the platform's payment
 *   address for their card, or a card payment) and owes it. Only payable balances can be requested as payouts.
 *
 * From a fill, revenue is booked only when the site stored the order (the caller checks the order hash), per
 * consideration item, in that item's own token, and only for tokens the chain lists as currencies; items to
 * anyone else (the platform fee, third parties) are nobody's revenue. Booking the same sale or payment again
 * changes nothing (unique per sale, illustrator, kind, currency and settlement; per payment).
 *
 * @see ERC-2981 (royalties), ./platformAccounts.server.ts (the payment address)
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { RevenueKind, RevenueSettlement } from '~/server/db/schema';
import {
  cardPaymentFees,
  cards,
  categories,
  illustrators,
  paymentHistories,
  revenues,
  users,
} from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import type { Chain } from '../chains/chains';
import { CurrencyCode } from '../chains/currencies';
import { currencyOfToken } from './currencyTokens';

/** One item a fill paid: a native coin or ERC-20 amount and who received it. */
export interface PaidItem {
  itemType: number;
  token: string;
  amount: bigint;
  recipient: string;
}

/** One revenue row to book. */
export interface BookedRevenue {
  illustratorId: number;
  kind: RevenueKind;
  settlement: RevenueSettlement;
  currencyCode: number;
  amount: bigint;
}

/** The illustrator a card's revenue belongs to, with every wallet that counts as theirs. */
export interface CardCreator {
  illustratorId: number;
  /** Lower-case: the wallet linked to the account and the payout wallet, when set. */
  wallets: ReadonlySet<string>;
}

const lower = (value: string) => value.toLowerCase();

/** The creator of card `cardId` (the card's own, else its collection's: the one of its contract), or undefined. */
export async function cardCreator(db: Database | Transaction, cardId: number): Promise<CardCreator | undefined> {
  const [row] = await db
    .select({ illustratorId: illustrators.id, linked: users.walletAddress, payout: illustrators.payoutWalletAddress })
    .from(cards)
    .leftJoin(
      categories,
      and(eq(categories.chainId, cards.chainId), eq(categories.contractAddress, cards.contractAddress)),
    )
    .innerJoin(illustrators, sql`${illustrators.id} = coalesce(${cards.creatorId}, ${categories.creatorId})`)
    .innerJoin(users, eq(users.id, illustrators.userId))
    .where(eq(cards.id, cardId));
  if (!row) return undefined;
  return { illustratorId: row.illustratorId, wallets: new Set([row.linked, row.payout].filter((w) => w !== null)) };
}

/**
 * What a stored order's fill earns the card's creator (pure; see the module comment). `seller` is who gave
 * the card; `paymentAddress` the platform's (undefined: nothing on chain is payable).
 */
export function fillRevenues(
  chain: Chain,
  creator: CardCreator,
  seller: string,
  items: readonly PaidItem[],
  paymentAddress: Address | undefined,
): BookedRevenue[] {
  const payment = paymentAddress ? lower(paymentAddress) : undefined;
  const totals = new Map<string, BookedRevenue>();
  for (const item of items) {
    const currencyCode = currencyOfToken(chain, item.itemType, item.token);
    if (currencyCode === undefined || item.amount <= 0n) continue;
    const to = lower(item.recipient);
    let settlement: RevenueSettlement;
    let sellerIsPayee: boolean;
    if (creator.wallets.has(to)) {
      settlement = 'onchain';
      sellerIsPayee = creator.wallets.has(lower(seller));
    } else if (payment !== undefined && to === payment) {
      settlement = 'payable';
      sellerIsPayee = lower(seller) === payment;
    } else {
      continue;
    }
    const kind: RevenueKind = sellerIsPayee ? 'primary' : 'royalty';
    const key = `${kind}:${settlement}:${currencyCode}`;
    const entry = totals.get(key) ?? {
      illustratorId: creator.illustratorId,
      kind,
      settlement,
      currencyCode,
      amount: 0n,
    };
    entry.amount += item.amount;
    totals.set(key, entry);
  }
  return [...totals.values()];
}

/** Books the revenues of one recorded sale (idempotent). */
export async function bookSaleRevenues(
  tx: Transaction,
  sale: { id: number; chainId: number; soldAt: Date },
  booked: readonly BookedRevenue[],
): Promise<void> {
  if (booked.length === 0) return;
  await tx
    .insert(revenues)
    .values(
      booked.map((row) => ({
        illustratorId: row.illustratorId,
        saleId: sale.id,
        kind: row.kind,
        settlement: row.settlement,
        chainId: sale.chainId,
        amount: row.amount.toString(),
        currencyCode: row.currencyCode,
        createdAt: sale.soldAt,
      })),
    )
    .onConflictDoNothing();
}

/** What the platform keeps of a card payment, in basis points of the amount. */
export interface CardPaymentFees {
  platformFeeBps: number;
  providerFeeBps: number;
}

/** The illustrator's payable share of a card payment of `amount` (smallest unit): the rest after both fees. */
export function cardPaymentPayable(amount: bigint, fees: CardPaymentFees): bigint {
  const fee = (bps: number) => (amount * BigInt(bps)) / 10_000n;
  const payable = amount - fee(fees.platformFeeBps) - fee(fees.providerFeeBps);
  return payable > 0n ? payable : 0n;
}

/** The card payment fees in force (the admin's row, or the defaults). */
export async function currentCardPaymentFees(db: Database | Transaction): Promise<CardPaymentFees> {
  const [row] = await db
    .select({ platformFeeBps: cardPaymentFees.platformFeeBps, providerFeeBps: cardPaymentFees.providerFeeBps })
    .from(cardPaymentFees)
    .where(eq(cardPaymentFees.id, 1));
  return row ?? { platformFeeBps: 1000, providerFeeBps: 360 };
}

/** Currency codes of card payments by ISO 4217 code. */
const FIAT_CODES: Readonly<Record<string, number>> = { JPY: CurrencyCode.JPY, USD: CurrencyCode.USD };

/**
 * Books the payable revenue of a succeeded card payment for its card's creator (idempotent: one row per
 * payment). Returns the amount booked, or null when nothing is owed (not succeeded, no creator, unknown currency).
 */
export async function bookCardPaymentRevenue(db: Database | Transaction, paymentId: number): Promise<bigint | null> {
  const [payment] = await db.select().from(paymentHistories).where(eq(paymentHistories.id, paymentId));
  const currencyCode = payment ? FIAT_CODES[payment.currency] : undefined;
  if (payment?.status !== 'succeeded' || payment.cardId === null || currencyCode === undefined) return null;
  const creator = await cardCreator(db, payment.cardId);
  if (!creator) return null;
  const amount = cardPaymentPayable(BigInt(payment.amount), await currentCardPaymentFees(db));
  if (amount <= 0n) return null;
  await db
    .insert(revenues)
    .values({
      illustratorId: creator.illustratorId,
      paymentId,
      kind: 'primary',
      settlement: 'payable',
      chainId: null,
      amount: amount.toString(),
      currencyCode,
      createdAt: payment.createdAt,
    })
    .onConflictDoNothing();
  return amount;
}
