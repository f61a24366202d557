/**
 * What a card payment owes the card's illustrator, as ledger entries derived from the payment's facts (pure):
 * nothing until the card is delivered (minted to the buyer); then the payable share of the amount after the
 * platform's and the provider's fees (`card_payment`); a refund takes back its share of that (`refund`, one
 * entry per new cumulative refunded amount), a chargeback too (`dispute`, per dispute, once the money was
 * withdrawn: not for an inquiry), and a won dispute gives it back (`dispute_won`). Entries never take the
 * payment below zero. Booking is by difference with what is booked, so facts may arrive in any order and
 * as often as the provider repeats them.
 */
import type { RevenueEntry } from '~/server/db/schema';

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

/** A dispute as the provider last reported it. */
export interface DisputeFact {
  id: string;
  amount: bigint;
  status: string;
}

/** The facts of one card payment. */
export interface CardPaymentFacts {
  /** What the buyer paid (smallest unit). */
  amount: bigint;
  /** The card was minted to the buyer. */
  delivered: boolean;
  /** Refunded so far (cumulative). */
  refunded: bigint;
  disputes: readonly DisputeFact[];
  /** The fees in force, for the first booking of the delivery. */
  fees: CardPaymentFees;
}

/** One entry of a card payment. */
export interface CardPaymentEntry {
  entry: RevenueEntry;
  ref: string;
  amount: bigint;
}

/** Inquiries (`warning_*`) withdraw no money; every other dispute status does until it is won. */
const withdrawn = (status: string) => !status.startsWith('warning_');

/** `part` of `total`, rounded up: a reversal never leaves payable what did not stay with the platform. */
const shareUp = (booked: bigint, part: bigint, total: bigint) =>
  total === 0n ? booked : (booked * part + total - 1n) / total;

/** The entries to add to `booked` so that the payment's entries match its facts. */
export function cardPaymentEntriesToBook(
  facts: CardPaymentFacts,
  booked: readonly CardPaymentEntry[],
): CardPaymentEntry[] {
  if (!facts.delivered) return [];
  const has = (entry: RevenueEntry, ref: string) => booked.some((row) => row.entry === entry && row.ref === ref);
  const added: CardPaymentEntry[] = [];
  const sale =
    booked.find((row) => row.entry === 'card_payment')?.amount ?? cardPaymentPayable(facts.amount, facts.fees);
  if (!has('card_payment', '')) added.push({ entry: 'card_payment', ref: '', amount: sale });
  let balance = [...booked, ...added].reduce((sum, row) => sum + row.amount, 0n);

  const refundedSoFar = -booked.filter((row) => row.entry === 'refund').reduce((sum, row) => sum + row.amount, 0n);
  const refundTarget = shareUp(sale, facts.refunded, facts.amount);
  const refund = minimum(refundTarget - refundedSoFar, balance);
  if (refund > 0n && !has('refund', facts.refunded.toString())) {
    added.push({ entry: 'refund', ref: facts.refunded.toString(), amount: -refund });
    balance -= refund;
  }
  for (const dispute of facts.disputes) {
    if (!withdrawn(dispute.status)) continue;
    const taken = booked.find((row) => row.entry === 'dispute' && row.ref === dispute.id)?.amount;
    let reversal = taken === undefined ? 0n : -taken;
    if (taken === undefined) {
      reversal = minimum(shareUp(sale, dispute.amount, facts.amount), balance);
      if (reversal > 0n) {
        added.push({ entry: 'dispute', ref: dispute.id, amount: -reversal });
        balance -= reversal;
      }
    }
    if (dispute.status === 'won' && reversal > 0n && !has('dispute_won', dispute.id)) {
      added.push({ entry: 'dispute_won', ref: dispute.id, amount: reversal });
      balance += reversal;
    }
  }
  return added;
}

function minimum(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
