/**
 * The server's signature check against Seaport 1.6's own, on anvil: for every form a client may send (65-byte,
 * EIP-2098 compact 64-byte of either parity, bulk with either inside, a 65-byte one with `v` 0 or 1, a
 * stranger's, garbage, and a contract wallet's ERC-1271 signatures), `isOrderSignatureValid` says what
 * Seaport's `validate` says when a third party sends the order (Seaport checks the signature then).
 */
import { readFileSync } from 'node:fs';
import {
  type Address,
  concat,
  encodeFunctionData,
  type Hex,
  keccak256,
  parseAbi,
  parseSignature,
  serializeCompactSignature,
  signatureToCompactSignature,
  toHex,
  zeroAddress,
} from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LocalWallet } from '#tests/helpers/localMarket';
import { startTestMarket, type TestMarket } from '#tests/helpers/testMarket';
import { signBulkOrder } from '../bulk/bulkOrder';
import { buildSellOrder } from './buildSellOrder';
import { isOrderSignatureValid } from './orderSignature.server';
import type { OrderComponents } from './seaportTypes';
import { signOrder } from './signOrder';

const validateAbi = parseAbi([
  'struct OfferItem { uint8 itemType; address token; uint256 identifierOrCriteria; uint256 startAmount; uint256 endAmount; }',
  'struct ConsiderationItem { uint8 itemType; address token; uint256 identifierOrCriteria; uint256 startAmount; uint256 endAmount; address recipient; }',
  'struct OrderParameters { address offerer; address zone; OfferItem[] offer; ConsiderationItem[] consideration; uint8 orderType; uint256 startTime; uint256 endTime; bytes32 zoneHash; uint256 salt; bytes32 conduitKey; uint256 totalOriginalConsiderationItems; }',
  'struct Order { OrderParameters parameters; bytes signature; }',
  'function validate(Order[] orders) returns (bool)',
]);
const artifact = (name: string) =>
  JSON.parse(readFileSync(`contracts/artifacts/${name}.json`, 'utf8')) as { abi: unknown[]; bytecode: Hex };

let fixture: TestMarket;
let smartAccount: Address;
let salt = 1n;

beforeAll(async () => {
  fixture = await startTestMarket();
  const { deployer, publicClient, mined } = fixture.market;
  const factoryArtifact = artifact('TestSmartAccountFactory');
  const deployed = await mined(
    await deployer.deployContract({ abi: factoryArtifact.abi, bytecode: factoryArtifact.bytecode }),
  );
  const factory = deployed.contractAddress as Address;
  const accountSalt = keccak256(toHex('orders'));
  // The smart account's owner is the seller's key.
  const args = [fixture.market.seller.account.address, accountSalt] as const;
  await mined(
    await deployer.sendTransaction({
      to: factory,
      data: encodeFunctionData({ abi: factoryArtifact.abi, functionName: 'deploy', args }),
    }),
  );
  smartAccount = (await publicClient.readContract({
    address: factory,
    abi: factoryArtifact.abi,
    functionName: 'accountAddress',
    args,
  })) as Address;
}, 120_000);

afterAll(async () => {
  await fixture?.market.stop();
});

/** A listing offered by `offerer` (its Seaport counter is 0 on a fresh chain). */
function listing(offerer: Address): OrderComponents {
  salt += 1n;
  return buildSellOrder({
    seller: offerer,
    nft: { contract: fixture.card, tokenId: 1n },
    price: 10n ** 18n,
    currency: zeroAddress,
    platformFee: { bps: 250, recipient: '0x000000000000000000000000000000000000fee0' },
    startTime: 1n,
    endTime: 2n ** 40n,
    salt,
    counter: 0n,
    conduitKey: fixture.market.contracts.conduitKey,
  });
}

const sign = (wallet: LocalWallet, order: OrderComponents) =>
  signOrder(wallet, { order, chainId: 1, seaport: fixture.market.contracts.seaport, account: wallet.account });
const compact = (signature: Hex) => serializeCompactSignature(signatureToCompactSignature(parseSignature(signature)));
/** The same signature with `v` as a y parity (0 or 1), as some signers write it. */
const parityV = (signature: Hex) => concat([signature.slice(0, 130) as Hex, toHex(parseSignature(signature).yParity)]);

