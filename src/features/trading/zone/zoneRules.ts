/**
 * The Kirafuda zone as `GET /api/v1/chains` publishes it for any Seaport client: its address, the order types and
 * zone hashes it takes, and how a filler gets its fulfilment signature (the fulfilment API, whose answer follows
 * OpenSea's fulfillment data). Plain data; the rules themselves are the zone's (contracts/KirafudaZone.sol).
 * @see ./zoneHash.ts, ./zoneExtraData.ts
 */
import type { Chain } from '~/features/chains/chains';
import { AUCTION_ZONE_HASH, BID_ZONE_HASH, OPEN_ZONE_HASH } from './zoneHash';

/** What a client needs to make and fill orders the zone takes. */
export interface ZoneRules {
  /** The zone every order must name. */
  address: string;
  /** Seaport order types: 2 (FULL_RESTRICTED) for one card, 3 (PARTIAL_RESTRICTED) for an offer for several. */
  orderTypes: readonly number[];
  /** The zone hash of an ordinary order, a timed auction's listing and a bid; a private order names its taker. */
  zoneHashes: { open: string; auctionListing: string; bid: string; private: string };
  /** Where a filler asks for the zone's signature of a fill, and how to send it. */
  fulfillment: { endpoint: string; method: 'POST'; body: string; fill: string };
  /** What the zone checks of every order at a fill. */
  checks: readonly string[];
}

/** The zone rules of `chain`. */
export function zoneRules(chain: Pick<Chain, 'contracts'>): ZoneRules {
  return {
    address: chain.contracts.zone.toLowerCase(),
    orderTypes: [2, 3],
    zoneHashes: {
      open: OPEN_ZONE_HASH,
      auctionListing: AUCTION_ZONE_HASH,
      bid: BID_ZONE_HASH,
      private: 'the taker address in the low 20 bytes (left-padded with zeros): only the taker fills it',
    },
    fulfillment: {
      endpoint: '/api/v1/orders/{order_hash}/fulfillment',
      method: 'POST',
      body: '{"fulfiller": "0x…", "token_id": "…" (a collection or trait offer: the card given)}',
      fill: 'fulfillAdvancedOrder with the returned advanced order (its extraData holds the signature, valid a few minutes, for that fulfiller only); never fulfillBasicOrder, which gives a zone no extra data. @opensea/seaport-js: fulfillOrder({ order, extraData, recipientAddress: fulfiller }).',
    },
    checks: [
      "the server's SIP-7 signature (SignedOrder(fulfiller, expiration, orderHash, context)) for this fulfiller, unexpired; the server signs only orders it considers live, so a cancel on Kirafuda holds at once without gas",
      'the platform fee (feeBps of the price) to the fee recipient',
      "the card's ERC-2981 royalty, royaltyInfo(tokenId, price), to its receiver; the price is the coin the order moves",
      'an order that moves no coin (cards for cards) owes neither fee nor royalty',
    ],
  };
}
