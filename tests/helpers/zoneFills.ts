/**
 * Fills through the Kirafuda zone on a local market, for src/features/trading/zone/zone.test.ts: its terms (fee,
 * royalty, price), a seller's listing of a card as the site builds it (a zone order unless told otherwise), its
 * signature, a buyer's `fulfillAdvancedOrder` simulated then sent (the revert's name, or the gas), and the zone's
 * `authorizeOrder` parameters, to call the zone directly as an attacker would.
 */
import { type Address, getAddress, type Hex, parseEther, zeroAddress } from 'viem';
import { cardAbi } from '../../src/features/trading/contracts/cardAbi';
import { advancedOrder } from '../../src/features/trading/seaport/advancedOrder';
import { buildSellOrder } from '../../src/features/trading/seaport/buildSellOrder';
import { seaportAbi } from '../../src/features/trading/seaport/seaportAbi';
import { type OrderComponents, OrderType } from '../../src/features/trading/seaport/seaportTypes';
import { signOrder } from '../../src/features/trading/seaport/signOrder';
import { zoneErrorsAbi } from '../../src/features/trading/zone/zoneAbi';
import type { LocalMarket } from './localMarket';
import { revertName } from './revertName';

export const CREATOR = getAddress('0x0000000000000000000000000000000000c0ffee');
export const FEE_RECIPIENT = getAddress('0x000000000000000000000000000000000000fee0');
export const FEE_BPS = 250;
export const ROYALTY_BPS = 500;
export const PRICE = parseEther('1');
export const terms = { feeBps: FEE_BPS, feeRecipient: FEE_RECIPIENT };
/** Seaport's ABI with the zone's and the card's errors, so a revert is named whichever contract raised it. */
export const fillAbi = [...seaportAbi, ...zoneErrorsAbi, ...cardAbi] as const;

/** The seller's (or `seller`'s) listing of `card` #`tokenId` at PRICE with fee and royalty; a zone order unless `zone` is zero. */
export async function zoneListing(
  market: LocalMarket,
  card: Address,
  tokenId: bigint,
  options: { seller?: Address; zone?: Address; zoneHash?: Hex; royalty?: boolean } = {},
) {
  const { publicClient, contracts } = market;
  const seller = options.seller ?? market.seller.account.address;
  const { timestamp } = await publicClient.getBlock();
  const counter = await publicClient.readContract({
    address: contracts.seaport,
    abi: seaportAbi,
    functionName: 'getCounter',
    args: [seller],
  });
  const order = buildSellOrder({
    seller,
    nft: { contract: card, tokenId },
    price: PRICE,
    currency: zeroAddress,
    platformFee: { bps: FEE_BPS, recipient: FEE_RECIPIENT },
    ...(options.royalty === false
      ? {}
      : { royalty: { receiver: CREATOR, amount: (PRICE * BigInt(ROYALTY_BPS)) / 10_000n } }),
    startTime: timestamp - 60n,
    endTime: timestamp + 86_400n,
    salt: BigInt(Date.now()) * 1_000n + tokenId,
    counter,
    conduitKey: contracts.conduitKey,
    zone: options.zone ?? contracts.zone,
    ...(options.zoneHash ? { zoneHash: options.zoneHash } : {}),
  });
  const isOpen = (options.zone ?? contracts.zone) === zeroAddress;
  return isOpen ? { ...order, orderType: OrderType.FULL_OPEN } : order;
}

export async function signedBy(market: LocalMarket, order: OrderComponents, signer = market.seller) {
  return {
    order,
    signature: await signOrder(signer, { order, chainId: market.chain.id, seaport: market.contracts.seaport }),
  };
}

/** Simulates then sends the buyer's `fulfillAdvancedOrder` of `order` with `extraData`; the revert's name, or undefined. */
export async function fillAdvanced(
  market: LocalMarket,
  order: OrderComponents,
  signature: Hex,
  extraData: Hex,
  buyer = market.buyer,
) {
  const args = [
    advancedOrder({ order, signature }, 1n, 1n, extraData),
    [],
    market.contracts.conduitKey,
    zeroAddress,
  ] as const;
  const fill = {
    address: market.contracts.seaport,
    abi: fillAbi,
    functionName: 'fulfillAdvancedOrder',
    args,
    value: PRICE,
  } as const;
  const failed = await revertName(market.publicClient.simulateContract({ ...fill, account: buyer.account }));
  if (failed) return { failed };
  const txHash = await buyer.writeContract(fill);
  const receipt = await market.mined(txHash);
  return { failed: undefined, gas: receipt.gasUsed };
}

/** A spent item as the zone's parameters carry it (a received item adds its recipient). */
const spentItemAbi = [
  { name: 'itemType', type: 'uint8' },
  { name: 'token', type: 'address' },
  { name: 'identifier', type: 'uint256' },
  { name: 'amount', type: 'uint256' },
] as const;

/** `authorizeOrder`'s ABI, to call the zone directly as an attacker would. */
export const zoneParametersAbi = [
  {
    type: 'function',
    name: 'authorizeOrder',
    stateMutability: 'nonpayable',
    inputs: [
      {
        name: 'zp',
        type: 'tuple',
        components: [
          { name: 'orderHash', type: 'bytes32' },
          { name: 'fulfiller', type: 'address' },
          { name: 'offerer', type: 'address' },
          { name: 'offer', type: 'tuple[]', components: spentItemAbi },
          {
            name: 'consideration',
            type: 'tuple[]',
            components: [...spentItemAbi, { name: 'recipient', type: 'address' }],
          },
          { name: 'extraData', type: 'bytes' },
          { name: 'orderHashes', type: 'bytes32[]' },
          { name: 'startTime', type: 'uint256' },
          { name: 'endTime', type: 'uint256' },
          { name: 'zoneHash', type: 'bytes32' },
        ],
      },
    ],
    outputs: [{ type: 'bytes4' }],
  },
  { type: 'error', name: 'CallerNotSeaport', inputs: [{ name: 'caller', type: 'address' }] },
] as const;

/** An item of an order as the zone's parameters carry it (its amount: the end amount). */
function spentItem(item: OrderComponents['offer'][number]) {
  return { itemType: item.itemType, token: item.token, identifier: item.identifierOrCriteria, amount: item.endAmount };
}

/** `order`'s zone parameters as Seaport would pass them to `authorizeOrder` for `fulfiller`. */
export function zoneParameters(order: OrderComponents, hash: Hex, fulfiller: Address, extraData: Hex) {
  return {
    orderHash: hash,
    fulfiller,
    offerer: order.offerer,
    offer: order.offer.map(spentItem),
    consideration: order.consideration.map((item) => ({ ...spentItem(item), recipient: item.recipient })),
    extraData,
    orderHashes: [hash],
    startTime: order.startTime,
    endTime: order.endTime,
    zoneHash: order.zoneHash,
  };
}
