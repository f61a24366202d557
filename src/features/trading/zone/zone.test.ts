/**
 * The Kirafuda zone and the card's transfer rules on a real anvil with Seaport 1.6 (one chain for the file): a zone
 * order fills only with the server's fresh signature for its fulfiller; a "royalty guaranteed" card moves by an
 * operator only inside a zone fill that pays its royalty, and freely as its holder's own gift; an open collection
 * trades as before; a holder with no coin lists with a signature only; contract wallets and EIP-7702 accounts buy;
 * nobody can set a transfer authorization outside a fill; and what the zone costs in gas.
 */
import {
  type Abi,
  type Address,
  encodeFunctionData,
  erc721Abi,
  getAddress,
  type Hex,
  parseEther,
  zeroAddress,
  zeroHash,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  approveConduit,
  deployCard,
  issueToSeller,
  type LocalMarket,
  startLocalMarket,
} from '#tests/helpers/localMarket';
import { revertName } from '#tests/helpers/revertName';
import { zoneExtraData } from '#tests/helpers/testZone';
import {
  CREATOR,
  FEE_BPS,
  fillAdvanced,
  PRICE,
  ROYALTY_BPS,
  signedBy,
  terms,
  zoneListing,
  zoneParameters,
  zoneParametersAbi,
} from '#tests/helpers/zoneFills';
import hostileArtifact from '../../../../contracts/artifacts/TestHostileWallet.json';
import smartAccountArtifact from '../../../../contracts/artifacts/TestSmartAccount.json';
import { cardAbi } from '../contracts/cardAbi';
import { advancedOrder } from '../seaport/advancedOrder';
import { fulfillOrder } from '../seaport/fulfillOrder';
import { orderHash } from '../seaport/orderHash';
import { seaportAbi } from '../seaport/seaportAbi';
import type { OrderComponents } from '../seaport/seaportTypes';
import { zoneAdminAbi } from './zoneAbi';
import { privateZoneHash } from './zoneHash';

let market: LocalMarket;
/** An open collection (the market's card) and a guaranteed one, 10 cards each to the seller. */
let open: Address;
let guaranteed: Address;

beforeAll(async () => {
  market = await startLocalMarket({ chainId: 31_337 });
  open = market.contracts.card;
  guaranteed = await deployCard(market, 'Guaranteed');
  const design = { creator: CREATOR, royaltyBps: ROYALTY_BPS, maxSerials: 50n, count: 10n };
  await issueToSeller(market, design);
  await issueToSeller(market, { ...design, card: guaranteed, royaltyGuaranteed: true });
}, 60_000);

afterAll(async () => {
  await market?.stop();
});

const listing = (card: Address, tokenId: bigint, options: Parameters<typeof zoneListing>[3] = {}) =>
  zoneListing(market, card, tokenId, options);
const signed = (order: OrderComponents, signer = market.seller) => signedBy(market, order, signer);
const fill = (order: OrderComponents, signature: Hex, extraData: Hex, buyer = market.buyer) =>
  fillAdvanced(market, order, signature, extraData, buyer);

const ownerOf = (card: Address, tokenId: bigint) =>
  market.publicClient.readContract({ address: card, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] });

