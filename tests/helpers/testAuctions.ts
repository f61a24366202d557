/**
 * Test support for timed auctions on the test market (./testMarket.ts): the seller's auction listing signed
 * as the island builds it (restricted to the local settlement account, asking the seller's share of the
 * reserve in wrapped ether), as order and as `POST /api/v1/sell_card` body; extra bidder wallets.
 */
import { createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CurrencyCode } from '../../src/features/chains/currencies';
import { LOCAL_SETTLER_KEY } from '../../src/features/chains/localDefaults';
import { buildAuctionListing } from '../../src/features/trading/auction/auctionRules';
import type { SellCardInput } from '../../src/features/trading/orders/sellCardPayload';
import { signOrder } from '../../src/features/trading/seaport/signOrder';
import type { LocalWallet } from './localMarket';
import { counterAndRoyalty, TEST_FEE_BPS, type TestMarket } from './testMarket';
import { anvilKey } from './testWallet';

/** Bids must outlive the listing (the scheduled end plus a day): two extra hours is enough here. */
export const BID_END = 86_400n + 7_200n;

/** The local settlement account (the zone of auction listings). */
export const TEST_SETTLER = privateKeyToAccount(LOCAL_SETTLER_KEY);

/** A wallet of anvil development account `index` on the test market. */
export function walletOf(fixture: TestMarket, index: number): LocalWallet {
  const { chain, anvil } = fixture.market;
  return createWalletClient({
    account: privateKeyToAccount(anvilKey(index)),
    chain,
    transport: http(anvil.rpcUrl, { timeout: 60_000 }),
  });
}

/** The seller's signed auction listing of `tokenId` with `reserve`, bidding ending `seconds` after the latest block. */
export async function signAuction(
  fixture: TestMarket,
  tokenId: bigint,
  options: {
    reserve: bigint;
    seconds: bigint;
    settler?: `0x${string}`;
    /** Who lists (default the seller), e.g. a contract wallet, and whose key signs (default the seller's). */
    offerer?: `0x${string}`;
    signer?: LocalWallet;
  },
): Promise<{ input: SellCardInput }> {
  const { publicClient, contracts } = fixture.market;
  const signer = options.signer ?? fixture.market.seller;
  const offerer = options.offerer ?? signer.account.address;
  const { timestamp } = await publicClient.getBlock();
  const [counter, [, royalty]] = await counterAndRoyalty(fixture, offerer, tokenId, options.reserve);
  const order = buildAuctionListing({
    seller: offerer,
    nft: { contract: contracts.card, tokenId },
    reserve: options.reserve,
    currency: contracts.wrappedNative,
    feeBps: TEST_FEE_BPS,
    royalty,
    settler: options.settler ?? TEST_SETTLER.address,
    startTime: timestamp - 60n,
    endsAt: timestamp + options.seconds,
    salt: tokenId * 104_729n + BigInt(Date.now()),
    counter,
    conduitKey: contracts.conduitKey,
  });
  const signature = await signOrder(signer, { order, chainId: 1, seaport: contracts.seaport });
  return {
    input: {
      chain_id: 1,
      contract_address: contracts.card,
      token_id: tokenId,
      price: options.reserve,
      signature,
      seller_address: offerer,
      exchange: contracts.seaport,
      currency_code: CurrencyCode.WETH,
      order,
    },
  };
}
