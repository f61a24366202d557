/**
 * Whose fault a failed settlement is, so that the settlement blames the seller or the one bidder whose
 * signature or transfer failed and never the honest bidders (issue 21: a seller's contract wallet that
 * answers no only in the mined transaction used to get every honest bid marked `reverted`).
 *
 * A simulation's or estimate's revert is read first (../orders/revertBlame.ts): a transfer from an address, or
 * an order by hash, names its party. A signature error names no one, and a mined revert carries no data, so
 * then each side is looked at as the chain stands now (../orders/orderFacts.ts) and its signature checked as
 * Seaport will check it (Seaport `validate` of that order alone, simulated as sent). When neither side fails,
 * no one is blamed: the settlement counts an attempt and tries again, a few times at most.
 */
import type { Address, PrivateKeyAccount } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { unixSeconds } from '~/lib/dates';
import { chainListingReason, chainOfferReason } from '../orders/chainReasons.server';
import type { OrderReason } from '../orders/orderFacts';
import { blamedParty, revertFacts } from '../orders/revertBlame';
import { type FeeFields, validateAsSent } from '../orders/simulateAsSent.server';
import type { SignedOrder } from '../seaport/advancedOrder';
import { orderHash } from '../seaport/orderHash';
import type { OrderComponents } from '../seaport/seaportTypes';

/** Who a failed settlement is blamed on, and why; or no one (with the error's name, if any). */
export type Blame =
  | { party: 'seller'; reason: OrderReason }
  | { party: 'bidder'; reason: OrderReason }
  | { party: undefined; why: string };

/** Why the auction's listing cannot be filled now, by what the chain says, or null. */
export function listingNow(chain: Chain, listing: OrderComponents, now: Date): Promise<OrderReason | null> {
  return chainListingReason(chain, listing, { price: 1n }, unixSeconds(now));
}

/** Why a bid cannot pay `price` now, by what the chain says, or null. */
export function bidNow(chain: Chain, bid: OrderComponents, price: bigint, now: Date): Promise<OrderReason | null> {
  return chainOfferReason(chain, bid, { unitPrice: price, amount: price }, unixSeconds(now));
}

/** The reason `signed`'s own signature and status fail as Seaport checks them for `from`, or null. */
async function validationReason(chain: Chain, from: Address, signed: SignedOrder, fees: FeeFields) {
  const validated = await validateAsSent(chain, from, signed, fees);
  return validated.ok ? null : revertFacts(validated.error).reason;
}

/** The settlement that failed: its two orders, the bid's price, and the revert of its simulation if any. */
export interface FailedSettlement {
  listing: SignedOrder;
  bid: SignedOrder;
  price: bigint;
  error?: unknown;
}

/** Whose fault the failed settlement is (see the module comment). RPC failures reject. */
export async function blameSettlement(
  chain: Chain,
  account: PrivateKeyAccount,
  failed: FailedSettlement,
  fees: FeeFields,
  now: Date,
): Promise<Blame> {
  const { listing, bid } = failed;
  const sides = [
    {
      party: 'seller' as const,
      offerer: listing.order.offerer,
      orderHash: orderHash(listing.order),
      gives: 'erc721' as const,
    },
    { party: 'bidder' as const, offerer: bid.order.offerer, orderHash: orderHash(bid.order), gives: 'erc20' as const },
  ];
  const facts = failed.error === undefined ? undefined : revertFacts(failed.error);
  const sellerNow = async () =>
    (await listingNow(chain, listing.order, now)) ?? (await validationReason(chain, account.address, listing, fees));
  const bidderNow = async () =>
    (await bidNow(chain, bid.order, failed.price, now)) ?? (await validationReason(chain, account.address, bid, fees));
  const named = facts ? blamedParty(facts, sides) : undefined;
  if (facts && named?.party === 'seller') return { party: 'seller', reason: (await sellerNow()) ?? facts.reason };
  if (facts && named?.party === 'bidder') return { party: 'bidder', reason: (await bidderNow()) ?? facts.reason };
  const seller = await sellerNow();
  if (seller) return { party: 'seller', reason: seller };
  const bidder = await bidderNow();
  if (bidder) return { party: 'bidder', reason: bidder };
  return { party: undefined, why: facts?.name ?? 'reverted' };
}
