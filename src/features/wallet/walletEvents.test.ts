import { describe, expect, it } from 'vitest';
import { onAccountsChanged, onWalletChain } from './walletEvents';

const alice = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('onAccountsChanged', () => {
  it('logs a wallet user out when the wallet moves to another account or locks', () => {
    const signedIn = { kind: 'wallet', walletAddress: alice } as const;
    expect(onAccountsChanged([bob], signedIn)).toBe('logout');
    expect(onAccountsChanged([], signedIn)).toBe('logout');
  });

  it('keeps a wallet user whose own account is announced again, whatever its case', () => {
    expect(onAccountsChanged([alice.toUpperCase().replace('0X', '0x')], { kind: 'wallet', walletAddress: alice })).toBe(
      'none',
    );
  });

  it('starts a wallet login when nobody is signed in and an account appears', () => {
    expect(onAccountsChanged([bob], { kind: 'none', walletAddress: null })).toBe('signIn');
    expect(onAccountsChanged([], { kind: 'none', walletAddress: null })).toBe('none');
    expect(onAccountsChanged('nonsense', { kind: 'none', walletAddress: null })).toBe('none');
  });

  it('leaves an illustrator signed in with id and password alone', () => {
    expect(onAccountsChanged([bob], { kind: 'illustrator', walletAddress: null })).toBe('none');
  });
});

describe('onWalletChain', () => {
  const chains = [
    { key: 'ETH', chainId: 1 },
    { key: 'POLYGON', chainId: 137 },
  ];

  it('uses a supported chain, given as hex or as a number', () => {
    expect(onWalletChain('0x89', chains)).toEqual({ kind: 'use', chain: chains[1] });
    expect(onWalletChain(1, chains)).toEqual({ kind: 'use', chain: chains[0] });
  });

  it('asks the wallet to switch to the first supported chain from an unsupported one', () => {
    expect(onWalletChain('0x38', chains)).toEqual({ kind: 'switchWallet', chain: chains[0] });
  });

  it('does nothing with an unreadable chain id or without supported chains', () => {
    expect(onWalletChain(undefined, chains)).toEqual({ kind: 'none' });
    expect(onWalletChain('0xzz', chains)).toEqual({ kind: 'none' });
    expect(onWalletChain('0x1', [])).toEqual({ kind: 'none' });
  });
});
