/**
 * Checks an order's signature the way Seaport will when the order is filled (./seaportSignature.ts): a
 * 65-byte or EIP-2098 compact 64-byte ECDSA signature of the order's typed data for the chain's Seaport domain;
 * a bulk signature (either of those, then the order's index and proof in the tree; ../bulk/bulkOrder.ts) of the
 * tree's root rebuilt from this order; or, when that recovers someone else and the offerer is a contract, the
 * offerer's ERC-1271 `isValidSignature` for the order's own digest and the signature as sent, asked on chain
 * as Seaport asks it. Used by every path that takes or re-checks a signature: `sell_card`, `sell_cards`,
 * offers and bids, and the cart check.
 *
 * The signature is stored as the client sent it (lower-cased): Seaport takes all these forms, so every client
 * fills the order with the same bytes, and a contract wallet's bytes must not be rewritten.
 *
 * @see EIP-712, ERC-1271, EIP-2098
 * @see ./signOrder.ts, ../bulk/bulkOrder.ts
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md "Bulk Order Creation"
 */
import { type Address, type Hex, isAddressEqual, parseAbi, zeroAddress } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { classifyChainError, publicClientFor } from '~/features/chains/publicClients.server';
import { seaportEcdsaSigner, seaportSignatureCheck } from './seaportSignature';
import type { OrderComponents } from './seaportTypes';

const erc1271Abi = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']);
/** `isValidSignature`'s answer for a valid signature (its selector). */
const ERC1271_MAGIC = '0x1626ba7e';

/**
 * Whether `signature` (any form above) is the offerer's signature of `order` for `seaport` on `chain`.
 * Rejects only when the chain does not answer (the contract's own refusal is `false`).
 */
export async function isOrderSignatureValid(
  chain: Chain,
  seaport: Address,
  order: OrderComponents,
  signature: Hex,
): Promise<boolean> {
  if (isAddressEqual(order.offerer, zeroAddress)) return false;
  const check = seaportSignatureCheck(chain.chainId, seaport, order, signature);
  const signer = await seaportEcdsaSigner(check.ecdsaDigest, check.ecdsa);
  if (signer && isAddressEqual(signer, order.offerer)) return true;
  const client = publicClientFor(chain);
  const code = await client.getCode({ address: order.offerer });
  if (code === undefined || code === '0x') return false;
  try {
    const answer = await client.readContract({
      address: order.offerer,
      abi: erc1271Abi,
      functionName: 'isValidSignature',
      args: [check.orderDigest, signature],
    });
    return answer.toLowerCase() === ERC1271_MAGIC;
  } catch (error) {
    // The RPC failing is the caller's to answer (502); the wallet reverting, answering nothing or something
    // that is not a bytes4 is a refusal, as Seaport would take it.
    const kind = classifyChainError(error);
    if (kind === 'unreachable' || kind === 'rpc-error') throw error;
    return false;
  }
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
  try {
    const check = seaportSignatureCheck(chain.chainId, seaport, order, signature);
    const signer = await seaportEcdsaSigner(check.ecdsaDigest, check.ecdsa);
    return signer !== undefined && signer !== null && isAddressEqual(signer, order.offerer);
  } catch {
    return false;
  }
}
