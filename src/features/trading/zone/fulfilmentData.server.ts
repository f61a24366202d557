/**
 * `POST /api/v1/orders/{order_hash}/fulfillment`: the advanced order a filler sends to Seaport now, with the
 * Kirafuda zone's signature in its `extraData` for that fulfiller (SIP-7), shaped as OpenSea's fulfillment data
 * (`fulfillment_data.transaction` with the function, the target, the value and its input, and
 * `fulfillment_data.orders`), so any Seaport client fills it, `@opensea/seaport-js` included.
 *
 * A signature is a promise that the fill may happen now, so it is never issued for an order the server would
 * refuse: unknown (404), no longer active here (cancelled on Kirafuda or on chain, filled, expired: 409), a timed
 * auction's listing or bid (only the settlement fills them: 409 `auction`), a private order asked for by someone
 * else (409 `private`), or one the chain says cannot be filled now (409 with the reason of ../orders/orderFacts.ts).
 * The reason code is the body's `reason`; the chain is read fresh each time.
 * @see https://github.com/ProjectOpenSea/SIPs/blob/main/SIPS/sip-7.md ("Signer API")
 */
import { eq } from 'drizzle-orm';
import { type Address, getAddress, type Hex, zeroAddress } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { HttpError } from '~/server/api/errors';
import { offers, sellOrders } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { chainListingReason, chainOfferReason } from '../orders/chainReasons.server';
import { onChain } from '../orders/orderCalls.server';
import { isAuctionOrder, type OrderReason } from '../orders/orderFacts';
import { advancedOrder } from '../seaport/advancedOrder';
import { criteriaTree } from '../seaport/criteriaTree';
import { nativeValue } from '../seaport/fulfillOrder';
import { orderHash } from '../seaport/orderHash';
import { orderParametersJson, parseOrderJson, plainJson } from '../seaport/orderJson';
import { ItemType, type OrderComponents } from '../seaport/seaportTypes';
import { signOrderFill, type ZoneSigning } from './signOrderFill.server';
import { privateTaker } from './zoneHash';

/** Seaport's `fulfillAdvancedOrder` signature, as OpenSea's fulfillment data names the function. */
const FULFILL_ADVANCED_ORDER =
  'fulfillAdvancedOrder(((address,address,(uint8,address,uint256,uint256,uint256)[],(uint8,address,uint256,uint256,uint256,address)[],uint8,uint256,uint256,bytes32,uint256,bytes32,uint256),uint120,uint120,bytes,bytes),(uint256,uint8,uint256,uint256,bytes32[])[],bytes32,address)';

/** A refusal with its reason code (../orders/orderFacts.ts), answered as `{ message, reason }`. */
export class FulfilmentRefused extends HttpError {
  constructor(
    status: 404 | 409,
    readonly reason: OrderReason,
    message: string,
  ) {
    super(status, message);
  }
}

/** What a filler asks for. */
export interface FulfilmentRequest {
  orderHash: Hex;
  fulfiller: Address;
  /** The card given for a collection or trait offer. */
  tokenId?: bigint | undefined;
}

/** What the route needs besides the request. */
export interface FulfilmentContext {
  chains: readonly Chain[];
  signing: ZoneSigning | undefined;
  conduitKey: Hex;
  now: Date;
}

const STATUS_REASON: Record<string, OrderReason> = {
  sold: 'filled',
  filled: 'filled',
  cancelled: 'cancelled',
  expired: 'expired',
};

/** The stored order the hash names: a listing or an offer, with what deciding its liveness needs. */
async function storedOrder(db: Database, hash: string) {
  const [listing] = await db.select().from(sellOrders).where(eq(sellOrders.orderHash, hash));
  if (listing) return { kind: 'listing' as const, row: listing, status: listing.status, chainId: listing.chainId };
  const [offer] = await db.select().from(offers).where(eq(offers.orderHash, hash));
  if (offer) return { kind: 'offer' as const, row: offer, status: offer.status, chainId: offer.chainId };
  return undefined;
}

