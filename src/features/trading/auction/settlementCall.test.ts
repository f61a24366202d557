/**
 * A timed auction's settlement on a real anvil chain: the seller's auction listing and a bid, both restricted to
 * the Kirafuda zone, and `matchAdvancedOrders` sent by the settlement account with the zone's signatures for it
 * (the listing's naming the bid that pays its fee and royalty): the card goes to the bidder, the seller gets the
 * bid less fee and royalty, platform and creator their shares, to the wei. Nobody can fill the listing without
 * the zone's signature, nor with one that does not bring the bid along.
 */
import { createWalletClient, type Hex, http, parseEther, parseEventLogs } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';

import { fileSaleFixture } from '#tests/helpers/fileMarket';
import { zoneExtraData } from '#tests/helpers/testZone';
import { LOCAL_SETTLER_KEY } from '~/features/chains/localDefaults';
import { cardAbi } from '../contracts/cardAbi';
import { buildOffer } from '../seaport/buildOffer';
import { fulfillOrder } from '../seaport/fulfillOrder';
import { orderHash } from '../seaport/orderHash';
import { seaportAbi } from '../seaport/seaportAbi';
import { signOrder } from '../seaport/signOrder';
import { buildAuctionListing, reserveShare } from './auctionRules';
import { settlementArgs } from './settlementCall';

const FEE_BPS = 250;
const fixture = fileSaleFixture(31_339);

const settler = privateKeyToAccount(LOCAL_SETTLER_KEY);

async function royalty(tokenId: bigint, price: bigint) {
  const { publicClient, contracts } = fixture.market;
  const [receiver, amount] = await publicClient.readContract({
    address: contracts.card,
    abi: cardAbi,
    functionName: 'royaltyInfo',
    args: [tokenId, price],
  });
  return { receiver, amount };
}

describe('settling a timed auction', () => {
  test('matches the listing with the bid: card to the bidder, bid less fee and royalty to the seller', async () => {
    const { publicClient, seller, buyer, contracts, chain, anvil, mined } = fixture.market;
    const tokenId = 19n;
    const reserve = parseEther('10');
    const bidAmount = parseEther('12.345678901234567891');
    const { timestamp } = await publicClient.getBlock();
    const base = {
      startTime: timestamp - 60n,
      counter: 0n,
      conduitKey: contracts.conduitKey,
      zone: contracts.zone,
    };
    const listing = buildAuctionListing({
      ...base,
      seller: seller.account.address,
      nft: { contract: contracts.card, tokenId },
      reserve,
      currency: contracts.atem,
      feeBps: FEE_BPS,
      royalty: (await royalty(tokenId, reserve)).amount,
      endsAt: timestamp + 3_600n,
      salt: 1n,
    });
    const listingSignature = await signOrder(seller, { order: listing, chainId: chain.id, seaport: contracts.seaport });
    const bid = buildOffer({
      ...base,
      offerer: buyer.account.address,
      target: { kind: 'token', contract: contracts.card, tokenId },
      quantity: 1,
      unitPrice: bidAmount,
      token: contracts.atem,
      platformFee: { bps: FEE_BPS, recipient: fixture.feeRecipient },
      royalty: await royalty(tokenId, bidAmount),
      endTime: listing.endTime,
      salt: 2n,
      bid: true,
    });
    const bidSignature = await signOrder(buyer, { order: bid, chainId: chain.id, seaport: contracts.seaport });

    // Without the zone's signature nobody fills the listing, even paying the reserve.
    /** The buyer fills the listing alone, with the zone's `extraData` if any. */
    const buyListing = (extraData?: Hex) =>
      fulfillOrder(buyer, {
        seaport: contracts.seaport,
        order: listing,
        signature: listingSignature,
        fulfillerConduitKey: contracts.conduitKey,
        ...(extraData ? { extraData } : {}),
      });
    await expect(buyListing()).rejects.toThrow();
    const fees = { feeBps: FEE_BPS, feeRecipient: fixture.feeRecipient };
    const bidExtra = await zoneExtraData(fixture.market, orderHash(bid), settler.address, { context: fees });
    const pairedExtra = await zoneExtraData(fixture.market, orderHash(listing), settler.address, {
      context: { ...fees, pairedOrderHash: orderHash(bid) },
    });
    // A signature for the listing alone (a buyer's) does not pay its fee and royalty: refused.
    const alone = await zoneExtraData(fixture.market, orderHash(listing), buyer.account.address, { context: fees });
    await expect(buyListing(alone)).rejects.toThrow();

    const people = [seller.account.address, fixture.feeRecipient, fixture.creator, buyer.account.address] as const;
    const before = await fixture.balances(contracts.atem, people);
    const wallet = createWalletClient({ account: settler, chain, transport: http(anvil.rpcUrl) });
    const receipt = await mined(
      await wallet.writeContract({
        address: contracts.seaport,
        abi: seaportAbi,
        functionName: 'matchAdvancedOrders',
        args: settlementArgs(
          { order: listing, signature: listingSignature },
          { order: bid, signature: bidSignature },
          seller.account.address,
          { listing: pairedExtra, bid: bidExtra },
        ),
      }),
    );
    const after = await fixture.balances(contracts.atem, people);
    const fee = (bidAmount * BigInt(FEE_BPS)) / 10_000n;
    const creatorShare = (await royalty(tokenId, bidAmount)).amount;
    expect(after.map((value, i) => value - (before[i] ?? 0n))).toEqual([
      bidAmount - fee - creatorShare,
      fee,
      creatorShare,
      -bidAmount,
    ]);
    expect(bidAmount - fee - creatorShare).toBeGreaterThan(reserveShare(reserve, FEE_BPS, creatorShare));
    expect(await fixture.ownerOf(tokenId)).toBe(buyer.account.address);
    const events = parseEventLogs({ abi: seaportAbi, logs: receipt.logs, eventName: 'OrderFulfilled' });
    expect(events.map((event) => event.args.orderHash).sort()).toEqual([orderHash(listing), orderHash(bid)].sort());
    console.info(
      'settlement events: recipients',
      events.map((event) => event.args.recipient),
      'gas',
      receipt.gasUsed,
    );
  });
});
