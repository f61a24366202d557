/**
 * How Seaport 1.6 reads an order's signature (`SignatureVerification._assertValidSignature`,
 * `Verifiers._verifySignature`), so that the server accepts exactly the signatures Seaport will accept when the
 * order is filled, whoever made them:
 *
 * - A signature whose length is a bulk one (64 or 65 bytes + 3 + 32 × height, height 1..24) is a bulk order's:
 *   its first 64 or 65 bytes sign the tree's root rebuilt from the order hash (../bulk/bulkOrder.ts).
 * - The (remaining) signature is tried as ECDSA when it is 64 bytes (EIP-2098 compact: `yParity` in the top bit of
 *   `s`; what `@opensea/seaport-js` sends) or 65 bytes with `v` 27 or 28. The `ecrecover` precompile recovers
 *   nothing for any other `v`, so a 65-byte signature with `v` 0 or 1 is not an EOA's signature to Seaport (a
 *   Safe's contract signatures look like that), though viem would recover it.
 * - Otherwise Seaport asks the offerer's contract, ERC-1271 `isValidSignature`, for the order's own digest
 *   and the signature as sent (for a bulk signature too): see ./orderSignature.server.ts.
 *
 * Pure: no chain.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md "Bulk Order Creation"
 * @see EIP-712, EIP-2098, ERC-1271
 */
import {
  type Address,
  compactSignatureToSignature,
  type Hex,
  hashTypedData,
  hexToNumber,
  isHex,
  parseCompactSignature,
  recoverAddress,
  size,
  slice,
} from 'viem';
import { bulkOrderDigest, readBulkSignature } from '../bulk/bulkOrder';
import { orderHash } from './orderHash';
import { seaportDomain } from './seaportDomain';
import { type OrderComponents, seaportOrderTypes } from './seaportTypes';

/** What Seaport checks a signature of an order against. */
export interface SeaportSignatureCheck {
  /** The order's own EIP-712 digest: what a contract offerer's `isValidSignature` is asked about. */
  orderDigest: Hex;
  /** The digest the ECDSA part signs: the order's own, or a bulk order's (its tree's root). */
  ecdsaDigest: Hex;
  /** The ECDSA part: the whole signature, or the first 64/65 bytes of a bulk one. */
  ecdsa: Hex;
}

/** The order's EIP-712 digest for `seaport` on `chainId` (what a single signature signs). */
export function orderDigest(chainId: number, seaport: Address, order: OrderComponents): Hex {
  return hashTypedData({
    domain: seaportDomain({ chainId, seaport }),
    types: seaportOrderTypes,
    primaryType: 'OrderComponents',
    message: { ...order, offer: [...order.offer], consideration: [...order.consideration] },
  });
}

/** Splits `signature` into what Seaport checks (see the module comment). */
export function seaportSignatureCheck(
  chainId: number,
  seaport: Address,
  order: OrderComponents,
  signature: Hex,
): SeaportSignatureCheck {
  const own = orderDigest(chainId, seaport, order);
  const bulk = readBulkSignature(signature);
  if (!bulk) return { orderDigest: own, ecdsaDigest: own, ecdsa: signature };
  return {
    orderDigest: own,
    ecdsaDigest: bulkOrderDigest({
      orderHash: orderHash(order),
      index: bulk.index,
      proof: bulk.proof,
      chainId,
      seaport,
    }),
    ecdsa: bulk.signature,
  };
}

/**
 * The address `ecrecover` gives for `signature` over `digest` as Seaport calls it, or undefined when Seaport
 * would not take it as ECDSA: not 64 or 65 bytes, a 65-byte one whose `v` is not 27 or 28, or no point.
 */
export async function seaportEcdsaSigner(digest: Hex, signature: Hex): Promise<Address | undefined> {
  if (!isHex(signature, { strict: true }) || signature.length % 2 !== 0) return undefined;
  const length = size(signature);
  try {
    if (length === 64) {
      return await recoverAddress({
        hash: digest,
        signature: compactSignatureToSignature(parseCompactSignature(signature)),
      });
    }
    if (length === 65) {
      const v = hexToNumber(slice(signature, 64, 65));
      return v === 27 || v === 28 ? await recoverAddress({ hash: digest, signature }) : undefined;
    }
  } catch {
    // r or s is not a point on the curve: ecrecover recovers nothing
  }
  return undefined;
}
