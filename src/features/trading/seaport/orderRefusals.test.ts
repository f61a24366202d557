/**
 * Every way a signed Seaport order must stop being fillable, tried on a real anvil chain: filled already,
 * expired, cancelled by the seller, voided by a raised counter. `getOrderStatus` must agree.
 */
import { parseEther, parseEventLogs, zeroAddress } from 'viem';
import { describe, expect, test } from 'vitest';

import { fileSaleFixture } from '#tests/helpers/fileMarket';
import { revertName } from '#tests/helpers/revertName';
import { cancelOrders } from './cancelOrders';
import { incrementCounter } from './incrementCounter';
import { orderHash } from './orderHash';
import { seaportAbi } from './seaportAbi';
import { signOrder } from './signOrder';

const fixture = fileSaleFixture();

describe('an order that must not fill', () => {
  test('a filled order cannot be filled again, and getOrderStatus shows it filled', async () => {
    const { order, signature } = await fixture.list({ price: parseEther('0.1'), currency: zeroAddress });
    await fixture.market.mined(await fixture.buy(order, signature));

    // fulfillBasicOrder takes only unused orders and names a used one "partially filled".
    expect(await revertName(fixture.buy(order, signature))).toBe('OrderPartiallyFilled');
    expect(await revertName(fixture.buy(order, signature, 'standard'))).toBe('OrderAlreadyFilled');
    expect(await fixture.orderStatus(orderHash(order))).toEqual([true, false, 1n, 1n]);
  });

  test('an expired order is refused and the card stays with the seller', async () => {
    const { tokenId, order, signature } = await fixture.list({
      price: parseEther('0.1'),
      currency: zeroAddress,
      startOffset: -3_600n,
      endOffset: -1n,
    });
    expect(await revertName(fixture.buy(order, signature))).toBe('InvalidTime');
    expect(await fixture.ownerOf(tokenId)).toBe(fixture.market.seller.account.address);
  });

  test('a cancelled order is refused, and getOrderStatus shows it cancelled', async () => {
    const { seller, contracts } = fixture.market;
    const { tokenId, order, signature } = await fixture.list({ price: parseEther('0.1'), currency: contracts.atem });
    const hash = orderHash(order);
    expect(await fixture.orderStatus(hash)).toEqual([false, false, 0n, 0n]);

    const receipt = await fixture.market.mined(
      await cancelOrders(seller, { seaport: contracts.seaport, orders: [order] }),
    );

    const [cancelled] = parseEventLogs({ abi: seaportAbi, logs: receipt.logs, eventName: 'OrderCancelled' });
    expect(cancelled?.args.orderHash).toBe(hash);
    expect(await fixture.orderStatus(hash)).toEqual([false, true, 0n, 0n]);
    expect(await revertName(fixture.buy(order, signature))).toBe('OrderIsCancelled');
    expect(await fixture.ownerOf(tokenId)).toBe(seller.account.address);
  });

  test('an order signed before the seller raised the counter is refused, while one signed after fills', async () => {
    const { seller, buyer, publicClient, contracts } = fixture.market;
    const { tokenId, order, signature } = await fixture.list({ price: parseEther('0.2'), currency: zeroAddress });

    const receipt = await fixture.market.mined(await incrementCounter(seller, { seaport: contracts.seaport }));

    const [raised] = parseEventLogs({ abi: seaportAbi, logs: receipt.logs, eventName: 'CounterIncremented' });
    const counter = await publicClient.readContract({
      address: contracts.seaport,
      abi: seaportAbi,
      functionName: 'getCounter',
      args: [seller.account.address],
    });
    expect(counter).toBeGreaterThan(order.counter);
    expect(raised?.args.newCounter).toBe(counter);
    expect(await revertName(fixture.buy(order, signature))).toBe('InvalidSigner');
    expect(await fixture.ownerOf(tokenId)).toBe(seller.account.address);

    const fresh = { ...order, counter };
    const freshSignature = await signOrder(seller, {
      order: fresh,
      chainId: fixture.market.chain.id,
      seaport: contracts.seaport,
    });
    await fixture.market.mined(await fixture.buy(fresh, freshSignature));
    expect(await fixture.ownerOf(tokenId)).toBe(buyer.account.address);
  });
});
