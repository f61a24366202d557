import { describe, expect, test } from 'vitest';
import {
  dropAvailability,
  type HoldFacts,
  holdRefusal,
  MAX_PENDING_PER_BUYER,
  NETWORK_SHARE_DIVISOR,
  networkShare,
  PENDING_MINUTES,
} from './holdRules';

const now = new Date('2026-03-01T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const facts = (overrides: Partial<HoldFacts>): HoldFacts => ({
  serials: 6,
  sold: 0,
  reservedAt: [],
  networkHoldsAt: [],
  buyerLapsedAt: undefined,
  buyerPending: 0,
  now,
  ...overrides,
});

describe('who may hold a drop’s serial', () => {
  test('one network holds at most a third of the unsold serials, at least one', () => {
    expect(NETWORK_SHARE_DIVISOR).toBe(3);
    expect([6, 5, 3, 2, 1, 0].map(networkShare)).toEqual([2, 1, 1, 1, 1, 1]);
    expect(holdRefusal(facts({ networkHoldsAt: [minutesAgo(1)] }))).toBeUndefined();
    // Two holds from one network on six serials: a third is two, so a third hold waits until the older one
    // lapsed and was forgotten (two hold periods after it was made).
    expect(holdRefusal(facts({ networkHoldsAt: [minutesAgo(5), minutesAgo(1)] }))).toEqual({
      reason: 'limit',
      retryAfterSeconds: (2 * PENDING_MINUTES - 5) * 60,
    });
  });

  test('the hostage scenario: all serials held cannot be renewed by the same buyer or network', () => {
    // Four held by others, two free: a fresh buyer on a fresh network may hold one.
    const reservedAt = [minutesAgo(3), minutesAgo(2), minutesAgo(2), minutesAgo(1)];
    expect(holdRefusal(facts({ reservedAt }))).toBeUndefined();
    // A buyer whose hold just lapsed waits one hold period before holding this drop again.
    expect(holdRefusal(facts({ reservedAt, buyerLapsedAt: minutesAgo(16) }))).toEqual({
      reason: 'lapsed',
      retryAfterSeconds: 14 * 60,
    });
  });

  test('every unsold serial held: refused as reserved until the first hold lapses, not sold out', () => {
    const reservedAt = [minutesAgo(10), minutesAgo(4)];
    expect(holdRefusal(facts({ serials: 3, sold: 1, reservedAt }))).toEqual({
      reason: 'reserved',
      retryAfterSeconds: 5 * 60,
    });
    expect(dropAvailability({ serials: 3, sold: 1, reserved: 2, firstReservedAt: minutesAgo(10) }, now)).toEqual({
      left: 0,
      sold: 1,
      reserved: 2,
      soldOut: false,
      reservedMinutes: 5,
    });
  });

  test('sold out only when every serial is paid for', () => {
    expect(holdRefusal(facts({ serials: 2, sold: 2 }))).toEqual({ reason: 'sold_out', retryAfterSeconds: null });
    expect(dropAvailability({ serials: 2, sold: 2, reserved: 0, firstReservedAt: undefined }, now)).toMatchObject({
      left: 0,
      soldOut: true,
      reservedMinutes: null,
    });
    expect(dropAvailability({ serials: 2, sold: 1, reserved: 0, firstReservedAt: undefined }, now)).toMatchObject({
      left: 1,
      soldOut: false,
      reservedMinutes: null,
    });
  });

  test('a hold past its time still counts until it is released, showing one minute to wait', () => {
    expect(dropAvailability({ serials: 1, sold: 0, reserved: 1, firstReservedAt: minutesAgo(20) }, now)).toMatchObject({
      reservedMinutes: 1,
    });
  });

  test('a buyer holds at most a few unpaid serials across drops', () => {
    expect(holdRefusal(facts({ buyerPending: MAX_PENDING_PER_BUYER }))).toEqual({
      reason: 'buyer_limit',
      retryAfterSeconds: PENDING_MINUTES * 60,
    });
  });
});
