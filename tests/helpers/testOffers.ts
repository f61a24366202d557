/**
 * Test support for offers on the test market (./testMarket.ts): funding an offerer with wrapped ether
 * allowed to the conduit, signing token, collection and trait offers laid out as the island builds them,
 * and accepting them as a card's owner.
 */
import { type Address, erc20Abi, type Hex, maxUint256 } from 'viem';
import { wrappedNativeAbi } from '../../src/features/trading/contracts/wrappedNativeAbi';
import { acceptOffer, feesPerCard } from '../../src/features/trading/seaport/acceptOffer';
import { buildOffer, type OfferTarget } from '../../src/features/trading/seaport/buildOffer';
import { toOrderJson } from '../../src/features/trading/seaport/orderJson';
import type { OrderComponents } from '../../src/features/trading/seaport/seaportTypes';
import { signOrder } from '../../src/features/trading/seaport/signOrder';
import type { LocalWallet } from './localMarket';
import { counterAndRoyalty, TEST_FEE_BPS, TEST_FEE_RECIPIENT, type TestMarket } from './testMarket';
import { zoneFill } from './testZone';

/** Wraps `amount` of ether for `wallet` and lets the conduit move `allowance` of it (default: all). */
export async function fundOfferer(fixture: TestMarket, wallet: LocalWallet, amount: bigint, allowance = maxUint256) {
  const { contracts, mined } = fixture.market;
  await mined(
    await wallet.writeContract({
      address: contracts.wrappedNative,
      abi: wrappedNativeAbi,
      functionName: 'deposit',
      value: amount,
    }),
  );
  await approveWeth(fixture, wallet, allowance);
}

/** Sets the conduit's allowance of `wallet`'s wrapped ether. */
export async function approveWeth(fixture: TestMarket, wallet: LocalWallet, allowance: bigint) {
  const { contracts, mined } = fixture.market;
  await mined(
    await wallet.writeContract({
      address: contracts.wrappedNative,
      abi: erc20Abi,
      functionName: 'approve',
      args: [contracts.conduit, allowance],
    }),
  );
}

/** A wallet's wrapped-ether balance. */
export function wethOf(fixture: TestMarket, owner: Address): Promise<bigint> {
  const { publicClient, contracts } = fixture.market;
  return publicClient.readContract({
    address: contracts.wrappedNative,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  });
}

/** Options of {@link signOffer}. */
export interface SignOfferOptions {
  target: OfferTarget;
  unitPrice: bigint;
  quantity?: number;
  /** Seconds from the latest block's time (default -60 and +1 day). */
  endOffset?: bigint;
  feeBps?: number;
  noRoyalty?: boolean;
  /** The token offered (default wrapped ether). */
  token?: Address;
  /** Royalty asked of this card (default the target's, or card 1). */
  royaltyTokenId?: bigint;
  /** A bid on a timed auction. */
  bid?: boolean;
  /** A contract wallet offering instead (the order's offerer); `wallet` signs for it. */
  offerer?: Address;
}

/** `wallet`'s signed offer, as order and as `POST /api/v1/offers` body. */
export async function signOffer(fixture: TestMarket, wallet: LocalWallet, options: SignOfferOptions) {
  const { publicClient, contracts } = fixture.market;
  const { timestamp } = await publicClient.getBlock();
  const royaltyTokenId = options.royaltyTokenId ?? (options.target.kind === 'token' ? options.target.tokenId : 1n);
  const offerer = options.offerer ?? wallet.account.address;
  const [counter, [receiver, amount]] = await counterAndRoyalty(fixture, offerer, royaltyTokenId, options.unitPrice);
  const order = buildOffer({
    offerer,
    target: options.target,
    quantity: options.quantity ?? 1,
    unitPrice: options.unitPrice,
    token: options.token ?? contracts.wrappedNative,
    platformFee: { bps: options.feeBps ?? TEST_FEE_BPS, recipient: TEST_FEE_RECIPIENT },
    ...(options.noRoyalty ? {} : { royalty: { receiver, amount } }),
    startTime: timestamp - 60n,
    endTime: timestamp + (options.endOffset ?? 86_400n),
    salt: BigInt(Date.now()) * 1_000n + BigInt(Math.floor(Math.random() * 1_000)),
    counter,
    conduitKey: contracts.conduitKey,
    zone: contracts.zone,
    ...(options.bid ? { bid: true } : {}),
  });
  const signature = await signOrder(wallet, { order, chainId: 1, seaport: contracts.seaport });
  return { order, signature, body: { chain_id: 1, order: toOrderJson(order), signature } };
}

/**
 * Accepts `order` with card `tokenId` from `owner`'s wallet through the zone and waits for the receipt; the owner
 * first lets the conduit take the fee and royalty out of the tokens they receive, as the island does.
 */
export async function acceptAs(
  fixture: TestMarket,
  owner: LocalWallet,
  offer: { order: OrderComponents; signature: Hex },
  tokenId: bigint,
  proof: readonly Hex[] = [],
) {
  const { contracts, mined } = fixture.market;
  const token = offer.order.offer[0]?.token;
  if (token) {
    await mined(
      await owner.writeContract({
        address: token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [contracts.conduit, feesPerCard(offer.order)],
      }),
    );
  }
  return mined(
    await acceptOffer(owner, {
      seaport: contracts.seaport,
      order: offer.order,
      signature: offer.signature,
      tokenId,
      proof,
      fulfillerConduitKey: contracts.conduitKey,
      extraData: await zoneFill(fixture.market, offer.order, owner.account.address),
    }),
  );
}
