/**
 * What any Seaport client needs to make an order Kirafuda accepts on each configured chain
 * (`GET /api/v1/chains`): the chain, Seaport, the platform's conduit and its key, the platform fee and who
 * receives it, the currencies with their tokens, and the Kirafuda zone with its rules (../zone/zoneRules.ts); and
 * what a wallet needs to add the chain (EIP-3085: its coin, public RPC and explorer URLs).
 */
import { zeroHash } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { CURRENCIES } from '~/features/chains/currencies';
import type { Database } from '~/server/db/types';
import { ItemType } from '../seaport/seaportTypes';
import { type ZoneRules, zoneRules } from '../zone/zoneRules';
import { listedCurrencies } from './currencyTokens';
import { type SellTermsSettings, sellTerms } from './sellTerms.server';

/** One chain's trading terms. */
export interface ChainTerms {
  chainId: number;
  key: string;
  name: string;
  exchange: string;
  conduitKey: string;
  /** The contract sellers and offerers approve (the conduit, or Seaport when the key is zero). */
  conduit: string;
  feeBps: number;
  feeRecipient: string | null;
  /** The Kirafuda zone every order must name, and how a filler gets its signature. */
  zone: ZoneRules;
  currencies: { code: number; symbol: string; type: 'native' | 'erc20'; token: string | null; decimals: number }[];
  /** For `wallet_addEthereumChain`: the chain's coin, its public RPC URLs (never the server's) and explorers. */
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls: string[];
}

/** The terms of every chain in `chains`. */
export async function chainTerms(
  db: Database,
  chains: readonly Chain[],
  settings: SellTermsSettings,
): Promise<ChainTerms[]> {
  return Promise.all(
    chains.map(async (chain) => {
      const terms = await sellTerms(db, chain, settings);
      const currencies = listedCurrencies(chain).map(({ code, itemType, token }) => {
        const native = itemType === ItemType.NATIVE;
        const { symbol, decimals } = CURRENCIES[code];
        return {
          code,
          symbol,
          type: native ? ('native' as const) : ('erc20' as const),
          token: native ? null : token.toLowerCase(),
          decimals,
        };
      });
      return {
        chainId: chain.chainId,
        key: chain.key,
        name: chain.chainName,
        exchange: terms.seaport.toLowerCase(),
        conduitKey: terms.conduitKey,
        conduit: (terms.conduitKey === zeroHash ? terms.seaport : chain.contracts.market).toLowerCase(),
        feeBps: terms.feeBps,
        feeRecipient: terms.feeRecipient?.toLowerCase() ?? null,
        zone: zoneRules(chain),
        currencies,
        nativeCurrency: { ...chain.nativeCurrency },
        rpcUrls: [...chain.publicRpcUrls],
        blockExplorerUrls: [...chain.blockExplorerUrls],
      };
    }),
  );
}
