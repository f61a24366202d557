/**
 * Who may hold a drop's serial while they pay, so that no one holds a drop hostage: before these rules two
 * fresh wallets held all six serials of a drop without paying, renewed every 15 minutes, and the drop showed
 * "Sold out" to everyone else.
 *
 * - A hold lasts {@link PENDING_MINUTES}; then, unpaid, it lapses and the serial is free again.
 * - A buyer holds at most one serial of a drop: asking again gives back the same hold and its PaymentIntent
 *   (./purchases.server.ts), never a second one.
 * - A buyer whose hold of a drop lapsed unpaid may hold it again only one hold period later, so that the
 *   serial really is free for others meanwhile.
 * - One network (`networkOf` in src/server/http/network.ts: an IPv4 address, an IPv6 /64) holds at most a third of the drop's unsold
 *   serials ({@link networkShare}, at least one), counting its live holds and those that lapsed unpaid within
 *   the last hold period; many wallets behind one network count as one buyer.
 * - A buyer holds at most {@link MAX_PENDING_PER_BUYER} unpaid serials across drops.
 * - A drop is sold out only when every serial is paid for; when the unsold ones are all held it says so, and
 *   when the first hold lapses.
 *
 * Pure: the facts come from ./purchases.server.ts (under the drop's row lock) and ./drops.server.ts.
 */

/** How long a held serial waits for its payment. */
export const PENDING_MINUTES = 15;
/** Unpaid purchases one buyer may hold at once, across drops. */
export const MAX_PENDING_PER_BUYER = 3;
/** One network may hold 1 / this of a drop's unsold serials (at least one). */
export const NETWORK_SHARE_DIVISOR = 3;

const HOLD_MS = PENDING_MINUTES * 60_000;

/** Serials of a drop with `unsold` not yet paid for that one network may hold at once. */
export function networkShare(unsold: number): number {
  return Math.max(1, Math.floor(unsold / NETWORK_SHARE_DIVISOR));
}

/** When a hold made at `createdAt` lapses. */
export const lapsesAt = (createdAt: Date): Date => new Date(createdAt.getTime() + HOLD_MS);

/** Since when a lapsed hold no longer counts against its buyer and network (one hold period after it lapsed). */
export const forgottenAt = (createdAt: Date): Date => new Date(createdAt.getTime() + 2 * HOLD_MS);

/** What a drop's serials are now. */
export interface DropAvailability {
  /** Serials free to hold now (neither paid for nor held). */
  left: number;
  /** Serials paid for (or being minted, or being refunded). */
  sold: number;
  /** Serials held by unpaid purchases. */
  reserved: number;
  /** Every serial is paid for. */
  soldOut: boolean;
  /** When every unsold serial is held: minutes until the first hold lapses; otherwise null. */
  reservedMinutes: number | null;
}

/** The earliest of `dates`. */
export const earliest = (dates: readonly Date[]): Date | undefined =>
  dates.reduce<Date | undefined>((min, at) => (min === undefined || at < min ? at : min), undefined);

const minutesUntil = (at: Date, now: Date): number => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));

/** How many of a drop's serials are paid for and held, and when its oldest live hold was made. */
export interface DropCounts {
  serials: number;
  sold: number;
  reserved: number;
  firstReservedAt: Date | undefined;
}

/** The drop's serials now (see {@link DropAvailability}). */
export function dropAvailability(
  { serials, sold, reserved, firstReservedAt }: DropCounts,
  now: Date,
): DropAvailability {
  const left = Math.max(0, serials - sold - reserved);
  const soldOut = sold >= serials;
  return {
    left,
    sold,
    reserved,
    soldOut,
    reservedMinutes: !soldOut && left === 0 && firstReservedAt ? minutesUntil(lapsesAt(firstReservedAt), now) : null,
  };
}

/** Everything {@link holdRefusal} weighs, read under the drop's row lock. */
export interface HoldFacts {
  serials: number;
  sold: number;
  /** When the drop's live holds were made. */
  reservedAt: readonly Date[];
  /** When this network's holds of the drop that still count were made (live, or lapsed within a hold period). */
  networkHoldsAt: readonly Date[];
  /** When the buyer's hold of this drop that lapsed unpaid within a hold period was made, if there is one. */
  buyerLapsedAt: Date | undefined;
  /** The buyer's unpaid holds, all drops. */
  buyerPending: number;
  now: Date;
}

/** Why a new hold is refused, and in how many seconds asking again may succeed (null: it will not). */
export interface HoldRefusal {
  /** `contract_wallet`: the buyer's address is a contract (see ./receiver.server.ts), not one of these rules. */
  reason: 'sold_out' | 'reserved' | 'lapsed' | 'limit' | 'buyer_limit' | 'contract_wallet';
  retryAfterSeconds: number | null;
}

const secondsUntil = (at: Date, now: Date): number => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/** Why the buyer may not hold a serial of the drop now, or undefined when they may (see the module comment). */
export function holdRefusal(facts: HoldFacts): HoldRefusal | undefined {
  const { now } = facts;
  const availability = dropAvailability(
    {
      serials: facts.serials,
      sold: facts.sold,
      reserved: facts.reservedAt.length,
      firstReservedAt: earliest(facts.reservedAt),
    },
    now,
  );
  if (availability.soldOut) return { reason: 'sold_out', retryAfterSeconds: null };
  if (facts.buyerLapsedAt)
    return { reason: 'lapsed', retryAfterSeconds: secondsUntil(forgottenAt(facts.buyerLapsedAt), now) };
  if (facts.buyerPending >= MAX_PENDING_PER_BUYER)
    return { reason: 'buyer_limit', retryAfterSeconds: PENDING_MINUTES * 60 };
  if (availability.left === 0) {
    const first = earliest(facts.reservedAt);
    return { reason: 'reserved', retryAfterSeconds: first ? secondsUntil(lapsesAt(first), now) : null };
  }
  if (facts.networkHoldsAt.length >= networkShare(facts.serials - facts.sold)) {
    const oldest = earliest(facts.networkHoldsAt);
    return { reason: 'limit', retryAfterSeconds: oldest ? secondsUntil(forgottenAt(oldest), now) : null };
  }
  return undefined;
}