/** Why the chain says `order` cannot be filled now, or null. */
async function chainReason(
  chain: Chain,
  stored: NonNullable<Awaited<ReturnType<typeof storedOrder>>>,
  order: OrderComponents,
  now: bigint,
): Promise<OrderReason | null> {
  const price = BigInt(stored.row.price);
  if (stored.kind === 'listing') {
    // A declining listing's royalty falls with its price: the chain is asked for it at both ends.
    const endPrice = stored.row.endPrice === null ? undefined : BigInt(stored.row.endPrice);
    return chainListingReason(chain, order, { price, endPrice }, now);
  }
  // An offer's amount is for all its cards: what one card is paid (an offer that gives nothing reverts).
  const amount = (order.offer[0]?.endAmount ?? 0n) / BigInt(stored.kind === 'offer' ? stored.row.quantity : 1);
  return chainOfferReason(chain, order, { unitPrice: price, amount }, now);
}

/** The criteria resolver of a collection or trait offer given card `tokenId`, or none for a token offer. */
function criteriaResolvers(
  stored: NonNullable<Awaited<ReturnType<typeof storedOrder>>>,
  order: OrderComponents,
  tokenId: bigint | undefined,
) {
  const wanted = order.consideration[0];
  if (stored.kind !== 'offer' || wanted?.itemType !== ItemType.ERC721_WITH_CRITERIA) return [];
  if (tokenId === undefined) throw new HttpError(422, 'token_id: name the card given for a collection or trait offer');
  const ids = stored.row.criteriaTokenIds;
  const proof = ids ? criteriaTree(ids.map((id) => BigInt(id))).proof(tokenId) : [];
  if (!proof) throw new HttpError(422, 'token_id: this card does not hold the offer’s trait');
  return [{ orderIndex: 0n, side: 1, index: 0n, identifier: tokenId, criteriaProof: proof }];
}

/** Decides, signs and answers a fulfilment (see the module comment). */
export async function fulfilmentData(db: Database, request: FulfilmentRequest, context: FulfilmentContext) {
  const stored = await storedOrder(db, request.orderHash.toLowerCase());
  if (!stored) throw new FulfilmentRefused(404, 'unknown', 'No such order');
  const order = parseOrderJson(stored.row.order);
  if (!order) throw new FulfilmentRefused(404, 'unknown', 'No such order');
  const chain = context.chains.find((candidate) => candidate.chainId === stored.chainId);
  if (!chain) throw new FulfilmentRefused(404, 'unknown', 'The order is on a chain this site does not run');
  const closed = STATUS_REASON[stored.status];
  if (closed) throw new FulfilmentRefused(409, closed, `This order is ${stored.status}`);
  if (isAuctionOrder(order)) throw new FulfilmentRefused(409, 'auction', 'A timed auction is filled by its settlement');
  const taker = privateTaker(order.zoneHash);
  if (taker && taker.toLowerCase() !== request.fulfiller.toLowerCase()) {
    throw new FulfilmentRefused(409, 'private', `This order is for ${taker} only`);
  }
  const now = BigInt(Math.floor(context.now.getTime() / 1000));
  if (order.endTime <= now) throw new FulfilmentRefused(409, 'expired', 'This order has expired');
  const reason = await onChain(chain, () => chainReason(chain, stored, order, now));
  if (reason) throw new FulfilmentRefused(409, reason, `This order cannot be filled now (${reason})`);
  if (!context.signing) throw new HttpError(503, 'Fills are unavailable: no zone signer is configured');
  const resolvers = criteriaResolvers(stored, order, request.tokenId);
  const fulfiller = getAddress(request.fulfiller);
  const signed = await signOrderFill(context.signing, chain, order, fulfiller, now);
  const quantity = stored.kind === 'offer' ? BigInt(stored.row.quantity) : 1n;
  const advanced = advancedOrder({ order, signature: stored.row.signature as Hex }, 1n, quantity, signed.extraData);
  const parameters = orderParametersJson(order);
  return {
    protocol: 'seaport1.6',
    fulfillment_data: {
      transaction: {
        function: FULFILL_ADVANCED_ORDER,
        chain: chain.chainId,
        to: chain.contracts.exchange.toLowerCase(),
        value: (stored.kind === 'listing' ? nativeValue(order) : 0n).toString(),
        input_data: {
          advancedOrder: plainJson({ ...advanced, parameters }),
          criteriaResolvers: plainJson(resolvers),
          fulfillerConduitKey: context.conduitKey,
          recipient: zeroAddress,
        },
      },
      orders: [{ parameters, signature: stored.row.signature, extraData: signed.extraData }],
    },
    order_hash: orderHash(order),
    fulfiller,
    expires_at: new Date(Number(signed.expiration) * 1000).toISOString(),
  };
}
