/**
 * Making an offer: storing a signed Seaport offer sent to `POST /api/v1/offers` once the server has checked
 * it (the order's layout against the platform's terms, the collection and card in the catalogue, a trait
 * offer's root against the trait index, the offerer's signature, and on chain, by ../orders/orderFacts.ts:
 * the counter, the order's status, the offerer's balance of the token and allowance to the conduit; and the
 * creator's royalty). A token offer on a card in a running timed auction is a bid, held to the auction's
 * rules through {@link BidTerms} (given by ../placeOffer/placeOffer.server.ts: offers do not import auctions).
 *
 * @see ./offerRules.ts
 */
import { and, asc, eq } from 'drizzle-orm';
import { type Address, type Hex, zeroAddress } from 'viem';
import { configuredChain } from '~/features/chains/chainReads.server';
import type { Chain } from '~/features/chains/chains';
import { serverChains } from '~/features/chains/config.server';
import { CURRENCIES } from '~/features/chains/currencies';
import { getT } from '~/features/i18n/t';
import { conflict, notFound, unprocessable } from '~/server/api/errors';
import { cards, categories, offers } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { serverSettings } from '~/server/settings/settings.server';
import type { BidAuction, BidTerms } from '../orders/bidTerms';
import { readOfferState } from '../orders/offerState.server';
import { type OrderOptions, onChain, type Seller } from '../orders/orderCalls.server';
import { ORDER_REASON_KEYS, offerReason } from '../orders/orderFacts';
import { insertOffer } from '../orders/orderStatus.server';
import { settlerAccount } from '../orders/settler.server';
import { unitFee } from '../seaport/buildOffer';
import { orderHash } from '../seaport/orderHash';
import { toOrderJson } from '../seaport/orderJson';
import { isOrderSignatureValid } from '../seaport/orderSignature.server';
import { ItemType } from '../seaport/seaportTypes';
import { listedCurrencies } from '../terms/currencyTokens';
import { sellTerms } from '../terms/sellTerms.server';
import { tellOwnerOfOffer } from './offerNotice.server';
import type { OfferPayload } from './offerPayload';
import { type OfferCurrency, type OfferShape, offerRoyaltyProblem, readOffer } from './offerRules';
import { type OfferView, offerView } from './offerView';
import { collectionTraits, rootsOf } from './traitCriteria.server';

/** The ERC-20 currencies offers on `chain` may be made in. */
export function offerCurrencies(chain: Chain): OfferCurrency[] {
  return listedCurrencies(chain).filter((currency) => currency.itemType === ItemType.ERC20);
}

/** The catalogue's side of an offer: its collection, a card for the royalty, a trait offer's trait. */
async function catalogueOf(db: Database, chain: Chain, shape: OfferShape, offerer: string) {
  const contract = shape.contract.toLowerCase();
  const [collection] = await db
    .select({ id: categories.id, hidden: categories.hidden })
    .from(categories)
    .where(and(eq(categories.chainId, chain.chainId), eq(categories.contractAddress, contract)));
  if (!collection || collection.hidden) throw notFound('This collection is not on the marketplace');
  const inCollection = and(eq(cards.chainId, chain.chainId), eq(cards.contractAddress, contract));
  const [card] = await db
    .select({ tokenId: cards.tokenId, owner: cards.ownerAddress })
    .from(cards)
    .where(shape.tokenId === undefined ? inCollection : and(inCollection, eq(cards.tokenId, shape.tokenId.toString())))
    .orderBy(asc(cards.tokenId))
    .limit(1);
  if (!card)
    throw notFound(shape.kind === 'token' ? 'This card is not on the marketplace' : 'This collection has no cards');
  if (shape.kind === 'token' && card.owner === offerer) throw unprocessable('You own this card');
  let trait: { type: string; value: string; tokenIds: string[] } | undefined;
  if (shape.kind === 'trait') {
    const root = shape.root?.toString();
    const built = await rootsOf(
      await collectionTraits(db, chain.chainId, contract),
      (entry) => entry.criteria === root,
    );
    const found = built.find((entry) => entry.criteria === root);
    if (!found) throw unprocessable('The order’s criteria is not the root of a trait of this collection');
    trait = { type: found.type, value: found.value, tokenIds: found.tokenIds.map(String) };
  }
  return {
    collectionId: collection.id,
    royaltyCard: { contract: shape.contract, tokenId: BigInt(card.tokenId) },
    trait,
  };
}

/**
 * Checks and stores an offer. Resolves `{ created: true }` for a new offer, `{ created: false }` when the
 * same order was stored before and is still active.
 * @throws HttpError 404 (collection or card not in the catalogue), 409 (order closed), 422 (invalid order or
 *   chain state), 502 (the chain did not answer)
 */
