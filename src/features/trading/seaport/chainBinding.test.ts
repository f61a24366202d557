/**
 * An order signed for one chain cannot be filled on another: two anvils with different chain ids get the same
 * deployment (same deployer and nonces, so the same Seaport address), the same card and the same seller, so
 * the chain id in Seaport's EIP-712 domain is the only difference.
 */
import { type Address, erc721Abi, parseEther, zeroAddress } from 'viem';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { issueToSeller, type LocalMarket, startLocalMarket } from '#tests/helpers/localMarket';
import { revertName } from '#tests/helpers/revertName';
import { buildSellOrder } from './buildSellOrder';
import { fulfillOrder } from './fulfillOrder';
import type { OrderComponents } from './seaportTypes';
import { signOrder } from './signOrder';

const POLYGON = 137;
const BSC = 56;
const FEE_RECIPIENT: Address = '0x000000000000000000000000000000000000fee0';
const TOKEN_ID = 1n;

let polygon: LocalMarket;
let bsc: LocalMarket;

/** Gives the seller card #1 on a market and lets the conduit move it. */
async function prepare(market: LocalMarket): Promise<void> {
  const { deployer } = market;
  await issueToSeller(market, { creator: deployer.account.address, royaltyBps: 0, maxSerials: 1n, count: 1n });
}

beforeAll(async () => {
  [polygon, bsc] = await Promise.all([startLocalMarket({ chainId: POLYGON }), startLocalMarket({ chainId: BSC })]);
  await Promise.all([prepare(polygon), prepare(bsc)]);
}, 30_000);

afterAll(async () => {
  await Promise.all([polygon?.stop(), bsc?.stop()]);
});

/** The same listing on either chain (both deployments have the same addresses). */
async function listing(): Promise<OrderComponents> {
  const { timestamp } = await bsc.publicClient.getBlock();
  return buildSellOrder({
    seller: bsc.seller.account.address,
    nft: { contract: bsc.contracts.card, tokenId: TOKEN_ID },
    price: parseEther('1'),
    currency: zeroAddress,
    platformFee: { bps: 250, recipient: FEE_RECIPIENT },
    startTime: timestamp - 60n,
    endTime: timestamp + 3_600n,
    salt: 7n,
    counter: 0n,
    conduitKey: bsc.contracts.conduitKey,
  });
}

test('both chains run Seaport at the same address, so only the chain id tells their domains apart', () => {
  expect(bsc.contracts.seaport).toBe(polygon.contracts.seaport);
  expect(bsc.contracts.card).toBe(polygon.contracts.card);
  expect(bsc.contracts.conduitKey).toBe(polygon.contracts.conduitKey);
});

test('an order signed for chain 137 is refused on chain 56, and the same order signed for 56 fills there', async () => {
  const order = await listing();
  const seaport = bsc.contracts.seaport;
  const signedForPolygon = await signOrder(polygon.seller, { order, chainId: POLYGON, seaport });
  const buy = (signature: `0x${string}`) =>
    fulfillOrder(bsc.buyer, { seaport, order, signature, fulfillerConduitKey: bsc.contracts.conduitKey });

  expect(await revertName(buy(signedForPolygon))).toBe('InvalidSigner');
  const owner = () =>
    bsc.publicClient.readContract({
      address: bsc.contracts.card,
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [TOKEN_ID],
    });
  expect(await owner()).toBe(bsc.seller.account.address);

  const signedForBsc = await signOrder(bsc.seller, { order, chainId: BSC, seaport });
  expect(signedForBsc).not.toBe(signedForPolygon);
  await bsc.mined(await buy(signedForBsc));
  expect(await owner()).toBe(bsc.buyer.account.address);
});
