/**
 * Seaport bulk listings: the offerer signs once (EIP-712 primary type `BulkOrder`) over a complete binary
 * merkle tree of up to 2^24 orders, and each order then carries that one signature followed by its 3-byte
 * index in the tree and the sibling hashes up to the root. Seaport tells such a signature by its length
 * alone (64 or 65 bytes + 3 + 32 × height, height 1..24), rebuilds the root from the order hash, and
 * recovers the signer from `keccak256(0x1901 ‖ domainSeparator ‖ keccak256(bulkOrderTypehash(height) ‖ root))`.
 *
 * Leaves are the order hashes (`orderHash`), nodes `keccak256(left ‖ right)` unsorted, and the tree is filled
 * up to 2^height with the all-zero order, as seaport-js fills it, so both sign the same digest.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md "Bulk Order Creation"
 * @see Seaport 1.6 `Verifiers._isValidBulkOrderSize`, `_computeBulkOrderProof`, `BulkOrder_Typehash_Height_*`
 * @see EIP-712, EIP-2098
 */
import {
  type Account,
  type Address,
  type Chain,
  concat,
  type Hex,
  hashDomain,
  hexToNumber,
  keccak256,
  numberToHex,
  parseSignature,
  serializeCompactSignature,
  signatureToCompactSignature,
  size,
  slice,
  stringToHex,
  type Transport,
  type TypedData,
  type WalletClient,
  zeroAddress,
  zeroHash,
} from 'viem';

import { orderHash } from '../seaport/orderHash';
import { seaportDomain } from '../seaport/seaportDomain';
import { type OrderComponents, OrderType, seaportOrderTypes } from '../seaport/seaportTypes';

/** The tallest tree Seaport accepts (2^24 = 16 777 216 orders). */
export const MAX_BULK_TREE_HEIGHT = 24;

/** The order that fills a tree up to 2^height leaves: every field zero, no items (seaport-js's default). */
export const BULK_PADDING_ORDER: OrderComponents = {
  offerer: zeroAddress,
  zone: zeroAddress,
  offer: [],
  consideration: [],
  orderType: OrderType.FULL_OPEN,
  startTime: 0n,
  endTime: 0n,
  zoneHash: zeroHash,
  salt: 0n,
  conduitKey: zeroHash,
  counter: 0n,
};

/** The EIP-712 types of a bulk order of `height` levels, for `signTypedData` with primary type `BulkOrder`. */
export type BulkOrderTypes = typeof seaportOrderTypes & {
  readonly BulkOrder: readonly [{ readonly name: 'tree'; readonly type: string }];
};

/** A node of the signed message: two orders at the lowest level, two subtrees above it. */
export type BulkOrderNode = OrderComponents | readonly [BulkOrderNode, BulkOrderNode];

function assertHeight(height: number): void {
  if (!Number.isInteger(height) || height < 1 || height > MAX_BULK_TREE_HEIGHT) {
    throw new RangeError(`bulk order tree height must be 1..${MAX_BULK_TREE_HEIGHT}, got ${height}`);
  }
}

/** `OrderComponents` + `[2]` × height, with OrderComponents, OfferItem and ConsiderationItem. @throws RangeError */
export function bulkOrderTypes(height: number): BulkOrderTypes {
  assertHeight(height);
  return { BulkOrder: [{ name: 'tree', type: `OrderComponents${'[2]'.repeat(height)}` }], ...seaportOrderTypes };
}

/** EIP-712 `typeHash` of `BulkOrder` at `height` (Seaport's `BulkOrder_Typehash_Height_*`). @throws RangeError */
export function bulkOrderTypehash(height: number): Hex {
  const types = bulkOrderTypes(height);
  const struct = (name: keyof BulkOrderTypes) =>
    `${name}(${types[name].map((field) => `${field.type} ${field.name}`).join(',')})`;
  // EIP-712 encodeType: the primary type, then the referenced types sorted by name.
  const typeString = ['BulkOrder', 'ConsiderationItem', 'OfferItem', 'OrderComponents'] as const;
  return keccak256(stringToHex(typeString.map(struct).join('')));
}

