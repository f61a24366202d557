// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAIN_KEYS, isChainKey } from './chainKey';
import { $currentChain, initCurrentChain, setCurrentChain } from './store';

function clearCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: the code under test writes document.cookie
  document.cookie = 'currentChain=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

beforeEach(() => {
  clearCookie();
  initCurrentChain('ETH');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('current chain store', () => {
  it('defaults to Ethereum', async () => {
    vi.resetModules();
    const fresh = await import('./store');
    expect(fresh.$currentChain.get()).toBe('ETH');
  });

  it('setCurrentChain changes the chain and remembers it in the currentChain cookie', () => {
    setCurrentChain('POLYGON');
    expect($currentChain.get()).toBe('POLYGON');
    expect(document.cookie).toContain('currentChain=POLYGON');
  });

  it('writes the cookie for the whole site, for a year, SameSite=Lax', () => {
    const written = vi.spyOn(document, 'cookie', 'set');
    setCurrentChain('BSC');
    expect(written).toHaveBeenCalledWith('currentChain=BSC; path=/; max-age=31536000; SameSite=Lax');
  });

  it('initCurrentChain seeds the chain from the server without writing the cookie', () => {
    initCurrentChain('BSC');
    expect($currentChain.get()).toBe('BSC');
    expect(document.cookie).not.toContain('currentChain=');
  });

  it('notifies subscribers when the visitor picks another chain', () => {
    const seen: string[] = [];
    const unbind = $currentChain.listen((key) => seen.push(key));
    setCurrentChain('KLAYTN');
    unbind();
    expect(seen).toEqual(['KLAYTN']);
  });
});

describe('isChainKey', () => {
  it('accepts the four chain keys and nothing else', () => {
    for (const key of CHAIN_KEYS) expect(isChainKey(key)).toBe(true);
    expect(isChainKey('eth')).toBe(false);
    expect(isChainKey('SOLANA')).toBe(false);
    expect(isChainKey(undefined)).toBe(false);
  });
});
