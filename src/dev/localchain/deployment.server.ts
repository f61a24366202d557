/**
 * The platform contracts of one local chain: reused when the addresses from the last run still hold code
 * (anvil kept its state), deployed afresh with `deployLocal` otherwise. The chain config names them:
 * `exchange` = Seaport 1.6, `market` = the platform's Seaport conduit (where sellers approve their cards),
 * `atem` = the ATEM ERC-20, `payment` = the chain's wrapped native coin (WETH, WBNB, WKLAY, WPOL), `zone` = the
 * Kirafuda zone.
 *
 * @see ./deployLocal.ts
 * @see docs/product-spec.md §3 "Chain config per environment" (exchange, market, atem, payment)
 */
import { type Address, getAddress } from 'viem';
import type { ChainKey } from '~/features/chains/chainKey';
import type { ChainContracts } from '~/features/chains/chains';
import { LOCAL_DEPLOYER } from '~/features/chains/localDefaults';
import { deployLocal } from './deployLocal';
import type { LocalChainClients } from './localClients.server';

/** Name and symbol of each local chain's wrapped native coin. */
export const LOCAL_WRAPPED_NATIVE: Readonly<Record<ChainKey, { name: string; symbol: string }>> = {
  ETH: { name: 'Wrapped Ether', symbol: 'WETH' },
  BSC: { name: 'Wrapped BNB', symbol: 'WBNB' },
  KLAYTN: { name: 'Wrapped KLAY', symbol: 'WKLAY' },
  POLYGON: { name: 'Wrapped POL', symbol: 'WPOL' },
};

/** Whether every address holds contract code. */
async function allHaveCode(clients: LocalChainClients, addresses: readonly Address[]): Promise<boolean> {
  const codes = await Promise.all(addresses.map((address) => clients.publicClient.getCode({ address })));
  return codes.every((code) => code !== undefined && code !== '0x');
}

/** What {@link ensureLocalDeployment} found or did. */
export interface LocalDeployment {
  contracts: ChainContracts;
  /** True when the contracts were deployed now (a new or reset chain). */
  deployed: boolean;
}

/**
 * The chain's platform contracts: `known` when all five still have code, else a fresh `deployLocal` by the
 * local deployer (anvil account 0, also the Card minter).
 */
export async function ensureLocalDeployment(
  clients: LocalChainClients,
  known: ChainContracts | undefined,
): Promise<LocalDeployment> {
  if (
    known?.zone &&
    (await allHaveCode(clients, [known.exchange, known.market, known.atem, known.payment, known.zone]))
  ) {
    return { contracts: known, deployed: false };
  }
  const walletClient = clients.wallet(LOCAL_DEPLOYER);
  const result = await deployLocal({
    publicClient: clients.publicClient,
    walletClient,
    wrappedNative: LOCAL_WRAPPED_NATIVE[clients.chain.key],
  });
  return {
    contracts: {
      exchange: getAddress(result.seaport),
      market: getAddress(result.conduit),
      atem: getAddress(result.atem),
      payment: getAddress(result.wrappedNative),
      zone: getAddress(result.zone),
    },
    deployed: true,
  };
}
