import { createPublicClient, http } from 'viem';
import { serverChains } from '../chains/config.server';
import type { ContractSignatureCheck } from './siwe.server';

/**
 * Verifies a smart-wallet signature (EIP-1271, or EIP-6492 for a wallet not deployed yet) through the
 * chain's RPC. When the chain is not configured or does not answer in 3 s, the signature is not accepted.
 */
export const checkContractSignature: ContractSignatureCheck = async ({ chainId, address, message, signature }) => {
  const chain = serverChains().find((c) => c.chainId === chainId);
  const rpc = chain?.rpcUrls[0];
  if (!chain || !rpc) return false;
  const client = createPublicClient({ transport: http(rpc, { timeout: 3_000, retryCount: 0 }) });
  return client.verifyMessage({ address, message, signature });
};