/** Tree height for `count` orders: ceil(log2(count)), at least 1. @throws RangeError outside 1..2^24 */
export function bulkTreeHeight(count: number): number {
  if (!Number.isInteger(count) || count < 1 || count > 2 ** MAX_BULK_TREE_HEIGHT) {
    throw new RangeError(`a bulk order holds 1..${2 ** MAX_BULK_TREE_HEIGHT} orders, got ${count}`);
  }
  let height = 1;
  while (2 ** height < count) height += 1;
  return height;
}

/** What {@link buildBulkOrderTree} gives back. */
export interface BulkOrderTree {
  height: number;
  /** The `tree` field of the `BulkOrder` message: 2^height orders nested in pairs, padding last. */
  tree: readonly [BulkOrderNode, BulkOrderNode];
  /** The order hashes of all 2^height leaves (the given orders first, then the padding). */
  leaves: readonly Hex[];
  root: Hex;
  /** The `height` sibling hashes from leaf `index` up to the root, lowest first. */
  proof: (index: number) => Hex[];
}

/** Builds the merkle tree of `orders` (input order kept). @throws RangeError for 0 or more than 2^24 orders */
export function buildBulkOrderTree(orders: readonly OrderComponents[]): BulkOrderTree {
  const height = bulkTreeHeight(orders.length);
  const padded = [...orders, ...Array<OrderComponents>(2 ** height - orders.length).fill(BULK_PADDING_ORDER)];
  const leaves = padded.map(orderHash);
  const levels: Hex[][] = [leaves];
  for (let level = leaves; level.length > 1; ) {
    const next: Hex[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(keccak256(concat([level[i] as Hex, level[i + 1] as Hex])));
    levels.push(next);
    level = next;
  }
  let nodes: BulkOrderNode[] = padded;
  while (nodes.length > 2) {
    const pairs: BulkOrderNode[] = [];
    for (let i = 0; i < nodes.length; i += 2) pairs.push([nodes[i] as BulkOrderNode, nodes[i + 1] as BulkOrderNode]);
    nodes = pairs;
  }
  return {
    height,
    tree: [nodes[0] as BulkOrderNode, nodes[1] as BulkOrderNode],
    leaves,
    root: levels[height]?.[0] as Hex,
    proof(index) {
      if (!Number.isInteger(index) || index < 0 || index >= leaves.length) {
        throw new RangeError(`no leaf ${index} in a tree of ${leaves.length}`);
      }
      return levels.slice(0, -1).map((level, depth) => level[(index >> depth) ^ 1] as Hex);
    },
  };
}

/** Parameters of {@link signBulkOrder}. */
export interface SignBulkOrderParameters {
  /** 1..2^24 orders, all with the signing account as offerer. */
  orders: readonly OrderComponents[];
  /** Chain the orders are for (must match the chain the Seaport runs on). */
  chainId: number;
  /** The Seaport contract on that chain. */
  seaport: Address;
  /** Signing account; the wallet client's own when absent. */
  account?: Account | Address;
  /** Put the 64-byte EIP-2098 form in front (as seaport-js does) instead of the 65-byte one. */
  compact?: boolean;
}

/** One bulk signature per order, in the orders' order; each goes in the order's `signature` field. */
export type SignBulkOrderReturnType = Hex[];

/** Rejections from the wallet (e.g. the user refused, code 4001) pass through unchanged; RangeError for a bad count. */
export type SignBulkOrderErrorType = Error;

/** Signs many Seaport orders with one wallet prompt (`eth_signTypedData_v4` of a `BulkOrder`). */
export async function signBulkOrder(
  walletClient: WalletClient<Transport, Chain | undefined, Account | undefined>,
  { orders, chainId, seaport, account, compact = false }: SignBulkOrderParameters,
): Promise<SignBulkOrderReturnType> {
  const signer = account ?? walletClient.account;
  if (!signer) throw new Error('signBulkOrder: no account to sign with');
  const tree = buildBulkOrderTree(orders);
  const signature = await walletClient.signTypedData({
    account: signer,
    domain: seaportDomain({ chainId, seaport }),
    // The tree type's height is known only at run time, past what viem can type-check.
    types: bulkOrderTypes(tree.height) as TypedData,
    primaryType: 'BulkOrder',
    message: { tree: tree.tree },
  });
  const head = compact ? serializeCompactSignature(signatureToCompactSignature(parseSignature(signature))) : signature;
  return orders.map((_, index) => concat([head, numberToHex(index, { size: 3 }), ...tree.proof(index)]));
}

/** The fields of Seaport's EIP-712 domain, for its separator. */
const EIP712_DOMAIN_FIELDS = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
] as const;

