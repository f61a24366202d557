/**
 * The platform's auction settlement account: the zone of every timed-auction listing and bid, and the only
 * account that can fill them (by matching the listing with the winning bid,
 * ../auction/settleAuctions.server.ts). It pays the gas of settlements and holds nothing else. `AUCTION_SETTLER_PRIVATE_KEY` configures it; local chains default to a
 * public anvil development key (../../chains/localDefaults.ts). Without it, auctions are closed.
 */
import type { Hex, PrivateKeyAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { serverEnvironment } from '../../chains/config.server';
import { LOCAL_SETTLER_KEY } from '../../chains/localDefaults';

/** The variables read here. */
export interface SettlerEnv {
  CHAIN_ENV?: string | undefined;
  AUCTION_SETTLER_PRIVATE_KEY?: string | undefined;
}

let warned = false;
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
 * The settlement account, or undefined when auctions are not configured. A malformed key closes auctions (with
 * one line in the log) rather than failing every token page and the indexer.
 */
export function settlerAccount(env: SettlerEnv = process.env): PrivateKeyAccount | undefined {
  const key = env.AUCTION_SETTLER_PRIVATE_KEY?.trim();
  if (key) {
    if (/^0x[0-9a-fA-F]{64}$/.test(key)) return accountOf(key as Hex);
    if (!warned) console.error('[auctions] AUCTION_SETTLER_PRIVATE_KEY must be 32 bytes of hex; auctions are closed');
    warned = true;
    return undefined;
  }
  return serverEnvironment(env) === 'local' ? accountOf(LOCAL_SETTLER_KEY) : undefined;
}
