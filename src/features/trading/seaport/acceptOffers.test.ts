/**
 * Selling several cards to their offers in one `fulfillAvailableAdvancedOrders` through the Kirafuda zone, on a real
 * anvil chain: two token offers and one card of a collection offer for two are filled at once, each card reaching
 * its offerer and everyone paid to the wei; an offer cancelled since it was read is skipped and its card stays.
 */
import { erc20Abi, maxUint256, parseEther } from 'viem';
import { beforeAll, describe, expect, test } from 'vitest';
import { fileTestMarket } from '#tests/helpers/fileMarket';
import { ownerOfCard } from '#tests/helpers/localMarket';
import { walletOf } from '#tests/helpers/testAuctions';
import { counterAndRoyalty, TEST_FEE_BPS, TEST_FEE_RECIPIENT } from '#tests/helpers/testMarket';
import { fundOfferer, signOffer, wethOf } from '#tests/helpers/testOffers';
import { zoneFill } from '#tests/helpers/testZone';
import { acceptOffers } from './acceptOffers';
import { cancelOrders } from './cancelOrders';

const { fixture } = fileTestMarket();
const price = parseEther('1');

beforeAll(async () => {
  const { market } = fixture;
  for (const bidder of [market.buyer, walletOf(fixture, 4), walletOf(fixture, 6)]) {
    await fundOfferer(fixture, bidder, parseEther('5'));
  }
  // The seller lets the conduit take the fee and royalty out of what the offers pay them.
  await market.mined(
    await market.seller.writeContract({
      address: market.contracts.wrappedNative,
      abi: erc20Abi,
      functionName: 'approve',
      args: [market.contracts.conduit, maxUint256],
    }),
  );
}, 60_000);

describe('selling several cards to their offers at once', () => {
  test('two token offers and a collection offer filled in one transaction, everyone paid to the wei', async () => {
    const { market } = fixture;
    const { seller, buyer, contracts } = market;
    const [second, third] = [walletOf(fixture, 4), walletOf(fixture, 6)];
    const token = (tokenId: bigint) => ({ kind: 'token' as const, contract: fixture.card, tokenId });
    const offers = [
      { wallet: buyer, tokenId: 1n, ...(await signOffer(fixture, buyer, { target: token(1n), unitPrice: price })) },
      { wallet: second, tokenId: 2n, ...(await signOffer(fixture, second, { target: token(2n), unitPrice: price })) },
      {
        wallet: third,
        tokenId: 3n,
        ...(await signOffer(fixture, third, {
          target: { kind: 'collection', contract: fixture.card },
          unitPrice: price,
          quantity: 2,
        })),
      },
    ];
    const gone = { tokenId: 4n, ...(await signOffer(fixture, buyer, { target: token(4n), unitPrice: price })) };
    await market.mined(await cancelOrders(buyer, { seaport: contracts.seaport, orders: [gone.order] }));

    const [, [, royalty]] = await counterAndRoyalty(fixture, seller.account.address, 1n, price);
    const fee = (price * BigInt(TEST_FEE_BPS)) / 10_000n;
    const before = await Promise.all([wethOf(fixture, seller.account.address), wethOf(fixture, TEST_FEE_RECIPIENT)]);
    const acceptances = await Promise.all(
      [...offers, gone].map(async (offer) => ({
        order: offer.order,
        signature: offer.signature,
        tokenId: offer.tokenId,
        extraData: await zoneFill(market, offer.order, seller.account.address),
      })),
    );
    const receipt = await market.mined(
      await acceptOffers(seller, {
        seaport: contracts.seaport,
        acceptances,
        fulfillerConduitKey: contracts.conduitKey,
      }),
    );
    console.info(`[gas] fulfillAvailableAdvancedOrders, 3 offers accepted at once: ${receipt.gasUsed}`);
    for (const offer of offers) expect(await ownerOfCard(market, offer.tokenId)).toBe(offer.wallet.account.address);
    expect(await ownerOfCard(market, 4n)).toBe(seller.account.address);
    expect((await wethOf(fixture, seller.account.address)) - (before[0] ?? 0n)).toBe(3n * (price - fee - royalty));
    expect((await wethOf(fixture, TEST_FEE_RECIPIENT)) - (before[1] ?? 0n)).toBe(3n * fee);
  }, 60_000);
});
