/**
 * Bulk order signatures without a chain: tree shape and padding, Seaport's typehashes, signatures that
 * recover through `bulkOrderDigest`, and agreement with `@opensea/seaport-js` (its merkle tree and its own
 * `signBulkOrder`, signing with an ethers wallet). The on-chain sale is in `bulkOrderSale.test.ts`.
 */

import { Seaport } from '@opensea/seaport-js';
import type { OrderComponents as SeaportJsOrderComponents } from '@opensea/seaport-js/lib/types.js';
import { getBulkOrderTree } from '@opensea/seaport-js/lib/utils/eip712/bulk-orders.js';
import { JsonRpcProvider, Wallet } from 'ethers';
import {
  type Address,
  compactSignatureToSignature,
  concat,
  createWalletClient,
  type Hex,
  hashStruct,
  hashTypedData,
  http,
  keccak256,
  parseCompactSignature,
  parseEther,
  recoverAddress,
  type TypedData,
  zeroAddress,
  zeroHash,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';

import { ANVIL_KEYS } from '#tests/helpers/testWallet';
import { buildSellOrder } from '../seaport/buildSellOrder';
import { orderHash } from '../seaport/orderHash';
import { seaportDomain } from '../seaport/seaportDomain';
import type { OrderComponents } from '../seaport/seaportTypes';
import {
  BULK_PADDING_ORDER,
  buildBulkOrderTree,
  bulkOrderDigest,
  bulkOrderTypehash,
  bulkOrderTypes,
  bulkTreeHeight,
  readBulkSignature,
  signBulkOrder,
} from './bulkOrder';

const CHAIN_ID = 137;
const SEAPORT: Address = '0x0000000000000068F116a894984e2DB1123eB395';
const sellerKey = ANVIL_KEYS[1];
const seller = privateKeyToAccount(sellerKey);
// A local account signs without the transport; the URL is never called.
const wallet = createWalletClient({ account: seller, transport: http('http://127.0.0.1:9') });

/** `count` listings of cards 1..count by the seller, each at a different price. */
function listings(count: number): OrderComponents[] {
  return Array.from({ length: count }, (_, i) =>
    buildSellOrder({
      seller: seller.address,
      nft: { contract: '0x00000000000000000000000000000000000ca4d5', tokenId: BigInt(i + 1) },
      price: parseEther('0.1') * BigInt(i + 1) + 7n,
      currency: zeroAddress,
      platformFee: { bps: 250, recipient: '0x000000000000000000000000000000000000fee0' },
      royalty: { receiver: '0x0000000000000000000000000000000000c0ffee', amount: 12_345n * BigInt(i + 1) },
      startTime: 1_700_000_000n,
      endTime: 1_800_000_000n,
      salt: 1_000_003n * BigInt(i + 1),
      counter: 0n,
      conduitKey: zeroHash,
    }),
  );
}

/** The same order in seaport-js's shape (decimal strings, `totalOriginalConsiderationItems`). */
function toSeaportJs(order: OrderComponents): SeaportJsOrderComponents {
  const item = <T extends { identifierOrCriteria: bigint; startAmount: bigint; endAmount: bigint }>(value: T) => ({
    ...value,
    identifierOrCriteria: value.identifierOrCriteria.toString(),
    startAmount: value.startAmount.toString(),
    endAmount: value.endAmount.toString(),
  });
  return {
    ...order,
    offer: order.offer.map(item),
    consideration: order.consideration.map(item),
    salt: order.salt.toString(),
    totalOriginalConsiderationItems: order.consideration.length,
  } as SeaportJsOrderComponents;
}

/** {@link readBulkSignature}, failing the test when `signature` is not a bulk signature. */
function bulkParts(signature: Hex | undefined) {
  const parts = signature === undefined ? undefined : readBulkSignature(signature);
  if (!parts) throw new Error(`not a bulk signature: ${signature}`);
  return parts;
}

describe('the tree', () => {
  test('is ceil(log2(count)) high, at least 1, for 1..2^24 orders', () => {
    const heights = [1, 2, 3, 4, 5, 8, 9, 1024, 1025, 2 ** 24].map(bulkTreeHeight);
    expect(heights).toEqual([1, 1, 2, 2, 3, 3, 4, 10, 11, 24]);
    for (const count of [0, -1, 1.5, 2 ** 24 + 1]) expect(() => bulkTreeHeight(count)).toThrow(RangeError);
  });

  test('types nest OrderComponents in [2] once per level, for heights 1..24 only', () => {
    expect(bulkOrderTypes(3).BulkOrder).toEqual([{ name: 'tree', type: 'OrderComponents[2][2][2]' }]);
    expect(Object.keys(bulkOrderTypes(1)).sort()).toEqual([
      'BulkOrder',
      'ConsiderationItem',
      'OfferItem',
      'OrderComponents',
    ]);
    for (const height of [0, 25, 2.5]) expect(() => bulkOrderTypes(height)).toThrow(RangeError);
  });

  test("typehashes equal Seaport 1.6's BulkOrder_Typehash_Height_* constants", () => {
    expect(bulkOrderTypehash(1)).toBe('0x3ca2711d29384747a8f61d60aad3c450405f7aaff5613541dee28df2d6986d32');
    expect(bulkOrderTypehash(2)).toBe('0xbf8e29b89f29ed9b529c154a63038ffca562f8d7cd1e2545dda53a1b582dde30');
    expect(bulkOrderTypehash(3)).toBe('0x53c6f6856e13104584dd0797ca2b2779202dc2597c6066a42e0d8fe990b0024d');
    expect(bulkOrderTypehash(24)).toBe('0x1d51df90cba8de7637ca3e8fe1e3511d1dc2f23487d05dbdecb781860c21ac1c');
  });

  test('of 5 orders is padded to 8 with the empty order, and its root is the BulkOrder struct under the typehash', () => {
    const orders = listings(5);
    const tree = buildBulkOrderTree(orders);
    expect(tree.height).toBe(3);
    expect(tree.leaves).toEqual([...orders.map(orderHash), ...Array(3).fill(orderHash(BULK_PADDING_ORDER))]);
    // [[[o0, o1], [o2, o3]], [[o4, pad], [pad, pad]]]
    expect(tree.tree).toEqual([
      [orders.slice(0, 2), orders.slice(2, 4)],
      [
        [orders[4], BULK_PADDING_ORDER],
        [BULK_PADDING_ORDER, BULK_PADDING_ORDER],
      ],
    ]);
    const types = bulkOrderTypes(3) as TypedData;
    const structHash = hashStruct({ types, primaryType: 'BulkOrder', data: { tree: tree.tree } });
    expect(structHash).toBe(keccak256(concat([bulkOrderTypehash(3), tree.root])));
    expect(() => tree.proof(8)).toThrow(RangeError);
    expect(() => buildBulkOrderTree([])).toThrow(RangeError);
  });

  test("equals seaport-js's tree: padding leaf, root and every proof", () => {
    for (const count of [1, 2, 5, 8, 13]) {
      const orders = listings(count);
      const ours = buildBulkOrderTree(orders);
      const theirs = getBulkOrderTree(orders.map(toSeaportJs));
      expect(theirs.depth).toBe(ours.height);
      expect(theirs.defaultLeaf).toBe(orderHash(BULK_PADDING_ORDER));
      expect(theirs.root).toBe(ours.root);
      for (const index of ours.leaves.keys()) expect(theirs.getProof(index).proof).toEqual(ours.proof(index));
    }
  });
});

describe('signBulkOrder', () => {
  test('signs 5 orders once; each order’s digest recovers the seller and equals the whole tree’s typed-data hash', async () => {
    const orders = listings(5);
    const signatures = await signBulkOrder(wallet, { orders, chainId: CHAIN_ID, seaport: SEAPORT });
    const tree = buildBulkOrderTree(orders);
    const whole = hashTypedData({
      domain: seaportDomain({ chainId: CHAIN_ID, seaport: SEAPORT }),
      types: bulkOrderTypes(3) as TypedData,
      primaryType: 'BulkOrder',
      message: { tree: tree.tree },
    });
    expect(signatures).toHaveLength(5);
    for (const [index, signature] of signatures.entries()) {
      expect((signature.length - 2) / 2).toBe(65 + 3 + 32 * 3);
      const parts = bulkParts(signature);
      expect(parts.index).toBe(index);
      expect(parts.proof).toEqual(tree.proof(index));
      expect(parts.signature).toBe(bulkParts(signatures[0]).signature);
      const digest = bulkOrderDigest({
        orderHash: orderHash(orders[index] as OrderComponents),
        ...parts,
        chainId: CHAIN_ID,
        seaport: SEAPORT,
      });
      expect(digest).toBe(whole);
      expect(await recoverAddress({ hash: digest, signature: parts.signature })).toBe(seller.address);
    }
  });

  test('the digest changes with the domain, the index or another order', async () => {
    const orders = listings(5);
    const [first] = await signBulkOrder(wallet, { orders, chainId: CHAIN_ID, seaport: SEAPORT });
    const parts = bulkParts(first);
    const good = { orderHash: orderHash(orders[0] as OrderComponents), ...parts, chainId: CHAIN_ID, seaport: SEAPORT };
    const digest = bulkOrderDigest(good);
    expect(bulkOrderDigest({ ...good, chainId: 1 })).not.toBe(digest);
    expect(bulkOrderDigest({ ...good, index: 1 })).not.toBe(digest);
    expect(bulkOrderDigest({ ...good, orderHash: orderHash(orders[1] as OrderComponents) })).not.toBe(digest);
    // Seaport reads only the lowest `height` bits of the index: 8 points at leaf 0 of a tree of 8.
    expect(bulkOrderDigest({ ...good, index: 8 })).toBe(digest);
  });

  test('signs a single order as a tree of height 1, padded with one empty order', async () => {
    const [order] = listings(1) as [OrderComponents];
    const [signature] = await signBulkOrder(wallet, { orders: [order], chainId: CHAIN_ID, seaport: SEAPORT });
    const parts = bulkParts(signature);
    expect(parts.proof).toEqual([orderHash(BULK_PADDING_ORDER)]);
    const digest = bulkOrderDigest({ orderHash: orderHash(order), ...parts, chainId: CHAIN_ID, seaport: SEAPORT });
    expect(await recoverAddress({ hash: digest, signature: parts.signature })).toBe(seller.address);
  });

  test("compact signatures are byte for byte seaport-js's signBulkOrder, signed by an ethers wallet", async () => {
    const orders = listings(5);
    const provider = new JsonRpcProvider('http://127.0.0.1:9', CHAIN_ID, { staticNetwork: true });
    try {
      // seaport-js is CommonJS and is typed against ethers' CommonJS build, this file gets the ESM one: the
      // classes are the same at run time, their declarations differ only in private fields.
      const signer = new Wallet(sellerKey, provider) as unknown as ConstructorParameters<typeof Seaport>[0];
      const seaportJs = new Seaport(signer, { overrides: { contractAddress: SEAPORT } });
      const theirs = await seaportJs.signBulkOrder(orders.map(toSeaportJs));
      const compact = await signBulkOrder(wallet, { orders, chainId: CHAIN_ID, seaport: SEAPORT, compact: true });
      const full = await signBulkOrder(wallet, { orders, chainId: CHAIN_ID, seaport: SEAPORT });
      expect(compact).toEqual(theirs.map((order) => order.signature));
      for (const [index, signature] of compact.entries()) {
        expect((signature.length - 2) / 2).toBe(64 + 3 + 32 * 3);
        const parts = bulkParts(signature);
        const longer = bulkParts(full[index]);
        expect({ ...parts, signature: undefined }).toEqual({ ...longer, signature: undefined });
        const digest = bulkOrderDigest({
          orderHash: orderHash(orders[index] as OrderComponents),
          ...parts,
          chainId: CHAIN_ID,
          seaport: SEAPORT,
        });
        // viem recovers from 65-byte signatures only: a compact one is expanded first.
        const expanded = compactSignatureToSignature(parseCompactSignature(parts.signature));
        expect(await recoverAddress({ hash: digest, signature: expanded })).toBe(seller.address);
      }
    } finally {
      provider.destroy();
    }
  });
});

describe('readBulkSignature', () => {
  const byte = (count: number) => `0x${'ab'.repeat(count)}` as Hex;

  test('reads Seaport’s shortest and longest bulk lengths, with the index big-endian', () => {
    const shortest = readBulkSignature(concat([byte(64), '0x000102', byte(32)]));
    expect(shortest).toEqual({ signature: byte(64), index: 0x102, proof: [byte(32)] });
    const longest = readBulkSignature(concat([byte(65), '0xffffff', ...Array<Hex>(24).fill(byte(32))]));
    expect(longest?.index).toBe(2 ** 24 - 1);
    expect(longest?.signature).toBe(byte(65));
    expect(longest?.proof).toHaveLength(24);
  });

  test('is undefined for plain signatures, wrong lengths and malformed hex', () => {
    for (const length of [0, 64, 65, 98, 101, 66 + 32, 65 + 3 + 32 * 25, 64 + 3 + 32 * 25]) {
      expect(readBulkSignature(byte(length))).toBeUndefined();
    }
    expect(readBulkSignature(`${byte(99)}a` as Hex)).toBeUndefined();
    expect(readBulkSignature(`0x${'zz'.repeat(99)}` as Hex)).toBeUndefined();
  });
});