/** A bulk signature taken apart. */
export interface BulkSignature {
  /** The ECDSA signature of the tree: 64 bytes (EIP-2098) or 65. */
  signature: Hex;
  /** The order's leaf in the tree (Seaport reads only its lowest `proof.length` bits). */
  index: number;
  /** Sibling hashes from the leaf up, one per level. */
  proof: Hex[];
}

/**
 * Splits `signature` the way Seaport does, or undefined when it is not whole bytes of hex or its length is
 * not a bulk one (64 + 3 + 32h or 65 + 3 + 32h bytes, h in 1..24): a plain 64/65-byte signature gives undefined.
 */
export function readBulkSignature(signature: Hex): BulkSignature | undefined {
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(signature)) return undefined;
  const length = size(signature);
  if (length < 64 + 3 + 32 || length > 65 + 3 + 32 * MAX_BULK_TREE_HEIGHT || (length - 67) % 32 > 1) return undefined;
  const signatureLength = length % 2 === 0 ? 65 : 64;
  const height = (length - signatureLength - 3) / 32;
  const proofStart = signatureLength + 3;
  return {
    signature: slice(signature, 0, signatureLength),
    index: hexToNumber(slice(signature, signatureLength, proofStart)),
    proof: Array.from({ length: height }, (_, i) => slice(signature, proofStart + 32 * i, proofStart + 32 * (i + 1))),
  };
}

/** Parameters of {@link bulkOrderDigest}. */
export interface BulkOrderDigestParameters {
  /** The order's own hash (`orderHash(order)`, the tree leaf). */
  orderHash: Hex;
  index: number;
  proof: readonly Hex[];
  chainId: number;
  seaport: Address;
}

/**
 * The digest Seaport recovers a bulk-signed order's signer from: the root is rebuilt from the leaf, the
 * sibling going left where bit `level` of `index` is 1 (`_computeBulkOrderProof`). Check the signer with
 * `recoverAddress({ hash: digest, signature })` (viem takes 65 bytes only: expand a 64-byte one with
 * `compactSignatureToSignature(parseCompactSignature(…))`). @throws RangeError for 0 or over 24 levels
 */
export function bulkOrderDigest({ orderHash: leaf, index, proof, chainId, seaport }: BulkOrderDigestParameters): Hex {
  assertHeight(proof.length);
  let root = leaf;
  for (const [level, sibling] of proof.entries()) {
    root = keccak256(concat((index >> level) & 1 ? [sibling, root] : [root, sibling]));
  }
  const domain = { ...seaportDomain({ chainId, seaport }), chainId: BigInt(chainId) };
  const domainSeparator = hashDomain({ domain, types: { EIP712Domain: EIP712_DOMAIN_FIELDS } });
  const structHash = keccak256(concat([bulkOrderTypehash(proof.length), root]));
  return keccak256(concat(['0x1901', domainSeparator, structHash]));
}
