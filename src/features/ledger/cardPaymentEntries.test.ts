/**
 * A card payment's ledger entries from its facts: nothing before delivery, the payable share after both fees
 * once delivered, refunds and chargebacks take their share back (never below zero), a won dispute gives it back,
 * and repeating a fact adds nothing.
 */
import { describe, expect, test } from 'vitest';
import {
  type CardPaymentEntry,
  type CardPaymentFacts,
  cardPaymentEntriesToBook,
  cardPaymentPayable,
} from './cardPaymentEntries';

const fees = { platformFeeBps: 1000, providerFeeBps: 360 };
const facts = (over: Partial<CardPaymentFacts> = {}): CardPaymentFacts => ({
  amount: 1000n,
  delivered: true,
  refunded: 0n,
  disputes: [],
  fees,
  ...over,
});
/** Books until nothing changes, as repeated events would. */
function settle(fact: CardPaymentFacts, booked: CardPaymentEntry[] = []): CardPaymentEntry[] {
  const all = [...booked];
  for (let i = 0; i < 3; i += 1) all.push(...cardPaymentEntriesToBook(fact, all));
  return all;
}
const total = (entries: readonly CardPaymentEntry[]) => entries.reduce((sum, row) => sum + row.amount, 0n);

describe('card payment entries', () => {
  test('the payable share is the amount less the platform fee and the provider fee, rounded down each', () => {
    expect(cardPaymentPayable(10_000n, fees)).toBe(8_640n);
    expect(cardPaymentPayable(999n, fees)).toBe(999n - 99n - 35n);
  });

  test('nothing is owed before the card is delivered, even for a paid and refunded payment', () => {
    expect(cardPaymentEntriesToBook(facts({ delivered: false, refunded: 1000n }), [])).toEqual([]);
  });

  test('a delivery books the share once', () => {
    const booked = settle(facts());
    expect(booked).toEqual([{ entry: 'card_payment', ref: '', amount: 864n }]);
  });

  test('a refund after delivery takes the whole share back; a repeated refund event adds nothing', () => {
    const booked = settle(facts({ refunded: 1000n }), settle(facts()));
    expect(booked.slice(1)).toEqual([{ entry: 'refund', ref: '1000', amount: -864n }]);
    expect(total(booked)).toBe(0n);
  });

  test('partial refunds take back their share, rounded up, and a later one only the difference', () => {
    const first = settle(facts({ refunded: 300n }), settle(facts()));
    expect(first.at(-1)).toEqual({ entry: 'refund', ref: '300', amount: -260n });
    const second = settle(facts({ refunded: 1000n }), first);
    expect(second.at(-1)).toEqual({ entry: 'refund', ref: '1000', amount: -604n });
    expect(total(second)).toBe(0n);
  });

  test('a chargeback takes the share back while the money is withdrawn, and a won one gives it back', () => {
    const lost = settle(
      facts({ disputes: [{ id: 'dp_1', amount: 1000n, status: 'needs_response' }] }),
      settle(facts()),
    );
    expect(total(lost)).toBe(0n);
    const won = settle(facts({ disputes: [{ id: 'dp_1', amount: 1000n, status: 'won' }] }), lost);
    expect(won.at(-1)).toEqual({ entry: 'dispute_won', ref: 'dp_1', amount: 864n });
    expect(total(won)).toBe(864n);
    expect(settle(facts({ disputes: [{ id: 'dp_1', amount: 1000n, status: 'won' }] }), won)).toEqual(won);
  });

  test('an inquiry withdraws nothing; a refund and a dispute together never go below zero', () => {
    expect(settle(facts({ disputes: [{ id: 'dp_2', amount: 1000n, status: 'warning_needs_response' }] }))).toEqual([
      { entry: 'card_payment', ref: '', amount: 864n },
    ]);
    const both = settle(
      facts({ refunded: 600n, disputes: [{ id: 'dp_3', amount: 1000n, status: 'lost' }] }),
      settle(facts()),
    );
    expect(total(both)).toBe(0n);
  });

  test('a delivery recorded after the refund books both at once', () => {
    const booked = settle(facts({ refunded: 1000n }));
    expect(booked.map((row) => row.entry)).toEqual(['card_payment', 'refund']);
    expect(total(booked)).toBe(0n);
  });
});
