/**
 * Bulk listings on a real anvil chain with Seaport 1.6: the seller signs five listings once with
 * `signBulkOrder`, five buyers fill them one by one through `fulfillBasicOrder` and `fulfillOrder`, every
 * wei is accounted for, and a bulk signature whose proof, index or order was changed is refused.
 */
import {
  concat,
  createWalletClient,
  decodeFunctionData,
  type Hex,
  http,
  numberToHex,
  parseEther,
  parseEventLogs,
  recoverAddress,
  zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';

import { fileSaleFixture } from '#tests/helpers/fileMarket';
import type { LocalWallet } from '#tests/helpers/localMarket';
import { revertName } from '#tests/helpers/revertName';
import { anvilKey } from '#tests/helpers/testWallet';
import { cardAbi } from '../contracts/cardAbi';
import { buildSellOrder } from '../seaport/buildSellOrder';
import { fulfillOrder } from '../seaport/fulfillOrder';
import { orderHash } from '../seaport/orderHash';
import { seaportAbi } from '../seaport/seaportAbi';
import type { OrderComponents } from '../seaport/seaportTypes';
import { type BulkSignature, bulkOrderDigest, readBulkSignature, signBulkOrder } from './bulkOrder';

/** The platform fee the sale fixture's `split` expects (2.5 %); the royalty (5 %) comes from the card. */
const FEE_BPS = 250;

const fixture = fileSaleFixture();

/** Native-coin listings of the seller's cards `tokenIds` at `prices`, built as the sale fixture builds one. */
async function listings(tokenIds: readonly bigint[], prices: readonly bigint[]): Promise<OrderComponents[]> {
  const { publicClient, seller, contracts } = fixture.market;
  const { timestamp } = await publicClient.getBlock();
  const counter = await publicClient.readContract({
    address: contracts.seaport,
    abi: seaportAbi,
    functionName: 'getCounter',
    args: [seller.account.address],
  });
  return Promise.all(
    tokenIds.map(async (tokenId, i) => {
      const price = prices[i] ?? 0n;
      const [receiver, amount] = await publicClient.readContract({
        address: contracts.card,
        abi: cardAbi,
        functionName: 'royaltyInfo',
        args: [tokenId, price],
      });
      return buildSellOrder({
        seller: seller.account.address,
        nft: { contract: contracts.card, tokenId },
        price,
        currency: zeroAddress,
        platformFee: { bps: FEE_BPS, recipient: fixture.feeRecipient },
        royalty: { receiver, amount },
        startTime: timestamp - 60n,
        endTime: timestamp + 86_400n,
        salt: tokenId * 7_000_001n,
        counter,
        conduitKey: contracts.conduitKey,
      });
    }),
  );
}

/** A funded anvil account other than deployer, seller and the fixture's buyer. */
function otherBuyer(index: number): LocalWallet {
  const { chain, anvil } = fixture.market;
  const account = privateKeyToAccount(anvilKey(index));
  return createWalletClient({ account, chain, transport: http(anvil.rpcUrl), pollingInterval: 20 });
}

/** Puts a bulk signature back together (after a test changed a part). */
function encode({ signature, index, proof }: BulkSignature): Hex {
  return concat([signature, numberToHex(index, { size: 3 }), ...proof]);
}

function bulkParts(signature: Hex | undefined): BulkSignature {
  const parts = signature === undefined ? undefined : readBulkSignature(signature);
  if (!parts) throw new Error(`not a bulk signature: ${signature}`);
  return parts;
}

function buy(buyer: LocalWallet, order: OrderComponents, signature: Hex, method: 'auto' | 'standard' = 'auto') {
  const { seaport, conduitKey } = fixture.market.contracts;
  return fulfillOrder(buyer, { seaport, order, signature, fulfillerConduitKey: conduitKey, method });
}

describe('a bulk listing', () => {
  test('five cards signed once are bought by five buyers, basic and standard fills alternating, to the wei', async () => {
    const { seller, buyer, publicClient, contracts, chain, mined } = fixture.market;
    const prices = [parseEther('1') + 1n, parseEther('0.25') + 3n, parseEther('2.5'), 777_777_777n, parseEther('0.1')];
    const orders = await listings([1n, 2n, 3n, 4n, 5n], prices);
    const signatures = await signBulkOrder(seller, { orders, chainId: chain.id, seaport: contracts.seaport });
    const buyers = [buyer, otherBuyer(3), otherBuyer(4), otherBuyer(5), otherBuyer(6)];

    for (const [i, order] of orders.entries()) {
      const signature = signatures[i] as Hex;
      const price = prices[i] ?? 0n;
      const who = buyers[i] as LocalWallet;
      const method = i % 2 === 0 ? 'auto' : 'standard';
      expect(signature.length).toBe(2 + 2 * (65 + 3 + 32 * 3));
      // What the server checks before accepting the listing.
      const parts = bulkParts(signature);
      const digest = bulkOrderDigest({
        orderHash: orderHash(order),
        ...parts,
        chainId: chain.id,
        seaport: contracts.seaport,
      });
      expect(await recoverAddress({ hash: digest, signature: parts.signature })).toBe(seller.account.address);

      const people = [seller.account.address, fixture.feeRecipient, fixture.creator, who.account.address] as const;
      const before = await fixture.balances('native', people);
      const receipt = await mined(await buy(who, order, signature, method));
      const after = await fixture.balances('native', people);

      const { proceeds, fee, royalty } = fixture.split(price);
      const gasCost = receipt.gasUsed * receipt.effectiveGasPrice;
      expect(after.map((value, j) => value - (before[j] ?? 0n))).toEqual([proceeds, fee, royalty, -(price + gasCost)]);
      expect(proceeds + fee + royalty).toBe(price);
      expect(await fixture.ownerOf(order.offer[0]?.identifierOrCriteria ?? 0n)).toBe(who.account.address);
      expect(await fixture.orderStatus(orderHash(order))).toEqual([true, false, 1n, 1n]);
      const [fulfilled] = parseEventLogs({ abi: seaportAbi, logs: receipt.logs, eventName: 'OrderFulfilled' });
      expect(fulfilled?.args.orderHash).toBe(orderHash(order));
      const { input } = await publicClient.getTransaction({ hash: receipt.transactionHash });
      const { functionName } = decodeFunctionData({ abi: seaportAbi, data: input });
      expect(functionName).toBe(method === 'auto' ? 'fulfillBasicOrder' : 'fulfillOrder');
      console.info(`gas used, bulk-signed native sale ${i} (${functionName}): ${receipt.gasUsed}`);
    }
    expect(await publicClient.getBalance({ address: contracts.seaport })).toBe(0n);
  });

  test('compact (64-byte, seaport-js style) bulk signatures fill through both routes', async () => {
    const { seller, buyer, contracts, chain, mined } = fixture.market;
    const prices = [parseEther('0.3'), parseEther('0.4') + 9n];
    const orders = await listings([6n, 7n], prices);
    const signatures = await signBulkOrder(seller, {
      orders,
      chainId: chain.id,
      seaport: contracts.seaport,
      compact: true,
    });
    expect(signatures.map((signature) => signature.length)).toEqual([2, 2].map((x) => x + 2 * (64 + 3 + 32)));

    const sellerBefore = (await fixture.balances('native', [seller.account.address]))[0] ?? 0n;
    await mined(await buy(buyer, orders[1] as OrderComponents, signatures[1] as Hex, 'auto'));
    await mined(await buy(otherBuyer(7), orders[0] as OrderComponents, signatures[0] as Hex, 'standard'));
    const sellerAfter = (await fixture.balances('native', [seller.account.address]))[0] ?? 0n;

    expect(sellerAfter - sellerBefore).toBe(prices.reduce((sum, price) => sum + fixture.split(price).proceeds, 0n));
    expect(await fixture.ownerOf(7n)).toBe(buyer.account.address);
    expect(await fixture.ownerOf(6n)).toBe(otherBuyer(7).account.address);
  });

  test('a changed proof, index or order is refused as InvalidSigner; the signatures as signed still fill', async () => {
    const { seller, buyer, contracts, chain, mined } = fixture.market;
    const orders = await listings([8n, 9n, 10n], [parseEther('0.2'), parseEther('0.2'), parseEther('0.2')]);
    const [first, second] = orders as [OrderComponents, OrderComponents];
    const signatures = await signBulkOrder(seller, { orders, chainId: chain.id, seaport: contracts.seaport });
    const parts = bulkParts(signatures[0]);
    const flipped = (hash: Hex): Hex => `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}` as Hex;
    const tamperedProof = encode({ ...parts, proof: [parts.proof[0] as Hex, flipped(parts.proof[1] as Hex)] });
    const tamperedIndex = encode({ ...parts, index: 2 });

    for (const method of ['auto', 'standard'] as const) {
      expect(await revertName(buy(buyer, first, tamperedProof, method))).toBe('InvalidSigner');
      expect(await revertName(buy(buyer, first, tamperedIndex, method))).toBe('InvalidSigner');
      expect(await revertName(buy(buyer, second, signatures[0] as Hex, method))).toBe('InvalidSigner');
    }
    expect(await fixture.ownerOf(8n)).toBe(seller.account.address);

    // Seaport reads only the lowest `height` bits of the index (here 2): index 4 is leaf 0 again.
    const wrapped = encode({ ...parts, index: 4 });
    expect(
      bulkOrderDigest({
        orderHash: orderHash(first),
        ...bulkParts(wrapped),
        chainId: chain.id,
        seaport: contracts.seaport,
      }),
    ).toBe(bulkOrderDigest({ orderHash: orderHash(first), ...parts, chainId: chain.id, seaport: contracts.seaport }));
    await mined(await buy(buyer, first, wrapped));
    await mined(await buy(buyer, second, signatures[1] as Hex, 'standard'));
    expect(await fixture.ownerOf(8n)).toBe(buyer.account.address);
    expect(await fixture.ownerOf(9n)).toBe(buyer.account.address);
  });
});
