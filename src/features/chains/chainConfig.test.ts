import { describe, expect, it } from 'vitest';
import {
  isDeployedAddress,
  loadChainConfig,
  parseChainOverrides,
  SEAPORT_1_6_ADDRESS,
  UNDEPLOYED_CONTRACT_ADDRESS,
} from './chainConfig';
import { toChainOption } from './chainOption';
import type { Chain } from './chains';

const ids = (env: Parameters<typeof loadChainConfig>[0]) => loadChainConfig(env).map((c) => c.chainId);
const DEPLOYED = '0x1111111111111111111111111111111111111111';

describe('loadChainConfig', () => {
  it('lists Ethereum, BNB Chain, Klaytn and Polygon in that order', () => {
    const chains = loadChainConfig('production');
    expect(chains.map((c) => c.key)).toEqual(['ETH', 'BSC', 'KLAYTN', 'POLYGON']);
    expect(chains.map((c) => c.name)).toEqual(['ethereum', 'bsc', 'klaytn', 'polygon']);
    expect(chains.map((c) => c.icon)).toEqual([
      '/images/chains/eth.svg',
      '/images/chains/bsc.svg',
      '/images/chains/klaytn.svg',
      '/images/chains/polygon.svg',
    ]);
  });

  it('uses the mainnets in production with their native coins and hex ids', () => {
    const chains = loadChainConfig('production');
    expect(chains.map((c) => c.chainId)).toEqual([1, 56, 8217, 137]);
    expect(chains.map((c) => c.chainIdHex)).toEqual(['0x1', '0x38', '0x2019', '0x89']);
    expect(chains.map((c) => c.nativeCurrency.symbol)).toEqual(['ETH', 'BNB', 'KLAY', 'POL']);
    expect(chains.every((c) => c.nativeCurrency.decimals === 18)).toBe(true);
  });

  it('points production at public https RPCs and the chains explorers', () => {
    const chains = loadChainConfig('production');
    for (const chain of chains) {
      expect(chain.rpcUrls.length).toBeGreaterThan(0);
      for (const url of chain.rpcUrls) expect(url).toMatch(/^https:\/\//);
    }
    expect(chains.map((c) => c.blockExplorerUrls[0])).toEqual([
      'https://etherscan.io',
      'https://bscscan.com',
      'https://kaiascan.io',
      'https://polygonscan.com',
    ]);
  });

  it('uses Sepolia, BNB Testnet, Baobab and Amoy in development', () => {
    expect(ids('development')).toEqual([11155111, 97, 1001, 80002]);
  });

  it('uses Mumbai instead of Amoy in staging', () => {
    expect(ids('staging')).toEqual([11155111, 97, 1001, 80001]);
  });

  it('serves the production ids from local anvils on ports 8545 to 8548', () => {
    const chains = loadChainConfig('local');
    expect(chains.map((c) => c.chainId)).toEqual([1, 56, 8217, 137]);
    expect(chains.map((c) => c.rpcUrls)).toEqual([
      ['http://127.0.0.1:8545'],
      ['http://127.0.0.1:8546'],
      ['http://127.0.0.1:8547'],
      ['http://127.0.0.1:8548'],
    ]);
    expect(chains.every((c) => c.blockExplorerUrls.length === 0)).toBe(true);
  });

  it('sets Seaport 1.6 as the exchange everywhere and placeholders for unknown contracts', () => {
    for (const env of ['production', 'staging', 'development', 'local'] as const) {
      for (const chain of loadChainConfig(env)) {
        expect(chain.contracts).toEqual({
          exchange: '0x0000000000000068F116a894984e2DB1123eB395',
          market: UNDEPLOYED_CONTRACT_ADDRESS,
          atem: UNDEPLOYED_CONTRACT_ADDRESS,
          payment: UNDEPLOYED_CONTRACT_ADDRESS,
          zone: UNDEPLOYED_CONTRACT_ADDRESS,
        });
      }
    }
  });

  it('merges override RPC URLs and contract addresses into the named chain only', () => {
    const chains = loadChainConfig('local', {
      POLYGON: { rpcUrls: ['http://127.0.0.1:9999'], contracts: { atem: DEPLOYED } },
    });
    const polygon = chains[3];
    expect(polygon?.rpcUrls).toEqual(['http://127.0.0.1:9999']);
    expect(polygon?.contracts.atem).toBe(DEPLOYED);
    expect(polygon?.contracts.exchange).toBe(SEAPORT_1_6_ADDRESS);
    expect(chains[0]?.rpcUrls).toEqual(['http://127.0.0.1:8545']);
    expect(chains[0]?.contracts.atem).toBe(UNDEPLOYED_CONTRACT_ADDRESS);
  });

  it('gives browsers public RPC URLs only: a keyed server URL stays on the server', () => {
    const secret = 'https://eth-mainnet.example/v2/secret-api-key';
    const [ethereum] = loadChainConfig('production', { ETH: { rpcUrls: [secret] } });
    expect(ethereum?.rpcUrls).toEqual([secret]);
    expect(ethereum?.publicRpcUrls).toEqual(['https://ethereum-rpc.publicnode.com']);
    expect(JSON.stringify(toChainOption(ethereum as Chain))).not.toContain('secret-api-key');
    const [own] = loadChainConfig('production', {
      ETH: { rpcUrls: [secret], publicRpcUrls: ['https://rpc.kirafuda.example'] },
    });
    expect(toChainOption(own as Chain).rpcUrls).toEqual(['https://rpc.kirafuda.example']);
    // A node on this machine (a local chain) is what the wallet needs, and holds no secret.
    const [local] = loadChainConfig('local', { ETH: { rpcUrls: ['http://127.0.0.1:9545'] } });
    expect(local?.publicRpcUrls).toEqual(['http://127.0.0.1:9545']);
  });

  it('returns fresh objects so changing one result leaves the next intact', () => {
    const [first] = loadChainConfig('production');
    if (first === undefined) throw new Error('no chains');
    (first.rpcUrls as string[]).push('https://evil.example');
    expect(loadChainConfig('production')[0]?.rpcUrls).toHaveLength(1);
  });

  it('rejects invalid overrides with a message naming the field', () => {
    expect(() => loadChainConfig('local', { ETH: { contracts: { atem: '0x123' } } })).toThrow(
      /Invalid chain config overrides[\s\S]*atem/,
    );
    expect(() => loadChainConfig('local', { ETH: { rpcUrls: ['ftp://x'] } })).toThrow(/rpcUrls/);
    expect(() => loadChainConfig('local', { SOLANA: {} })).toThrow(/SOLANA/);
    expect(() => loadChainConfig('local', { ETH: { contract: {} } })).toThrow(/contract/);
    expect(() => loadChainConfig('local', 'nope')).toThrow(/Invalid chain config overrides/);
  });
});

describe('parseChainOverrides', () => {
  it('accepts an empty object and a full deploy file', () => {
    expect(parseChainOverrides({})).toEqual({});
    const full = { BSC: { rpcUrls: ['wss://node.example'], contracts: { market: DEPLOYED, payment: DEPLOYED } } };
    expect(parseChainOverrides(full)).toEqual(full);
  });
});

describe('isDeployedAddress', () => {
  it('tells a real address from the placeholder', () => {
    expect(isDeployedAddress(UNDEPLOYED_CONTRACT_ADDRESS)).toBe(false);
    expect(isDeployedAddress(SEAPORT_1_6_ADDRESS)).toBe(true);
  });
});