/** Whether Seaport takes `signature` of `order`: its `validate`, sent by someone who is not the offerer. */
async function seaportTakes(order: OrderComponents, signature: Hex): Promise<boolean> {
  const { publicClient, buyer, contracts } = fixture.market;
  const parameters = { ...order, totalOriginalConsiderationItems: BigInt(order.consideration.length) };
  try {
    await publicClient.simulateContract({
      account: buyer.account.address,
      address: contracts.seaport,
      abi: validateAbi,
      functionName: 'validate',
      args: [[{ parameters, signature }]],
    });
    return true;
  } catch {
    return false;
  }
}

/** The server's answer and Seaport's, which must agree. */
async function bothSay(order: OrderComponents, signature: Hex) {
  const ours = await isOrderSignatureValid(fixture.chain, fixture.market.contracts.seaport, order, signature);
  return { ours, seaport: await seaportTakes(order, signature) };
}

describe('an EOA’s order signature, as Seaport reads it', () => {
  test('65-byte and EIP-2098 compact 64-byte signatures of both y parities are the offerer’s', async () => {
    const { seller } = fixture.market;
    const parities = new Set<number>();
    for (let tries = 0; parities.size < 2 && tries < 40; tries += 1) {
      const order = listing(seller.account.address);
      const signature = await sign(seller, order);
      const parity = parseSignature(signature).yParity;
      if (parities.has(parity)) continue;
      parities.add(parity);
      expect(await bothSay(order, signature)).toEqual({ ours: true, seaport: true });
      expect(await bothSay(order, compact(signature)), `compact, y parity ${parity}`).toEqual({
        ours: true,
        seaport: true,
      });
    }
    expect(parities.size).toBe(2);
  });

  test('a 65-byte signature with v 0 or 1 is refused, as Seaport’s ecrecover refuses it', async () => {
    const { seller } = fixture.market;
    const order = listing(seller.account.address);
    expect(await bothSay(order, parityV(await sign(seller, order)))).toEqual({ ours: false, seaport: false });
  });

  test('bulk signatures with either form inside are the offerer’s; a stranger’s and garbage are not', async () => {
    const { seller, buyer, contracts } = fixture.market;
    const orders = [listing(seller.account.address), listing(seller.account.address), listing(seller.account.address)];
    for (const compactInside of [false, true]) {
      const signatures = await signBulkOrder(seller, {
        orders,
        chainId: 1,
        seaport: contracts.seaport,
        ...(compactInside ? { compact: true } : {}),
      });
      for (const [index, order] of orders.entries()) {
        expect(await bothSay(order, signatures[index] as Hex)).toEqual({ ours: true, seaport: true });
      }
      // Another order's place in the tree.
      expect(await bothSay(orders[0] as OrderComponents, signatures[1] as Hex)).toEqual({
        ours: false,
        seaport: false,
      });
    }
    const order = listing(seller.account.address);
    const strangers = await sign(buyer, order);
    for (const signature of [strangers, compact(strangers), '0x' as Hex, `0x${'11'.repeat(63)}` as Hex]) {
      expect(await bothSay(order, signature), signature).toEqual({ ours: false, seaport: false });
    }
  });
});

describe('a contract wallet’s order signature (ERC-1271)', () => {
  test('is what its isValidSignature says for the order’s digest and the bytes as sent', async () => {
    const { seller, buyer, contracts } = fixture.market;
    const order = listing(smartAccount);
    // The account takes 65-byte signatures by its owner's key (OpenZeppelin's ECDSA.tryRecover).
    const owners = await sign(seller, order);
    expect(await bothSay(order, owners)).toEqual({ ours: true, seaport: true });
    expect(await bothSay(order, compact(owners))).toEqual({ ours: false, seaport: false });
    expect(await bothSay(order, await sign(buyer, order))).toEqual({ ours: false, seaport: false });
    // A bulk signature is passed whole with the order's own digest, which this account does not take.
    const [bulk] = await signBulkOrder(seller, { orders: [order], chainId: 1, seaport: contracts.seaport });
    expect(await bothSay(order, bulk as Hex)).toEqual({ ours: false, seaport: false });
  });
});
