/**
 * The platform's auction settlement account: the zone of every timed-auction listing and bid, and the only
 * account that can fill them (by matching the listing with the winning bid,
 * ../auction/settleAuctions.server.ts). It pays the gas of settlements and holds nothing else. `AUCTION_SETTLER_PRIVATE_KEY` configures it; local chains default to a
 * public anvil development key (../../chains/localDefaults.ts). Without it, auctions are closed.
 */
import type { Hex, PrivateKeyAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { serverEnvironment } from '~/features/chains/config.server';
import { LOCAL_SETTLER_KEY } from '~/features/chains/localDefaults';
import type { Settings } from '~/server/settings/schema';

/** The settings read here. */
export type SettlerSettings = Pick<Settings, 'CHAIN_ENV' | 'AUCTION_SETTLER_PRIVATE_KEY'>;

/** Accounts by key: deriving the address from a key costs an elliptic-curve multiplication (token pages ask). */
const accounts = new Map<Hex, PrivateKeyAccount>();

function accountOf(key: Hex): PrivateKeyAccount {
  let account = accounts.get(key);
  if (!account) {
    account = privateKeyToAccount(key);
    accounts.set(key, account);
  }
  return account;
}

/**
 * The settlement account, or undefined when auctions are not configured (a malformed key stops the start: the
 * settings schema refuses it).
 */
export function settlerAccount(settings: SettlerSettings): PrivateKeyAccount | undefined {
  const key = settings.AUCTION_SETTLER_PRIVATE_KEY;
  if (key) return accountOf(key);
  return serverEnvironment(settings) === 'local' ? accountOf(LOCAL_SETTLER_KEY) : undefined;
}
