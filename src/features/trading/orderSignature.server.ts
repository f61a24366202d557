/**
 * Checks an order's signature the way Seaport will when the order is filled: recovered from the typed data
 * for the chain's Seaport domain; for a bulk signature (one signature over a merkle tree of orders, then the
 * order's index and proof; ./bulk/bulkOrder.ts), recovered from the digest of the tree's root rebuilt from
 * this order; or, for a smart-contract wallet, accepted by its ERC-1271 `isValidSignature` for the order's
 * own digest and the signature as sent (viem `verifyTypedData`, which asks the chain), as Seaport asks it.
 *
 * @see EIP-712, ERC-1271, EIP-2098
 * @see ./seaport/signOrder.ts, ./bulk/bulkOrder.ts
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md "Bulk Order Creation"
 */
import {
  type Address,
  compactSignatureToSignature,
  type Hex,
  parseCompactSignature,
  recoverAddress,
  recoverTypedDataAddress,
  size,
} from 'viem';
import type { Chain } from '../chains/chains';
import { publicClientFor } from '../chains/publicClients.server';
import { bulkOrderDigest, readBulkSignature } from './bulk/bulkOrder';
import { orderHash } from './seaport/orderHash';
import { seaportDomain } from './seaport/seaportDomain';
import { type OrderComponents, seaportOrderTypes } from './seaport/seaportTypes';

/** The ECDSA signer of a bulk signature of `order`, or undefined when `signature` is not a bulk one. */
async function bulkSigner(chainId: number, seaport: Address, order: OrderComponents, signature: Hex) {
  const bulk = readBulkSignature(signature);
  if (!bulk) return undefined;
  const digest = bulkOrderDigest({
    orderHash: orderHash(order),
    index: bulk.index,
    proof: bulk.proof,
    chainId,
    seaport,
  });
  const ecdsa =
    size(bulk.signature) === 64 ? compactSignatureToSignature(parseCompactSignature(bulk.signature)) : bulk.signature;
  return recoverAddress({ hash: digest, signature: ecdsa });
}

/** Whether `signature` (single or bulk) is the offerer's signature of `order` for `seaport` on `chain`. */
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
    const signer =
      (await bulkSigner(chain.chainId, seaport, order, signature)) ??
      (await recoverTypedDataAddress({ ...typedData, signature }));
    if (signer.toLowerCase() === order.offerer.toLowerCase()) return true;
  } catch {
    // not an ECDSA signature; a contract wallet may still accept it
  }
  const client = publicClientFor(chain);
  const code = await client.getCode({ address: order.offerer });
  if (code === undefined || code === '0x') return false;
  return client.verifyTypedData({ ...typedData, address: order.offerer, signature });
}

/**
 * Whether `signature` (65 or 64 bytes, single or bulk) was made with the offerer's own key. Seaport checks
 * such a signature with `ecrecover` and never asks the offerer's code, so its answer cannot change between a
 * check and a transaction; a contract wallet's (ERC-1271) answer can. Timed auctions take only these.
 */
export async function isSignedByOfferersKey(
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
    const single = size(signature) === 64 ? compactSignatureToSignature(parseCompactSignature(signature)) : signature;
    const signer =
      (await bulkSigner(chain.chainId, seaport, order, signature)) ??
      (await recoverTypedDataAddress({ ...typedData, signature: single }));
    return signer.toLowerCase() === order.offerer.toLowerCase();
  } catch {
    return false;
  }
}
