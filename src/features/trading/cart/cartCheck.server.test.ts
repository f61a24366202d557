/**
 * The cart check on a real anvil chain and database (issue 21): a contract wallet's listing whose signature
 * holds in a simulation without fee fields but not in a transaction is flagged, so the cart leaves it out and
 * buys the rest; without the check's simulation the whole cart would revert.
 */
import { type Hex, parseEther } from 'viem';
import { describe, expect, test } from 'vitest';
import { fileTradingMarket } from '#tests/helpers/fileMarket';
import { deployHostileWallet, giveCard, WalletMode } from '#tests/helpers/hostileWallet';
import { walletOf } from '#tests/helpers/testAuctions';
import { signListing, TEST_FEE_RECIPIENT } from '#tests/helpers/testMarket';
import { TEST_ZONE_SIGNING, zoneFill } from '#tests/helpers/testZone';
import { considerationAt } from '../seaport/orderAmounts';
import { orderHash } from '../seaport/orderHash';
import { parseOrderJson } from '../seaport/orderJson';
import { submitSellOrder } from '../sell/submitSellOrder.server';
import { checkCart } from './cartCheck.server';
import { planCart } from './cartModel';
import { fulfillAvailable } from './fulfillAvailable';

const { fixture, database, options } = fileTradingMarket();

describe('the cart check', () => {
  test('flags a contract-wallet listing whose signature fails in a transaction, and the cart buys the rest', async () => {
    const wallet = await deployHostileWallet(fixture, walletOf(fixture, 7));
    await giveCard(fixture, wallet, 1n);
    // The wallet accepts its signature in an eth_call without fee fields (tx.gasprice 0) only.
    await wallet.setMode(WalletMode.WithoutGasPrice);
    const price = parseEther('1');
    const hostile = await signListing(fixture, 1n, { price, offerer: wallet.address, signer: wallet.owner });
    await submitSellOrder(database.db, { walletAddress: wallet.address.toLowerCase() }, hostile.input, options());
    const honest = await signListing(fixture, 2n, { price });
    await submitSellOrder(
      database.db,
      { walletAddress: fixture.market.seller.account.address.toLowerCase() },
      honest.input,
      options(),
    );
    const { buyer, contracts, publicClient, mined } = fixture.market;
    const hashes = [orderHash(hostile.order), orderHash(honest.order)];

    const checks = await checkCart(database.db, fixture.chain, hashes, {
      feeRecipient: TEST_FEE_RECIPIENT,
      conduitKey: contracts.conduitKey,
      buyer: buyer.account.address,
      signing: TEST_ZONE_SIGNING,
    });
    expect(checks.map(({ buyable, reason }) => ({ buyable, reason }))).toEqual([
      { buyable: false, reason: 'signature' },
      { buyable: true, reason: null },
    ]);

    // What the cart flow sends: the honest listing alone, bought; with the hostile one the cart reverts.
    const { timestamp } = await publicClient.getBlock();
    const signed = async (order: typeof hostile.order, signature: Hex) => ({
      order,
      signature,
      extraData: await zoneFill(fixture.market, order, buyer.account.address),
    });
    const value = considerationAt(hostile.order, timestamp) + considerationAt(honest.order, timestamp);
    // (The wallet's own estimate runs without fees and passes: the transaction is sent, and reverts.)
    await expect(
      fulfillAvailable(buyer, {
        seaport: contracts.seaport,
        orders: [await signed(hostile.order, hostile.signature), await signed(honest.order, honest.signature)],
        fulfillerConduitKey: contracts.conduitKey,
        value,
      }).then(mined),
    ).rejects.toThrow(/reverted/);
    const plan = planCart(checks, buyer.account.address);
    expect(plan.skipped).toEqual([{ orderHash: hashes[0], reason: 'signature' }]);
    const orders = plan.buy.map((listing) => {
      const order = parseOrderJson(listing.order);
      if (!order) throw new Error('unreadable order');
      // The check answered the zone's signature of this fill with the buyable listing.
      return { order, signature: listing.signature as Hex, extraData: listing.extraData as Hex };
    });
    await mined(
      await fulfillAvailable(buyer, {
        seaport: contracts.seaport,
        orders,
        fulfillerConduitKey: contracts.conduitKey,
        value: considerationAt(honest.order, timestamp),
      }),
    );
  }, 60_000);
});
