/**
 * What the site does when the wallet changes under it (spec §2 "Chain and account changes"), as pure
 * decisions the watcher (`watchWallet.ts`) carries out:
 * - a change of account while a wallet user is signed in logs them out (the session belongs to one
 *   wallet); with nobody signed in it starts a wallet login; the signed-in account itself, or a change
 *   while an illustrator (id and password) is signed in, changes nothing;
 * - a change of chain to a supported one sets the current chain and goes home; to an unsupported one, the
 *   wallet is asked to switch to the first supported chain (also on load).
 */

/** Who is signed in, as the page was rendered. */
export interface SignedIn {
  kind: 'none' | 'wallet' | 'illustrator';
  /** The wallet user's address (lower-case) when `kind` is wallet. */
  walletAddress: string | null;
}

/** What to do about an `accountsChanged` event. */
export type AccountAction = 'logout' | 'signIn' | 'none';

/** Decides on `accountsChanged` with the wallet's accounts (first = selected). */
export function onAccountsChanged(accounts: unknown, signedIn: SignedIn): AccountAction {
  const first = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0].toLowerCase() : null;
  if (signedIn.kind === 'illustrator') return 'none';
  if (signedIn.kind === 'wallet') return first === signedIn.walletAddress?.toLowerCase() ? 'none' : 'logout';
  return first ? 'signIn' : 'none';
}

/** What to do about the wallet's chain: switch to it on the site, or ask the wallet for a supported one. */
export type ChainAction<C> = { kind: 'use'; chain: C } | { kind: 'switchWallet'; chain: C } | { kind: 'none' };

/** Decides on a wallet chain id (hex or number) against the supported chains (first = the fallback). */
export function onWalletChain<C extends { chainId: number }>(chainId: unknown, chains: readonly C[]): ChainAction<C> {
  const id = typeof chainId === 'string' ? Number.parseInt(chainId, chainId.startsWith('0x') ? 16 : 10) : chainId;
  if (typeof id !== 'number' || !Number.isFinite(id)) return { kind: 'none' };
  const supported = chains.find((chain) => chain.chainId === id);
  if (supported) return { kind: 'use', chain: supported };
  const first = chains[0];
  return first ? { kind: 'switchWallet', chain: first } : { kind: 'none' };
}
