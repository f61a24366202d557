/**
 * Order health (the rules of ./orderFacts.ts) against a real anvil chain: an active listing whose approval the
 * seller moves elsewhere is found not buyable with that reason, and buyable again once the approval is back;
 * a listing whose card left the seller, and one the seller cancelled, get their own reasons; a declining
 * listing's royalty is checked at both ends.
 */
import { eq } from 'drizzle-orm';
import { erc721Abi, type Hex, parseEther, zeroAddress } from 'viem';
import { beforeAll, describe, expect, test } from 'vitest';
import { fileTestMarket } from '#tests/helpers/fileMarket';
import { approveConduit, transferCard } from '#tests/helpers/localMarket';
import { seedCatalogue, signListing, storedListing, TEST_FEE_RECIPIENT } from '#tests/helpers/testMarket';
import { sellOrders } from '~/server/db/schema';
import { cancelOrders } from '../seaport/cancelOrders';
import { listingReason } from './orderFacts';
import { checkOrders, ORDER_CHECK_INTERVAL_MS } from './orderHealth.server';

const { fixture, database } = fileTestMarket();
let clock = Date.now();
const hashes: Record<string, Hex> = {};

async function store(name: string, tokenId: bigint, endPrice?: bigint) {
  const { order, signature } = await signListing(fixture, tokenId, {
    price: parseEther('1'),
    ...(endPrice === undefined ? {} : { endPrice, startOffset: -600n, endOffset: 3_000n }),
  });
  const listing = storedListing(fixture, tokenId, parseEther('1'), { order, signature });
  hashes[name] = listing.orderHash;
  await database.db.insert(sellOrders).values({
    ...listing,
    ...(endPrice === undefined ? {} : { saleType: 'declining' as const, endPrice: endPrice.toString() }),
  });
  return order;
}

/** Runs a check as the indexer's sweep would, a little later each time (so every order is due). */
async function check() {
  clock += ORDER_CHECK_INTERVAL_MS + 1_000;
  await checkOrders(database.db, fixture.chain, TEST_FEE_RECIPIENT, new Date(clock));
}

const reasonOf = async (name: string) =>
  (
    await database.db
      .select({ reason: sellOrders.unbuyableReason, checkedAt: sellOrders.checkedAt })
      .from(sellOrders)
      .where(eq(sellOrders.orderHash, hashes[name] ?? ''))
  )[0];

beforeAll(async () => {
  await seedCatalogue(database.db, fixture);
  // From here on, each card is approved to the conduit on its own, as a careful seller does.
  const { seller, contracts, mined } = fixture.market;
  await approveConduit(fixture.market, seller, fixture.card, false);
  for (const tokenId of [1n, 2n, 3n]) {
    await mined(
      await seller.writeContract({
        address: fixture.card,
        abi: erc721Abi,
        functionName: 'approve',
        args: [contracts.conduit, tokenId],
      }),
    );
  }
}, 60_000);

describe('checkOrders', () => {
  test('a buyable listing has no reason, and is marked checked', async () => {
    await store('fine', 1n);
    await check();
    expect(await reasonOf('fine')).toEqual({ reason: null, checkedAt: new Date(clock) });
  });

  test("a declining price pays the royalty at both ends: buyable (its end's royalty is read too)", async () => {
    await store('declining', 1n, parseEther('0.4'));
    await check();
    expect((await reasonOf('declining'))?.reason).toBeNull();
  });

  test('approval moved elsewhere: not buyable, with the reason; approved again: buyable again', async () => {
    const { seller, contracts, mined } = fixture.market;
    await store('approval', 2n);
    const approve = async (to: Hex) =>
      mined(
        await seller.writeContract({ address: fixture.card, abi: erc721Abi, functionName: 'approve', args: [to, 2n] }),
      );
    await approve(zeroAddress);
    await check();
    expect((await reasonOf('approval'))?.reason).toBe('not_approved');
    await approve(contracts.conduit);
    await check();
    expect((await reasonOf('approval'))?.reason).toBeNull();
  });

  test('the card left the seller, or the order was cancelled on chain: each says so', async () => {
    const { seller, buyer, contracts, mined } = fixture.market;
    await store('moved', 3n);
    await transferCard(fixture.market, 3n, buyer.account.address);
    const cancelled = await store('cancelled', 1n);
    await mined(await cancelOrders(seller, { seaport: contracts.seaport, orders: [cancelled] }));
    await check();
    expect((await reasonOf('moved'))?.reason).toBe('not_owner');
    expect((await reasonOf('cancelled'))?.reason).toBe('cancelled');
  });
});

describe('listingReason', () => {
  test('an order that starts later, or whose time has passed, says so before anything is read', async () => {
    const { order } = await signListing(fixture, 5n, { price: parseEther('1') });
    const state = {
      owner: fixture.market.seller.account.address,
      operator: fixture.market.contracts.conduit,
      approved: true,
      counter: order.counter,
      status: { isValidated: false, isCancelled: false, totalFilled: 0n, totalSize: 0n },
      royalty: { receiver: fixture.creator.address, amount: (parseEther('1') * 500n) / 10_000n },
    };
    const context = { feeRecipient: TEST_FEE_RECIPIENT, now: order.startTime + 120n };
    expect(listingReason(order, state, context)).toBeNull();
    expect(listingReason(order, state, { ...context, now: order.startTime - 10n })).toBe('not_started');
    expect(listingReason(order, state, { ...context, now: order.endTime })).toBe('expired');
    expect(listingReason(order, { ...state, counter: order.counter + 1n }, context)).toBe('counter');
    const raised = { ...state, royalty: { ...state.royalty, amount: state.royalty.amount * 2n } };
    expect(listingReason(order, raised, context)).toBe('royalty');
  });
});
