/**
 * Test support for the Kirafuda zone on a local market (./localMarket.ts): the zone's fulfilment signature of an
 * order for a fulfiller, signed with the local zone signer as the server signs it
 * (src/features/trading/zone/zoneSigner.server.ts), with the test market's fee terms unless told otherwise.
 */
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { LOCAL_ZONE_SIGNER_KEY } from '../../src/features/chains/localDefaults';
import { orderHash } from '../../src/features/trading/seaport/orderHash';
import type { OrderComponents } from '../../src/features/trading/seaport/seaportTypes';
import { feeTermsOf } from '../../src/features/trading/zone/feeTerms';
import type { ZoneContext } from '../../src/features/trading/zone/zoneExtraData';
import { signFulfilment } from '../../src/features/trading/zone/zoneSigner.server';
import type { LocalMarket } from './localMarket';

/** Where the test markets' orders pay the platform fee (./testMarket.ts, ./saleFixture.ts). */
const TEST_FEE_RECIPIENT: Address = '0x000000000000000000000000000000000000fee0';

/** Options of {@link zoneExtraData}. */
export interface ZoneExtraDataOptions {
  /** Fee terms (default: no fee, the platform's recipient of the test market). */
  context?: ZoneContext;
  /** How long the signature holds from the latest block (default 300 s; negative: already expired). */
  seconds?: number;
  /** Who signs (default the local zone signer). */
  key?: Hex;
}

/** The zone's `extraData` for `fulfiller` filling the order `orderHash` on `market`. */
export async function zoneExtraData(
  market: LocalMarket,
  orderHash: Hex,
  fulfiller: Address,
  options: ZoneExtraDataOptions = {},
): Promise<Hex> {
  const { timestamp } = await market.publicClient.getBlock();
  const seconds = options.seconds ?? 300;
  const signed = await signFulfilment(
    privateKeyToAccount(options.key ?? LOCAL_ZONE_SIGNER_KEY),
    { ZONE_SIGNATURE_SECONDS: Math.max(seconds, 0) },
    {
      chainId: market.chain.id,
      zone: market.contracts.zone,
      orderHash,
      fulfiller,
      context: options.context ?? { feeBps: 0, feeRecipient: market.deployer.account.address },
      now: timestamp + (seconds < 0 ? BigInt(seconds) - 1n : 0n),
    },
  );
  return signed.extraData;
}

/**
 * The zone's `extraData` for `fulfiller` filling `order` with the fee terms the order carries (paid to the test
 * markets' fee recipient), as the fulfilment API signs it.
 */
export function zoneFill(market: LocalMarket, order: OrderComponents, fulfiller: Address): Promise<Hex> {
  // A day: chain tests move the chain's clock ahead between signing and filling.
  return zoneExtraData(market, orderHash(order), fulfiller, {
    context: feeTermsOf(order, TEST_FEE_RECIPIENT),
    seconds: 86_400,
  });
}

/** The zone signing of the server on the test markets (the local signer, the test fee recipient), for jobs. */
export const TEST_ZONE_SIGNING = {
  account: privateKeyToAccount(LOCAL_ZONE_SIGNER_KEY),
  settings: { ZONE_SIGNATURE_SECONDS: 86_400 },
  feeRecipient: TEST_FEE_RECIPIENT,
};
