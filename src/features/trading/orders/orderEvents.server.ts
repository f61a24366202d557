/**
 * What an order's change tells third parties (the feed and webhooks, ../../events/marketEvents.server.ts):
 * `listing.created`, `listing.cancelled`, `price.changed` (a seller listed a card again at another price: the new
 * listing replaced theirs), `offer.created`, `offer.cancelled`. Called by the one writer of order status
 * (./orderStatus.server.ts) in the transaction of the change, so each change is told exactly once. Amounts are
 * decimal strings in the currency's smallest unit, addresses lower-case.
 *
 * @see ../../../../docs/developers.md (event shapes)
 */
import { CURRENCIES, type CurrencyCode } from '~/features/chains/currencies';
import { type MarketEventInput, recordEvents } from '~/features/events/marketEvents.server';
import type { offers, sellOrders } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';

type Db = Database | Transaction;
type Listing = typeof sellOrders.$inferSelect;
type Offer = typeof offers.$inferSelect;

/** The currency's symbol (`ETH`), or null for a code this build does not know. */
export function currencySymbol(code: number): string | null {
  return CURRENCIES[code as CurrencyCode]?.symbol ?? null;
}

function listingData(row: Listing) {
  return {
    listing_id: row.id,
    order_hash: row.orderHash,
    chain_id: row.chainId,
    contract_address: row.contractAddress,
    token_id: row.tokenId,
    seller: row.sellerAddress,
    sale_type: row.saleType,
    price: row.price,
    end_price: row.endPrice,
    currency_code: row.currencyCode,
    currency: currencySymbol(row.currencyCode),
    starts_at: row.startsAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

function offerData(row: Offer) {
  return {
    offer_id: row.id,
    order_hash: row.orderHash,
    chain_id: row.chainId,
    contract_address: row.contractAddress,
    kind: row.kind,
    token_id: row.tokenId,
    trait_type: row.traitType,
    trait_value: row.traitValue,
    offerer: row.offererAddress,
    price: row.price,
    quantity: row.quantity,
    currency_code: row.currencyCode,
    currency: currencySymbol(row.currencyCode),
    expires_at: row.expiresAt.toISOString(),
  };
}

const onChain = (row: { chainId: number; contractAddress: string }) => ({
  chainId: row.chainId,
  contractAddress: row.contractAddress,
});

/** The `listing.cancelled` or `offer.cancelled` event of a closed order: one fact per close time, told at it. */
function closedEvent<K extends 'listing' | 'offer'>(
  kind: K,
  row: Pick<Listing | Offer, 'id' | 'chainId' | 'contractAddress' | 'closedAt' | 'updatedAt'>,
  data: Record<string, unknown>,
) {
  return {
    type: `${kind}.cancelled` as const,
    factKey: `${kind}:${row.id}:cancelled:${(row.closedAt ?? row.updatedAt).getTime()}`,
    ...onChain(row),
    data,
    occurredAt: row.closedAt ?? new Date(),
  };
}

/**
 * A listing stored; `replaced` are the seller's listings of the card it ended (./orderStatus.server.ts
 * `replaceListings`): one at another price in the same currency makes it `price.changed` too.
 */
export async function tellListingCreated(db: Db, row: Listing, replaced: readonly Listing[] = []): Promise<void> {
  const at = row.createdAt;
  const told: MarketEventInput[] = [
    {
      type: 'listing.created',
      factKey: `listing:${row.id}:created`,
      ...onChain(row),
      data: listingData(row),
      occurredAt: at,
    },
  ];
  const previous = replaced.find((old) => old.currencyCode === row.currencyCode && old.price !== row.price);
  if (previous) {
    told.push({
      type: 'price.changed',
      factKey: `listing:${row.id}:price`,
      ...onChain(row),
      data: { ...listingData(row), previous_price: previous.price, previous_listing_id: previous.id },
      occurredAt: at,
    });
  }
  await recordEvents(db, told);
}

/** Listings that ended unsold by their seller's act or the chain (cancelled, replaced, card moved away). */
export async function tellListingsCancelled(
  db: Db,
  rows: readonly Listing[],
  reason: 'cancelled' | 'replaced' | 'counter' | 'unfillable',
): Promise<void> {
  await recordEvents(
    db,
    rows.map((row) => closedEvent('listing', row, { ...listingData(row), reason })),
  );
}

/** An offer (or a bid) stored. */
export async function tellOfferCreated(db: Db, row: Offer): Promise<void> {
  await recordEvents(db, [
    {
      type: 'offer.created',
      factKey: `offer:${row.id}:created`,
      ...onChain(row),
      data: offerData(row),
      occurredAt: row.createdAt,
    },
  ]);
}

/** Offers cancelled by their offerer or voided by the chain. */
export async function tellOffersCancelled(
  db: Db,
  rows: readonly Offer[],
  reason: 'cancelled' | 'counter',
): Promise<void> {
  await recordEvents(
    db,
    rows.map((row) => closedEvent('offer', row, { ...offerData(row), reason })),
  );
}
