/**
 * The well-known anvil development accounts the local chain uses: account 0 deploys the contracts and is the
 * platform minter; accounts 0..19 are the demo wallets (`src/dev/seed/accounts.ts`), which anvil unlocks
 * (`--accounts 20`), so the set-up sends and signs as them without private keys.
 *
 * These keys are public (anvil's `test test ... junk` mnemonic) and only ever used on local chains.
 */
import type { Address, Hex } from 'viem';
import { ANVIL_ACCOUNTS } from '../seed/accounts';

/** Anvil account 0: deploys the local contracts, owns the conduit, holds the Card minter role. */
export const LOCAL_DEPLOYER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** Private key of {@link LOCAL_DEPLOYER} (anvil's first development key, public), the local platform minter. */
export const LOCAL_MINTER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** How many development accounts the local anvils fund and unlock (every demo wallet). */
export const LOCAL_ACCOUNT_COUNT = ANVIL_ACCOUNTS.length;

/** Whether `address` is one of the unlocked local development accounts. */
export function isLocalAccount(address: string): boolean {
  const wanted = address.toLowerCase();
  return ANVIL_ACCOUNTS.some((account) => account.toLowerCase() === wanted);
}
