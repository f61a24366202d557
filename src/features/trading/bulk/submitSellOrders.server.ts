/**
 * Several listings in one request (`POST /api/v1/sell_cards`), typically the orders of one Seaport bulk
 * signature: each listing is checked exactly as `sell_card` checks one (../sell/submitSellOrder.server.ts),
 * then all are stored in one transaction, or none is.
 *
 * All or nothing: a request with any listing that fails its checks stores nothing and answers 422 naming
 * the listing (`listings.3: The seller does not own this card`; a few at most when several fail), whatever
 * status the single endpoint would give it (403, 404, 409, 422), since the request as a whole is what is
 * refused. A chain that does not answer is 502, as for one listing. The same order twice, or two orders for
 * the same card, in one request are refused (the second would end the first). An order stored before and
 * still active is not stored again (`created: false`), so a retried request succeeds.
 *
 * The listings need not share a tree, a chain or a signer's request: each stands on its own signature.
 *
 * @see ./bulkOrder.ts, docs/architecture.md "Flows" (Sell and cancel)
 */
import { HttpError, unprocessable } from '~/server/api/errors';
import type { Database } from '~/server/db/types';
import { type ListingView, listingView as view } from '../orders/listingView';
import type { OrderOptions, Seller } from '../orders/orderCalls.server';
import { MAX_LISTINGS_PER_REQUEST, type SellCardInput } from '../orders/sellCardPayload';
import { orderHash } from '../seaport/orderHash';
import { type CheckedSellOrder, checkSellOrder, storeSellOrder } from '../sell/submitSellOrder.server';

/** Listings checked at the same time (their chain reads share the RPC client's batches). */
const CHECKS_AT_ONCE = 8;

/** Failed listings a refusal names at most. */
const NAMED_PROBLEMS = 5;

/** What {@link submitSellOrders} resolves to, listings in the request's order. */
export interface SubmittedSellOrders {
  /** How many listings were stored now (the others were stored before). */
  created: number;
  listings: { created: boolean; listing: ListingView }[];
}

/** The problem of the first listing that repeats an earlier one's order or card, if any. */
function duplicateProblem(inputs: readonly SellCardInput[]): string | undefined {
  const orders = new Map<string, number>();
  const tokens = new Map<string, number>();
  for (const [index, input] of inputs.entries()) {
    const hash = orderHash(input.order);
    const token = `${input.chain_id}:${input.contract_address.toLowerCase()}:${input.token_id}`;
    const sameOrder = orders.get(hash);
    if (sameOrder !== undefined) return `listings.${index}: the same order as listings.${sameOrder}`;
    const sameCard = tokens.get(token);
    if (sameCard !== undefined) return `listings.${index}: the same card as listings.${sameCard}`;
    orders.set(hash, index);
    tokens.set(token, index);
  }
  return undefined;
}

/** Runs `check` on every input, {@link CHECKS_AT_ONCE} at a time, settling each. */
async function settleAll<T>(
  inputs: readonly SellCardInput[],
  check: (input: SellCardInput) => Promise<T>,
): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = [];
  for (let start = 0; start < inputs.length; start += CHECKS_AT_ONCE) {
    results.push(...(await Promise.allSettled(inputs.slice(start, start + CHECKS_AT_ONCE).map(check))));
  }
  return results;
}

/**
 * Checks every listing, then stores them all in one transaction (see the module comment).
 * @throws HttpError 422 (a listing refused, or none or more than {@link MAX_LISTINGS_PER_REQUEST}), 502 (a
 *   chain did not answer); anything else a check throws passes through
 */
export async function submitSellOrders(
  db: Database,
  seller: Seller,
  inputs: readonly SellCardInput[],
  options: OrderOptions = {},
): Promise<SubmittedSellOrders> {
  if (inputs.length < 1 || inputs.length > MAX_LISTINGS_PER_REQUEST) {
    throw unprocessable(`listings: send 1 to ${MAX_LISTINGS_PER_REQUEST} listings`);
  }
  const duplicate = duplicateProblem(inputs);
  if (duplicate) throw unprocessable(duplicate);
  const now = options.now ?? new Date();
  const settled = await settleAll(inputs, (input) => checkSellOrder(db, seller, input, { ...options, now }));

  const checked: CheckedSellOrder[] = [];
  const problems: string[] = [];
  let unanswered: HttpError | undefined;
  for (const [index, result] of settled.entries()) {
    if (result.status === 'fulfilled') {
      checked.push(result.value);
      continue;
    }
    const error: unknown = result.reason;
    if (!(error instanceof HttpError)) throw error;
    if (error.status >= 500) unanswered ??= new HttpError(error.status, `listings.${index}: ${error.message}`);
    else problems.push(`listings.${index}: ${error.message}`);
  }
  if (unanswered) throw unanswered;
  if (problems.length > 0) {
    const more = problems.length > NAMED_PROBLEMS ? ` (and ${problems.length - NAMED_PROBLEMS} more)` : '';
    throw unprocessable(`${problems.slice(0, NAMED_PROBLEMS).join('; ')}${more}`);
  }

  const rows = await db.transaction(async (tx) => {
    const stored = [];
    for (const listing of checked) stored.push(listing.stored ? null : await storeSellOrder(tx, listing, now));
    return stored;
  });
  const listings = checked.map((listing, index) => {
    const row = rows[index] ?? listing.stored;
    if (!row) throw new Error('a checked listing was neither stored before nor now');
    return { created: !listing.stored, listing: view(row) };
  });
  return { created: listings.filter((listing) => listing.created).length, listings };
}