describe('fills through the zone', () => {
  test('a zone listing fills with the server signature for its buyer; without it, expired or for someone else it reverts', async () => {
    const { order, signature } = await signed(await listing(open, 1n));
    const hash = orderHash(order);
    const buyer = market.buyer.account.address;
    expect((await fill(order, signature, '0x')).failed).toBe('InvalidExtraData');
    expect(
      (await fill(order, signature, await zoneExtraData(market, hash, buyer, { context: terms, seconds: -1 }))).failed,
    ).toBe('SignatureExpired');
    const forSeller = await zoneExtraData(market, hash, market.seller.account.address, { context: terms });
    expect((await fill(order, signature, forSeller)).failed).toBe('InvalidFulfiller');
    const stranger = await zoneExtraData(market, hash, buyer, { context: terms, key: generatePrivateKey() });
    expect((await fill(order, signature, stranger)).failed).toBe('SignerNotActive');
    // The basic route gives a zone no extra data: a restricted listing never fills there.
    const basic = await revertName(
      fulfillOrder(market.buyer, {
        seaport: market.contracts.seaport,
        order,
        signature,
        fulfillerConduitKey: market.contracts.conduitKey,
        method: 'basic',
      }),
    ).catch(() => 'refused');
    expect(basic).toBeDefined();
    expect(
      (await fill(order, signature, await zoneExtraData(market, hash, buyer, { context: terms }))).failed,
    ).toBeUndefined();
    expect(await ownerOf(open, 1n)).toBe(getAddress(buyer));
  }, 60_000);

  test('the zone refuses an order short of the platform fee or the royalty the card asks', async () => {
    const buyer = market.buyer.account.address;
    const noRoyalty = await signed(await listing(open, 2n, { royalty: false }));
    const extra = await zoneExtraData(market, orderHash(noRoyalty.order), buyer, { context: terms });
    expect((await fill(noRoyalty.order, noRoyalty.signature, extra)).failed).toBe('RoyaltyNotPaid');
    const plain = await signed(await listing(open, 3n));
    const higherFee = await zoneExtraData(market, orderHash(plain.order), buyer, {
      context: { ...terms, feeBps: 500 },
    });
    expect((await fill(plain.order, plain.signature, higherFee)).failed).toBe('FeeNotPaid');
  }, 60_000);

  test('a private order (a counter) fills only for the address its zone hash names', async () => {
    const taker = market.buyer.account.address;
    const { order, signature } = await signed(await listing(open, 4n, { zoneHash: privateZoneHash(taker) }));
    const hash = orderHash(order);
    const other = market.deployer;
    const forOther = await zoneExtraData(market, hash, other.account.address, { context: terms });
    expect((await fill(order, signature, forOther, other)).failed).toBe('InvalidFulfiller');
    expect(
      (await fill(order, signature, await zoneExtraData(market, hash, taker, { context: terms }))).failed,
    ).toBeUndefined();
  }, 60_000);
});

describe('royalties that hold, gifts that stay free', () => {
  test('a zero-royalty open order through the conduit reverts on a guaranteed card and fills on an open one', async () => {
    const zeroRoyalty = async (card: Address, tokenId: bigint) => {
      const { order, signature } = await signed(await listing(card, tokenId, { zone: zeroAddress, royalty: false }));
      return fill(order, signature, '0x');
    };
    expect((await zeroRoyalty(guaranteed, 1n)).failed).toBe('TransferNotAuthorized');
    expect(await ownerOf(guaranteed, 1n)).toBe(market.seller.account.address);
    expect((await zeroRoyalty(open, 5n)).failed).toBeUndefined();
    expect(await ownerOf(open, 5n)).toBe(market.buyer.account.address);
  }, 60_000);

  test('the holder gives a guaranteed card away themself; an address they approved cannot move it', async () => {
    const { seller, deployer, mined } = market;
    const friend = deployer.account.address;
    await mined(
      await seller.writeContract({ address: guaranteed, abi: erc721Abi, functionName: 'approve', args: [friend, 2n] }),
    );
    const taken = await revertName(
      market.publicClient.simulateContract({
        address: guaranteed,
        abi: [...erc721Abi, ...cardAbi],
        functionName: 'transferFrom',
        args: [seller.account.address, friend, 2n],
        account: deployer.account,
      }),
    );
    expect(taken).toBe('TransferNotAuthorized');
    await mined(
      await seller.writeContract({
        address: guaranteed,
        abi: erc721Abi,
        functionName: 'transferFrom',
        args: [seller.account.address, friend, 2n],
      }),
    );
    expect(await ownerOf(guaranteed, 2n)).toBe(friend);
  }, 60_000);

  test('a guaranteed card sells through the zone, paying its royalty', async () => {
    const before = await market.publicClient.getBalance({ address: CREATOR });
    const { order, signature } = await signed(await listing(guaranteed, 3n));
    const extra = await zoneExtraData(market, orderHash(order), market.buyer.account.address, { context: terms });
    expect((await fill(order, signature, extra)).failed).toBeUndefined();
    expect(await ownerOf(guaranteed, 3n)).toBe(market.buyer.account.address);
    expect((await market.publicClient.getBalance({ address: CREATOR })) - before).toBe(
      (PRICE * BigInt(ROYALTY_BPS)) / 10_000n,
    );
  }, 60_000);

  test('nobody sets a transfer authorization outside a fill: the zone answers Seaport only', async () => {
    const { order } = await signed(await listing(guaranteed, 4n));
    const attacker = market.deployer;
    const hash = orderHash(order);
    const extraData = await zoneExtraData(market, hash, attacker.account.address, { context: terms });
    const direct = await revertName(
      market.publicClient.simulateContract({
        address: market.contracts.zone,
        abi: zoneParametersAbi,
        functionName: 'authorizeOrder',
        args: [zoneParameters(order, hash, attacker.account.address, extraData)],
        account: attacker.account,
      }),
    );
    expect(direct).toBe('CallerNotSeaport');
  });
});