export async function submitOffer<A extends BidAuction>(
  db: Database,
  offerer: Seller,
  input: OfferPayload,
  options: OrderOptions = {},
  bids?: BidTerms<A>,
): Promise<{ created: boolean; offer: OfferView }> {
  const chain = configuredChain(options.chains ?? serverChains(), input.chain_id);
  const settings = options.settings ?? serverSettings();
  const terms = await sellTerms(db, chain, settings);
  const now = options.now ?? new Date();
  const { order, signature } = input;
  const read = readOffer(order, {
    offerer: offerer.walletAddress as Address,
    currencies: offerCurrencies(chain),
    feeBps: terms.feeBps,
    feeRecipient: terms.feeRecipient,
    conduitKey: terms.conduitKey,
    zone: terms.zone,
    settler: settlerAccount(settings)?.address,
    now: BigInt(Math.floor(now.getTime() / 1000)),
  });
  if (read.problem !== undefined) throw unprocessable(read.problem);
  const { shape } = read;
  const offererAddress = offerer.walletAddress.toLowerCase();
  const catalogue = await catalogueOf(db, chain, shape, offererAddress);

  // A token offer on a card in a running auction is a bid, held to the auction's rules.
  const auction =
    bids && shape.kind === 'token' && shape.tokenId !== undefined
      ? await bids.auctionOf(db, {
          chainId: chain.chainId,
          contractAddress: shape.contract,
          tokenId: shape.tokenId.toString(),
        })
      : undefined;
  if (shape.restricted && !auction) {
    throw unprocessable('An order restricted to the settlement account is a bid, and this card is not in an auction');
  }
  const bidFacts = { chain, order, signature, currencyCode: shape.currencyCode, unitPrice: shape.unitPrice };
  const bidIssue =
    bids && auction ? await bids.problem(db, auction, { ...bidFacts, restricted: shape.restricted }, now) : undefined;
  if (bidIssue) throw unprocessable(bidIssue);

  const hash = orderHash(order);
  const [existing] = await db.select().from(offers).where(eq(offers.orderHash, hash));
  if (existing) {
    if (existing.status === 'active') return { created: false, offer: offerView(existing, 0) };
    throw conflict(`This offer is already ${existing.status}`);
  }
  const exchange = chain.contracts.exchange;
  if (!(await onChain(chain, () => isOrderSignatureValid(chain, exchange, order, signature)))) {
    throw unprocessable('signature is not the offerer’s signature of this order');
  }
  const total = shape.unitPrice * BigInt(shape.quantity);
  const state = await onChain(chain, () =>
    readOfferState(chain, {
      seaport: exchange,
      offerer: order.offerer,
      token: shape.token,
      conduitKey: order.conduitKey,
      orderHash: hash as Hex,
      card: catalogue.royaltyCard,
      unitPrice: shape.unitPrice,
    }),
  );
  const symbol = CURRENCIES[shape.currencyCode as keyof typeof CURRENCIES]?.symbol ?? 'the token';
  // A new offer must be whole: neither partly filled nor short of what all its cards take.
  const reason =
    state.status.totalFilled > 0n
      ? 'filled'
      : offerReason({ counter: order.counter, endTime: order.endTime, amount: total }, state, 0n);
  if (reason) {
    throw unprocessable(getT('en')(ORDER_REASON_KEYS[reason], { symbol, operator: state.operator ?? '' }));
  }
  const royaltyIssue =
    offerRoyaltyProblem(order, shape, state.royalty, terms.feeRecipient) ??
    (bids && auction
      ? bids.payoutProblem(
          order,
          terms.feeRecipient ? unitFee(shape.unitPrice, terms.feeBps) : 0n,
          state.royalty.receiver === zeroAddress ? 0n : state.royalty.amount,
        )
      : undefined);
  if (royaltyIssue) throw unprocessable(royaltyIssue);

  const row = await db.transaction(async (tx) => {
    const inserted = await insertOffer(tx, {
      chainId: chain.chainId,
      exchange: exchange.toLowerCase(),
      orderHash: hash,
      offererAddress,
      kind: shape.kind,
      contractAddress: shape.contract.toLowerCase(),
      categoryId: catalogue.collectionId,
      tokenId: shape.tokenId?.toString() ?? null,
      traitType: catalogue.trait?.type ?? null,
      traitValue: catalogue.trait?.value ?? null,
      criteriaRoot: shape.root === undefined ? null : `0x${shape.root.toString(16).padStart(64, '0')}`,
      criteriaTokenIds: catalogue.trait?.tokenIds ?? null,
      currencyCode: shape.currencyCode,
      price: shape.unitPrice.toString(),
      quantity: shape.quantity,
      order: toOrderJson(order),
      signature,
      counter: order.counter.toString(),
      startsAt: new Date(Number(order.startTime) * 1000),
      expiresAt: new Date(Number(order.endTime) * 1000),
      checkedAt: now,
      createdAt: now,
    });
    // The time of placing, after the chain reads: the end is checked against it under the auction's lock.
    if (inserted && bids && auction) await bids.place(tx, auction, inserted, options.now ?? new Date());
    else if (inserted) await tellOwnerOfOffer(tx, inserted);
    return inserted;
  });
  if (!row) {
    const [stored] = await db.select().from(offers).where(eq(offers.orderHash, hash));
    if (stored) return { created: false, offer: offerView(stored, 0) };
    throw new Error('offer insert returned nothing');
  }
  return { created: true, offer: offerView(row, 0) };
}
