/**
 * What every order the site builds (a listing: ./buildSellOrder.ts, an offer: ./buildOffer.ts, a trade:
 * ../trade/tradeOrder.ts) is given besides its items, and copies into its `OrderComponents` as given: when it
 * can be filled, its salt, the offerer's counter, the conduit and the Kirafuda zone. Types only.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md
 */
import type { Address, Hex } from 'viem';

/** The order's frame (see the module comment). */
export interface OrderFrame {
  /** Unix seconds from which the order can be filled. */
  startTime: bigint;
  /** Unix seconds at which the order stops being fillable (exclusive). */
  endTime: bigint;
  /** Random value that makes otherwise equal orders distinct. */
  salt: bigint;
  /** The offerer's current Seaport counter; raising it later voids every order signed with this one. */
  counter: bigint;
  /** Conduit the offerer approved its items to (the zero hash: Seaport itself). */
  conduitKey: Hex;
  /** The Kirafuda zone the order is restricted to. */
  zone: Address;
}