describe('listing costs no gas', () => {
  test('a holder with no coin lists with a signature only and a buyer fills it', async () => {
    const holder = privateKeyToAccount(generatePrivateKey());
    const { seller, mined, publicClient } = market;
    await mined(
      await seller.writeContract({
        address: guaranteed,
        abi: erc721Abi,
        functionName: 'transferFrom',
        args: [seller.account.address, holder.address, 5n],
      }),
    );
    expect(await publicClient.getBalance({ address: holder.address })).toBe(0n);
    expect(
      await publicClient.readContract({
        address: guaranteed,
        abi: erc721Abi,
        functionName: 'isApprovedForAll',
        args: [holder.address, market.contracts.conduit],
      }),
    ).toBe(true);
    const order = await listing(guaranteed, 5n, { seller: holder.address });
    const signature = await holder.signTypedData({
      domain: {
        name: 'Seaport',
        version: '1.6',
        chainId: market.chain.id,
        verifyingContract: market.contracts.seaport,
      },
      types: (await import('../seaport/seaportTypes')).seaportOrderTypes,
      primaryType: 'OrderComponents',
      message: { ...order, offer: [...order.offer], consideration: [...order.consideration] },
    });
    const extra = await zoneExtraData(market, orderHash(order), market.buyer.account.address, { context: terms });
    expect((await fill(order, signature, extra)).failed).toBeUndefined();
    expect(await ownerOf(guaranteed, 5n)).toBe(market.buyer.account.address);
    expect(await publicClient.getBalance({ address: holder.address })).toBe(
      PRICE - (PRICE * BigInt(FEE_BPS + ROYALTY_BPS)) / 10_000n,
    );
  }, 60_000);

  test('the holder can revoke the conduit; then a zone listing of theirs no longer fills', async () => {
    const { seller } = market;
    await approveConduit(market, seller, open, false);
    const { order, signature } = await signed(await listing(open, 6n));
    const extra = await zoneExtraData(market, orderHash(order), market.buyer.account.address, { context: terms });
    expect((await fill(order, signature, extra)).failed).toBeDefined();
    await approveConduit(market, seller, open, true);
    expect((await fill(order, signature, extra)).failed).toBeUndefined();
  }, 60_000);
});

