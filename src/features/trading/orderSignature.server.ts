/**
 * Checks a listing's EIP-712 signature the way Seaport will when the order is filled: recovered from the
 * typed data for the chain's Seaport domain, or, for a smart-contract wallet, accepted by its ERC-1271
 * `isValidSignature` (viem `verifyTypedData`, which asks the chain).
 *
 * @see EIP-712, ERC-1271
 * @see ./seaport/signOrder.ts
 */
import { type Address, type Hex, recoverTypedDataAddress } from 'viem';
import type { Chain } from '../chains/chains';
import { publicClientFor } from '../chains/publicClients.server';
import { seaportDomain } from './seaport/seaportDomain';
import { type OrderComponents, seaportOrderTypes } from './seaport/seaportTypes';

/** Whether `signature` is the offerer's signature of `order` for `seaport` on `chain`. */
export async function isOrderSignatureValid(
  chain: Chain,
  seaport: Address,
  order: OrderComponents,
  signature: Hex,
): Promise<boolean> {
  const typedData = {
    domain: seaportDomain({ chainId: chain.chainId, seaport }),
    types: seaportOrderTypes,
    primaryType: 'OrderComponents' as const,
    message: { ...order, offer: [...order.offer], consideration: [...order.consideration] },
  };
  try {
    const signer = await recoverTypedDataAddress({ ...typedData, signature });
    if (signer.toLowerCase() === order.offerer.toLowerCase()) return true;
  } catch {
    // not an ECDSA signature; a contract wallet may still accept it
  }
  const client = publicClientFor(chain);
  const code = await client.getCode({ address: order.offerer });
  if (code === undefined || code === '0x') return false;
  return client.verifyTypedData({ ...typedData, address: order.offerer, signature });
}
