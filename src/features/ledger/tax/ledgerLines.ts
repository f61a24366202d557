/**
 * The ledger's entries as a statement reads them (pure types and sums): each revenue entry with what the buyer
 * paid for it (gross) and what the platform kept of it (fee), and each payout whose money left with what was
 * withheld from it, every one valued in yen at the rate of its time (./yenAt.ts). A line names the ledger row it
 * comes from (`revenues:{id}`, `payouts:{id}`), so every figure of a statement can be traced.
 *
 * @see ../../../../docs/tax.md
 */
import type { RevenueEntry, RevenueKind, RevenueSettlement } from '~/server/db/schema';
import type { RateHistory, RateReading } from './yenAt';
import { yenAt } from './yenAt';

/** One revenue entry of the ledger, with its sale's gross and fee. */
export interface RevenueLine {
  entryId: number;
  at: Date;
  entry: RevenueEntry;
  kind: RevenueKind;
  settlement: RevenueSettlement;
  chainId: number | null;
  currencyCode: number;
  /** What the entry gives the illustrator (negative for a reversal). */
  amount: bigint;
  /**
   * What the buyer paid, on the entry that carries the sale (a fill's first primary entry, a card payment's
   * delivery; a reversal carries its negative); 0 on royalties and on a fill's other entries.
   */
  gross: bigint;
  /** What the platform kept of `gross` (its fee; for a card payment everything kept, the card fee included). */
  fee: bigint;
  /** The transaction hash of a fill, or the payment provider's id of a card payment. */
  reference: string;
}

/** One payout whose money left, with the tax withheld from it. */
export interface PayoutLine {
  payoutId: number;
  at: Date;
  chainId: number | null;
  currencyCode: number;
  /** The payout, less what came back of it. */
  amount: bigint;
  /** Kept back from it for the tax office, in its currency. */
  withheld: bigint;
  taxJpy: bigint;
  /** What the transfer cost the illustrator (none today: the platform charges no transfer fee). */
  transferFee: bigint;
  reference: string;
}

/** Yen values of a line and the rate used (null: yen itself; undefined: no rate kept for that time). */
export interface Valued {
  rate: RateReading | null | undefined;
  jpy(amount: bigint): bigint | undefined;
}

/** The valuation of amounts in `currencyCode` at `at`. */
export function valuation(history: RateHistory, currencyCode: number, at: Date): Valued {
  const probe = yenAt(history, 0n, currencyCode, at);
  return {
    rate: probe === undefined ? undefined : probe.rate,
    jpy: (amount) => yenAt(history, amount, currencyCode, at)?.jpy,
  };
}
