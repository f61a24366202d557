import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadChainConfig } from './chainConfig';
import { selectChainKey } from './chainSelection';

const chains = loadChainConfig('production');

describe('selectChainKey (spec §4: query, then cookie, then Ethereum)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a chain_id query sets the chain', () => {
    expect(selectChainKey(chains, '56', 'POLYGON')).toEqual({ key: 'BSC', fromQuery: true });
    expect(selectChainKey(chains, '0x89', undefined)).toEqual({ key: 'POLYGON', fromQuery: true });
  });

  it('an unknown chain_id falls back to Polygon and says so on the console', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(selectChainKey(chains, '999', 'ETH')).toEqual({ key: 'POLYGON', fromQuery: true });
    expect(log).toHaveBeenCalledWith('not match any chain id');
  });

  it('without a query the cookie is used, by key or by name', () => {
    expect(selectChainKey(chains, null, 'KLAYTN')).toEqual({ key: 'KLAYTN', fromQuery: false });
    expect(selectChainKey(chains, '', 'polygon')).toEqual({ key: 'POLYGON', fromQuery: false });
  });

  it('with neither (or a cookie naming no chain) Ethereum is chosen', () => {
    expect(selectChainKey(chains, null, undefined)).toEqual({ key: 'ETH', fromQuery: false });
    expect(selectChainKey(chains, null, 'DOGE')).toEqual({ key: 'ETH', fromQuery: false });
  });
});
