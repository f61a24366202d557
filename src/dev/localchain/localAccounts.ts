/**
 * The well-known anvil development accounts the local chain uses: account 0 deploys the contracts and is the
 * platform minter; accounts 0..19 are the demo wallets (`src/dev/seed/accounts.ts`), which anvil unlocks
 * (`--accounts 20`), so the set-up sends and signs as them without private keys.
 *
 * These keys are public (anvil's `test test ... junk` mnemonic) and only ever used on local chains.
 */
import { ANVIL_ACCOUNTS } from '../seed/accounts';

/** How many development accounts the local anvils fund and unlock (every demo wallet). */
export const LOCAL_ACCOUNT_COUNT = ANVIL_ACCOUNTS.length;

/** Whether `address` is one of the unlocked local development accounts. */
export function isLocalAccount(address: string): boolean {
  const wanted = address.toLowerCase();
  return ANVIL_ACCOUNTS.some((account) => account.toLowerCase() === wanted);
}
