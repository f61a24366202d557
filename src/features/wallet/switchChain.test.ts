import { describe, expect, it } from 'vitest';
import type { Eip1193Provider } from './eip1193';
import { switchWalletChain } from './switchChain';

const polygon = {
  chainId: 137,
  chainName: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: ['https://polygon-rpc.com'],
  blockExplorerUrls: ['https://polygonscan.com'],
};

function walletAnswering(answers: Record<string, unknown>) {
  const calls: { method: string; params?: unknown }[] = [];
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      calls.push({ method, params });
      const answer = answers[method];
      if (answer instanceof Error) throw answer;
      return answer ?? null;
    },
  };
  return { provider, calls };
}

describe('switchWalletChain', () => {
  it('asks the wallet to switch to the chain id in hex', async () => {
    const { provider, calls } = walletAnswering({});
    await switchWalletChain(provider, polygon);
    expect(calls).toEqual([{ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] }]);
  });

  it('adds the chain when the wallet answers 4902', async () => {
    const unknownChain = Object.assign(new Error('Unrecognized chain'), { code: 4902 });
    const { provider, calls } = walletAnswering({ wallet_switchEthereumChain: unknownChain });
    await switchWalletChain(provider, polygon);
    expect(calls.map((c) => c.method)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain']);
    expect(calls[1]?.params).toEqual([
      expect.objectContaining({ chainId: '0x89', chainName: 'Polygon', rpcUrls: ['https://polygon-rpc.com'] }),
    ]);
  });

  it('rethrows any other wallet error', async () => {
    const refused = Object.assign(new Error('User rejected'), { code: 4001 });
    const { provider, calls } = walletAnswering({ wallet_switchEthereumChain: refused });
    await expect(switchWalletChain(provider, polygon)).rejects.toBe(refused);
    expect(calls).toHaveLength(1);
  });
});