describe('buyers that are contracts', () => {
  test('a contract wallet buys through the zone: the signature names the wallet', async () => {
    const { buyer, publicClient, mined } = market;
    const hash = await buyer.deployContract({
      abi: hostileArtifact.abi as Abi,
      bytecode: hostileArtifact.bytecode as Hex,
      args: [buyer.account.address],
    });
    const wallet = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress as Address;
    const { order, signature } = await signed(await listing(guaranteed, 6n));
    const extraData = await zoneExtraData(market, orderHash(order), wallet, { context: terms });
    const data = encodeFunctionData({
      abi: seaportAbi,
      functionName: 'fulfillAdvancedOrder',
      args: [advancedOrder({ order, signature }, 1n, 1n, extraData), [], market.contracts.conduitKey, zeroAddress],
    });
    await mined(
      await buyer.writeContract({
        address: wallet,
        abi: hostileArtifact.abi as Abi,
        functionName: 'execute',
        args: [market.contracts.seaport, PRICE, data],
        value: PRICE,
      }),
    );
    expect(await ownerOf(guaranteed, 6n)).toBe(getAddress(wallet));
  }, 60_000);

  test('an EIP-7702 delegated account buys in its own transaction', async () => {
    const { publicClient, deployer, mined } = market;
    const eoa = privateKeyToAccount(generatePrivateKey());
    await mined(await deployer.sendTransaction({ to: eoa.address, value: parseEther('3') }));
    const code = await deployer.deployContract({
      abi: smartAccountArtifact.abi as Abi,
      bytecode: smartAccountArtifact.bytecode as Hex,
      args: [eoa.address],
    });
    const delegate = (await publicClient.waitForTransactionReceipt({ hash: code })).contractAddress as Address;
    const { createWalletClient, http } = await import('viem');
    const wallet = createWalletClient({ account: eoa, chain: market.chain, transport: http(market.anvil.rpcUrl) });
    const authorization = await wallet.signAuthorization({ contractAddress: delegate, executor: 'self' });
    const { order, signature } = await signed(await listing(guaranteed, 7n));
    const extraData = await zoneExtraData(market, orderHash(order), eoa.address, { context: terms });
    // The delegation rides on the purchase itself: the buyer has code when Seaport and the zone see it.
    await mined(
      await wallet.writeContract({
        address: market.contracts.seaport,
        abi: seaportAbi,
        functionName: 'fulfillAdvancedOrder',
        args: [advancedOrder({ order, signature }, 1n, 1n, extraData), [], market.contracts.conduitKey, zeroAddress],
        value: PRICE,
        authorizationList: [authorization],
        gas: 1_000_000n,
      }),
    );
    expect((await publicClient.getCode({ address: eoa.address }))?.startsWith('0xef0100')).toBe(true);
    expect(await ownerOf(guaranteed, 7n)).toBe(eoa.address);
  }, 60_000);
});

describe('gas', () => {
  test('the zone adds at most 25,000 gas to a fill of the same card from the same chain state', async () => {
    const buyer = market.buyer.account.address;
    /** The gas of filling card `tokenId` of `card` once as an open order and once through the zone, from one state. */
    const compare = async (card: Address, tokenId: bigint) => {
      const rpc = (method: string, params: unknown[]) =>
        market.publicClient.request({ method: method as never, params: params as never }) as Promise<Hex>;
      const snapshot = await rpc('evm_snapshot', []);
      const plain = await signed(await listing(card, tokenId, { zone: zeroAddress }));
      const open = await fill(plain.order, plain.signature, '0x');
      await rpc('evm_revert', [snapshot]);
      const zoned = await signed(await listing(card, tokenId));
      const extraData = await zoneExtraData(market, orderHash(zoned.order), buyer, { context: terms });
      const zone = await fill(zoned.order, zoned.signature, extraData);
      return { open: open.gas ?? 0n, zone: zone.gas ?? 0n, failed: open.failed ?? zone.failed };
    };
    const openCollection = await compare(open, 9n);
    expect(openCollection.failed).toBeUndefined();
    console.info(
      `[gas] fulfillAdvancedOrder, open collection: open order ${openCollection.open}, zone order ${openCollection.zone}`,
    );
    expect(openCollection.zone - openCollection.open).toBeLessThanOrEqual(25_000n);
    // A guaranteed card fills only through the zone: its cost against the same fill of an open card.
    const held = await signed(await listing(guaranteed, 9n));
    const heldFill = await fill(
      held.order,
      held.signature,
      await zoneExtraData(market, orderHash(held.order), buyer, { context: terms }),
    );
    console.info(`[gas] fulfillAdvancedOrder, guaranteed card through the zone: ${heldFill.gas}`);
    expect(heldFill.failed).toBeUndefined();
  }, 60_000);

  test('the zone publishes its SIP-7 information and signer', async () => {
    const signers = await market.publicClient.readContract({
      address: market.contracts.zone,
      abi: zoneAdminAbi,
      functionName: 'getActiveSigners',
    });
    expect(signers).toHaveLength(1);
    const [separator] = await market.publicClient.readContract({
      address: market.contracts.zone,
      abi: zoneAdminAbi,
      functionName: 'sip7Information',
    });
    expect(separator).not.toBe(zeroHash);
  });
});
