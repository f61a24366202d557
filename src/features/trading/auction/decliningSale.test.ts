/**
 * Declining-price listings (Dutch auctions) on a real anvil chain: the seller lists with `buildSellOrder`
 * and an end price, buyers fill at chosen block times, and every wei paid and received is the amount Seaport
 * derives at that block (./../seaport/orderAmounts.ts), the buyer's overpayment returned.
 */
import { parseEther, zeroAddress } from 'viem';
import { describe, expect, test } from 'vitest';

import { fileSaleFixture } from '#tests/helpers/fileMarket';
import { considerationAt, currentAmount } from '../seaport/orderAmounts';

const fixture = fileSaleFixture(31_338);

/** Mines the next block at `timestamp` (unix seconds). */
async function nextBlockAt(timestamp: bigint): Promise<void> {
  await fixture.market.publicClient.request({
    method: 'evm_setNextBlockTimestamp' as never,
    params: [`0x${timestamp.toString(16)}`] as never,
  });
}

describe('a declining price', () => {
  const start = parseEther('1');
  const end = parseEther('0.4') + 7n;
  const duration = 1_000n;

  test.each([0n, 1n, 333n, 777n, 999n])(
    'bought %i s after the start pays seller, platform and creator the amounts of that block, to the wei',
    async (offset) => {
      const { seller, buyer, publicClient } = fixture.market;
      const { timestamp } = await publicClient.getBlock();
      const startTime = timestamp + 10n;
      const { tokenId, order, signature } = await fixture.list({
        price: start,
        endPrice: end,
        currency: zeroAddress,
        startOffset: 10n,
        endOffset: 10n + duration,
      });
      expect(order.startTime).toBe(startTime);
      const people = [seller.account.address, fixture.feeRecipient, fixture.creator, buyer.account.address] as const;
      const before = await fixture.balances('native', people);

      const at = startTime + offset;
      await nextBlockAt(at);
      // Sends the start price: Seaport takes the price of the block and returns the rest.
      const receipt = await fixture.market.mined(await fixture.buy(order, signature, 'auto', start));

      const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber });
      expect(block.timestamp).toBe(at);
      const after = await fixture.balances('native', people);
      const [proceeds, fee, royalty] = order.consideration.map((item) => currentAmount(item, order, at, true));
      const paid = considerationAt(order, at);
      const gas = receipt.gasUsed * receipt.effectiveGasPrice;
      expect(after.map((value, i) => value - (before[i] ?? 0n))).toEqual([proceeds, fee, royalty, -(paid + gas)]);
      // The line from start to end price, within a wei per item of Seaport's rounding.
      const linear = start - ((start - end) * offset) / duration;
      expect(paid - linear).toBeGreaterThanOrEqual(0n);
      expect(paid - linear).toBeLessThanOrEqual(3n);
      expect(await fixture.ownerOf(tokenId)).toBe(buyer.account.address);
    },
  );

  test('in an ERC-20, the buyer is charged exactly the price of the block, not the allowance', async () => {
    const { seller, buyer, contracts, publicClient } = fixture.market;
    const { timestamp } = await publicClient.getBlock();
    const { order, signature } = await fixture.list({
      price: start,
      endPrice: end,
      currency: contracts.atem,
      startOffset: 0n,
      endOffset: duration,
    });
    const people = [seller.account.address, fixture.feeRecipient, fixture.creator, buyer.account.address] as const;
    const before = await fixture.balances(contracts.atem, people);
    const at = timestamp + 500n;
    await nextBlockAt(at);
    await fixture.market.mined(await fixture.buy(order, signature));
    const after = await fixture.balances(contracts.atem, people);
    const [proceeds, fee, royalty] = order.consideration.map((item) => currentAmount(item, order, at, true));
    expect(after.map((value, i) => value - (before[i] ?? 0n))).toEqual([
      proceeds,
      fee,
      royalty,
      -considerationAt(order, at),
    ]);
  });

  test('sending less than the price of the block reverts and moves nothing', async () => {
    const { publicClient } = fixture.market;
    const { timestamp } = await publicClient.getBlock();
    const { tokenId, order, signature } = await fixture.list({
      price: start,
      endPrice: end,
      currency: zeroAddress,
      startOffset: 0n,
      endOffset: duration,
    });
    const at = timestamp + 100n;
    await nextBlockAt(at);
    await expect(fixture.buy(order, signature, 'auto', considerationAt(order, at) - 1n)).rejects.toThrow();
    expect(await fixture.ownerOf(tokenId)).toBe(fixture.market.seller.account.address);
  });
});
