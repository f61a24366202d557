/**
 * Card sales through Seaport 1.6 on a real anvil chain: a seller lists with `buildSellOrder` +
 * `signOrder`, a buyer fills with `fulfillOrder`, and every wei is accounted for.
 */
import { hashDomain, parseEther, parseEventLogs, zeroAddress } from 'viem';
import { describe, expect, test } from 'vitest';

import { fileSaleFixture } from '#tests/helpers/fileMarket';
import { orderHash } from './orderHash';
import { seaportAbi } from './seaportAbi';
import { seaportDomain } from './seaportDomain';

/**
 * Gas ceilings with room to spare (gas on anvil is deterministic). A first sale costs the most: it pays
 * 25 000 gas for each recipient account that did not exist yet.
 */
const BASIC_SALE_GAS_CEILING = 280_000n;
const STANDARD_SALE_GAS_CEILING = 300_000n;
/** A sale whose recipients all exist already (the usual case once the platform runs). */
const WARM_BASIC_SALE_GAS_CEILING = 200_000n;

const fixture = fileSaleFixture();

describe('Seaport on chain', () => {
  test('information() reports Seaport version 1.6 with the domain separator our signatures use', async () => {
    const { publicClient, contracts, chain } = fixture.market;
    const [version, domainSeparator, conduitController] = await publicClient.readContract({
      address: contracts.seaport,
      abi: seaportAbi,
      functionName: 'information',
    });
    const domain = seaportDomain({ chainId: chain.id, seaport: contracts.seaport });
    expect(version).toBe('1.6');
    const EIP712Domain = [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ] as const;
    expect(domainSeparator).toBe(
      hashDomain({ domain: { ...domain, chainId: BigInt(domain.chainId) }, types: { EIP712Domain } }),
    );
    expect(conduitController.toLowerCase()).toBe(contracts.conduitController.toLowerCase());
  });

  test('the locally computed order hash equals what Seaport computes', async () => {
    const { order } = await fixture.list({ price: parseEther('1'), currency: zeroAddress });
    const onChain = await fixture.market.publicClient.readContract({
      address: fixture.market.contracts.seaport,
      abi: seaportAbi,
      functionName: 'getOrderHash',
      args: [order],
    });
    expect(orderHash(order)).toBe(onChain);
  });
});

describe('a sale', () => {
  test('paid in the native coin moves the card to the buyer and pays seller, platform and creator to the wei', async () => {
    const { seller, buyer, contracts } = fixture.market;
    const price = parseEther('1.234567891234567891');
    const { tokenId, order, signature } = await fixture.list({ price, currency: zeroAddress });
    const people = [seller.account.address, fixture.feeRecipient, fixture.creator, buyer.account.address] as const;
    const before = await fixture.balances('native', people);

    const receipt = await fixture.market.mined(await fixture.buy(order, signature));

    const after = await fixture.balances('native', people);
    const { proceeds, fee, royalty } = fixture.split(price);
    const gasCost = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(after.map((value, i) => value - (before[i] ?? 0n))).toEqual([proceeds, fee, royalty, -(price + gasCost)]);
    expect(proceeds + fee + royalty).toBe(price);
    expect(await fixture.ownerOf(tokenId)).toBe(buyer.account.address);
    expect(await fixture.market.publicClient.getBalance({ address: contracts.seaport })).toBe(0n);
    expect(receipt.gasUsed).toBeLessThan(BASIC_SALE_GAS_CEILING);
    console.info(`gas used, native sale (fulfillBasicOrder): ${receipt.gasUsed}`);

    const [fulfilled] = parseEventLogs({ abi: seaportAbi, logs: receipt.logs, eventName: 'OrderFulfilled' });
    expect(fulfilled?.args.orderHash).toBe(orderHash(order));
    expect(fulfilled?.args.recipient).toBe(buyer.account.address);
  });

  test('paid in ATEM (ERC-20) pays seller, platform and creator to the wei and takes exactly the price from the buyer', async () => {
    const { seller, buyer, contracts } = fixture.market;
    const price = parseEther('123.000000000000000777');
    const { tokenId, order, signature } = await fixture.list({ price, currency: contracts.atem });
    const people = [seller.account.address, fixture.feeRecipient, fixture.creator, buyer.account.address] as const;
    const before = await fixture.balances(contracts.atem, people);

    const receipt = await fixture.market.mined(await fixture.buy(order, signature));

    const after = await fixture.balances(contracts.atem, people);
    const { proceeds, fee, royalty } = fixture.split(price);
    expect(after.map((value, i) => value - (before[i] ?? 0n))).toEqual([proceeds, fee, royalty, -price]);
    expect(await fixture.ownerOf(tokenId)).toBe(buyer.account.address);
    expect(receipt.gasUsed).toBeLessThan(BASIC_SALE_GAS_CEILING);
    console.info(`gas used, ATEM sale (fulfillBasicOrder): ${receipt.gasUsed}`);
  });

  test('paid in the wrapped native token through fulfillOrder pays the same split to the wei', async () => {
    const { seller, buyer, contracts } = fixture.market;
    const price = parseEther('0.5') + 1n;
    const { tokenId, order, signature } = await fixture.list({ price, currency: contracts.wrappedNative });
    const people = [seller.account.address, fixture.feeRecipient, fixture.creator, buyer.account.address] as const;
    const before = await fixture.balances(contracts.wrappedNative, people);

    const receipt = await fixture.market.mined(await fixture.buy(order, signature, 'standard'));

    const after = await fixture.balances(contracts.wrappedNative, people);
    const { proceeds, fee, royalty } = fixture.split(price);
    expect(after.map((value, i) => value - (before[i] ?? 0n))).toEqual([proceeds, fee, royalty, -price]);
    expect(await fixture.ownerOf(tokenId)).toBe(buyer.account.address);
    expect(receipt.gasUsed).toBeLessThan(STANDARD_SALE_GAS_CEILING);
    console.info(`gas used, wrapped-native sale (fulfillOrder): ${receipt.gasUsed}`);
  });

  test('a native sale whose fee recipient and creator already hold coin stays under 200 000 gas', async () => {
    await sell(parseEther('0.3')); // makes sure both recipients exist, whichever tests ran before
    const { receipt: second } = await sell(parseEther('0.3'));
    expect(second.gasUsed).toBeLessThan(WARM_BASIC_SALE_GAS_CEILING);
    console.info(`gas used, native sale to existing recipients (fulfillBasicOrder): ${second.gasUsed}`);
  });
});

/** Lists the next card at `price` in the native coin and sells it. */
async function sell(price: bigint) {
  const { order, signature } = await fixture.list({ price, currency: zeroAddress });
  return { receipt: await fixture.market.mined(await fixture.buy(order, signature)) };
}
