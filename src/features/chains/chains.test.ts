import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadChainConfig } from './chainConfig';
import {
  DEFAULT_CHAIN_KEY,
  DEFAULT_NETWORK_ID,
  DEFAULT_NETWORK_KEY,
  findChainById,
  findChainByName,
  IS_TESTNET,
  isChainKey,
  isSupportedChainId,
  isTestnet,
  parseChainId,
} from './chains';

const production = loadChainConfig('production');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('defaults', () => {
  it('start the state on ETH with network id 1, and the chain module on Polygon', () => {
    expect(DEFAULT_CHAIN_KEY).toBe('ETH');
    expect(DEFAULT_NETWORK_ID).toBe(1);
    expect(DEFAULT_NETWORK_KEY).toBe('POLYGON');
  });
});

describe('isTestnet', () => {
  it('marks the test networks of the spec as testnets', () => {
    for (const id of [80001, 5, 97, 1001, 80002, 11155111]) expect(isTestnet(id)).toBe(true);
  });

  it('marks the production networks as not testnets', () => {
    for (const id of [1, 137, 8217, 56]) expect(isTestnet(id)).toBe(false);
  });

  it('lists exactly the ten chain ids the spec names', () => {
    expect(
      Object.keys(IS_TESTNET)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1, 5, 56, 97, 137, 1001, 8217, 80001, 80002, 11155111]);
  });

  it('treats an unknown id as not a testnet', () => {
    expect(isTestnet(424242)).toBe(false);
  });
});

describe('parseChainId', () => {
  it('reads numbers, decimal and hex strings and bigints', () => {
    expect(parseChainId(137)).toBe(137);
    expect(parseChainId('137')).toBe(137);
    expect(parseChainId('0x89')).toBe(137);
    expect(parseChainId(137n)).toBe(137);
  });

  it('rejects what is not a positive integer', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, 'abc', '', '0x', '1e3']) expect(parseChainId(bad)).toBeUndefined();
  });
});

describe('findChainById', () => {
  it('finds a configured chain by numeric or hex id', () => {
    expect(findChainById(production, 56).key).toBe('BSC');
    expect(findChainById(production, '0x2019').key).toBe('KLAYTN');
  });

  it('falls back to Polygon and logs the unknown chain', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(findChainById(production, 999).key).toBe('POLYGON');
    expect(log).toHaveBeenCalledWith('not match any chain id');
  });

  it('does not log when the id is known', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    findChainById(production, 1);
    expect(log).not.toHaveBeenCalled();
  });

  it('fails clearly when a list has no Polygon to fall back to', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(() => findChainById(production.slice(0, 1), 999)).toThrow(/Polygon/);
  });
});

describe('findChainByName', () => {
  it('finds a chain by lower-case name or by key, in any case', () => {
    expect(findChainByName(production, 'bsc').chainId).toBe(56);
    expect(findChainByName(production, 'KLAYTN').chainId).toBe(8217);
    expect(findChainByName(production, 'Ethereum').chainId).toBe(1);
    expect(findChainByName(production, 'eth').chainId).toBe(1);
  });

  it('falls back to Polygon and logs for an unknown or missing name', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(findChainByName(production, 'solana').key).toBe('POLYGON');
    expect(findChainByName(production, undefined).key).toBe('POLYGON');
    expect(log).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledWith('not match any chain id');
  });
});

describe('isSupportedChainId', () => {
  it('accepts only the four configured ids of the environment', () => {
    for (const id of [1, 56, 8217, 137, '0x89']) expect(isSupportedChainId(production, id)).toBe(true);
    for (const id of [11155111, 5, 0, 'abc']) expect(isSupportedChainId(production, id)).toBe(false);
  });

  it('follows the environment, so testnet ids pass in development', () => {
    const development = loadChainConfig('development');
    expect(isSupportedChainId(development, 80002)).toBe(true);
    expect(isSupportedChainId(development, 137)).toBe(false);
  });
});

describe('isChainKey', () => {
  it('accepts the four keys and nothing else', () => {
    expect(isChainKey('POLYGON')).toBe(true);
    expect(isChainKey('polygon')).toBe(false);
    expect(isChainKey(1)).toBe(false);
  });
});
