/**
 * Money the platform owes illustrators, end to end on a real chain: the built server's indexer reads fills
 * from anvil and the dashboard's payout endpoint decides what can be requested. Only fills of orders the site
 * stored book revenue, in each item's own listed token; what reaches the illustrator's own wallet is received
 * on chain (never payable); what reaches the platform's payment address for them is payable, to the wei.
 */

import { Seaport } from '@opensea/seaport-js';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { JsonRpcProvider, Wallet } from 'ethers';
import { type Address, erc20Abi, type Hex, parseEther, zeroAddress, zeroHash } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import atemArtifact from '../../contracts/artifacts/Atem.json';
import { hashPassword } from '../../src/features/session/passwords.server.ts';
import { settlementArgs } from '../../src/features/trading/auction/settlementCall.ts';
import { fulfillOrder } from '../../src/features/trading/seaport/fulfillOrder.ts';
import { orderHash } from '../../src/features/trading/seaport/orderHash.ts';
import { seaportAbi } from '../../src/features/trading/seaport/seaportAbi.ts';
import { ItemType, type OrderComponents, OrderType } from '../../src/features/trading/seaport/seaportTypes.ts';
import { signOrder } from '../../src/features/trading/seaport/signOrder.ts';
import { feeTermsOf } from '../../src/features/trading/zone/feeTerms.ts';
import { cards, illustrators } from '../../src/server/db/schema/index.ts';
import { type ApiClient, type App, startApp } from '../helpers/api.ts';
import type { LocalWallet } from '../helpers/localMarket.ts';
import {
  seedCatalogue,
  signListing,
  startTestMarket,
  TEST_FEE_BPS,
  TEST_FEE_RECIPIENT,
  type TestMarket,
} from '../helpers/testMarket.ts';
import { fundOfferer, signOffer, wethOf } from '../helpers/testOffers.ts';
import { ANVIL_KEYS, anvilKey } from '../helpers/testWallet.ts';
import { zoneExtraData, zoneFill } from '../helpers/testZone.ts';
import { balancesOf, marketWallet, payoutRequest, prepareMoneyCards } from './moneyApp.ts';
import { walletSignIn } from './signIn.ts';
import { eventually, payload, tradingServerEnv } from './tradingApp.ts';

const PASSWORD = 'creator-password-1';
/** The platform's payment address in this test (no key controls it). */
const PAYMENT_ADDRESS: Address = '0x00000000000000000000000000000000000fa7e5';
/** Design 2's cards (token ids 21 and 22) pay their royalty to the platform's payment address. */
const PLATFORM_ROYALTY_TOKEN = 21n;

let fixture: TestMarket;
let app: App;
let creatorWallet: LocalWallet;
let secondWallet: LocalWallet;
let illustrator: ApiClient;

const wallet = (key: Hex) => marketWallet(fixture, key);

/** The indexer may take longer here: several fills land in one test. */
const indexed = (check: () => Promise<boolean>) => eventually(check, 20_000);

const ownerOnSite = async (tokenId: bigint) =>
  (await app.client().get<{ owner: string }>(`/api/v1/cards/1/${fixture.card.toLowerCase()}/${tokenId}`)).body.owner;

const balances = () => balancesOf(illustrator);
const requestPayout = (amount: bigint, currencyCode = 2) => payoutRequest(illustrator, amount, currencyCode);

beforeAll(async () => {
  fixture = await startTestMarket();
  const { seller } = fixture.market;
  creatorWallet = wallet(ANVIL_KEYS[3]);
  secondWallet = wallet(anvilKey(4));
  await prepareMoneyCards(fixture, creatorWallet, PAYMENT_ADDRESS);
  const passwordHash = await hashPassword(PASSWORD);
  app = await startApp({
    seed: async (db) => {
      await seedCatalogue(db, fixture);
      await db.update(illustrators).set({ passwordHash }).where(eq(illustrators.uid, 'creator'));
      await db.insert(cards).values(
        [...Array.from({ length: 20 }, (_, i) => i + 1), 21, 22].map((tokenId) => ({
          chainId: 1,
          contractAddress: fixture.card.toLowerCase(),
          tokenId: String(tokenId),
          ownerAddress: (tokenId === 10 || tokenId === 11 ? creatorWallet : seller).account.address.toLowerCase(),
          name: `Card ${tokenId}`,
        })),
      );
    },
    env: { ...tradingServerEnv(fixture), PLATFORM_PAYMENT_ADDRESS: PAYMENT_ADDRESS },
  });
  illustrator = app.client();
  expect((await illustrator.post('/api/v1/illustrator_session', { uid: 'creator', password: PASSWORD })).status).toBe(
    200,
  );
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await fixture?.market.stop();
});

describe('money the platform owes', () => {
  test('a private order paid in a token the illustrator deployed books nothing, and a payout of it is refused', async () => {
    const { publicClient, contracts, mined } = fixture.market;
    const deployed = await publicClient.waitForTransactionReceipt({
      hash: await creatorWallet.deployContract({
        abi: atemArtifact.abi,
        bytecode: atemArtifact.bytecode as Hex,
        args: [10n ** 25n],
      }),
    });
    const fakeToken = deployed.contractAddress as Address;
    const huge = 10n ** 24n;
    await mined(
      await creatorWallet.writeContract({
        address: fakeToken,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [secondWallet.account.address, huge],
      }),
    );
    await mined(
      await secondWallet.writeContract({
        address: fakeToken,
        abi: erc20Abi,
        functionName: 'approve',
        args: [contracts.seaport, huge],
      }),
    );
    const { timestamp } = await publicClient.getBlock();
    const self = creatorWallet.account.address;
    const order = {
      offerer: self,
      zone: zeroAddress,
      offer: [
        { itemType: ItemType.ERC721, token: contracts.card, identifierOrCriteria: 10n, startAmount: 1n, endAmount: 1n },
      ],
      consideration: [
        {
          itemType: ItemType.NATIVE,
          token: zeroAddress,
          identifierOrCriteria: 0n,
          startAmount: 1n,
          endAmount: 1n,
          recipient: self,
        },
        {
          itemType: ItemType.ERC20,
          token: fakeToken,
          identifierOrCriteria: 0n,
          startAmount: huge,
          endAmount: huge,
          recipient: self,
        },
      ],
      orderType: OrderType.FULL_OPEN,
      startTime: timestamp - 60n,
      endTime: timestamp + 86_400n,
      zoneHash: zeroHash,
      salt: 42n,
      conduitKey: zeroHash,
      counter: await publicClient.readContract({
        address: contracts.seaport,
        abi: seaportAbi,
        functionName: 'getCounter',
        args: [self],
      }),
    };
    const signature = await signOrder(creatorWallet, { order, chainId: 1, seaport: contracts.seaport });
    await mined(await fulfillOrder(secondWallet, { seaport: contracts.seaport, order, signature, method: 'standard' }));
    await indexed(async () => (await ownerOnSite(10n)) === secondWallet.account.address.toLowerCase());

    expect(await balances()).toEqual([]);
    const refused = await requestPayout(huge);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('amount: The amount is more than the available balance of 0 ETH');
    const report = await illustrator.get<{ totals: unknown[] }>('/api/v1/dashboard/revenues?period=day');
    expect(report.body.totals).toEqual([]);
  }, 60_000);

  test("the illustrator's own listing sold: received on chain to the wei, nothing payable", async () => {
    const asCreator = app.client();
    expect((await walletSignIn(asCreator, creatorWallet.account as never)).status).toBe(200);
    const price = parseEther('1');
    const { input, order, signature } = await signListing(fixture, 11n, { price, seller: creatorWallet });
    expect((await asCreator.post('/api/v1/sell_card', payload(input))).status).toBe(201);
    const { buyer, contracts, mined } = fixture.market;
    await mined(
      await fulfillOrder(buyer, {
        seaport: contracts.seaport,
        order,
        signature,
        fulfillerConduitKey: contracts.conduitKey,
        extraData: await zoneFill(fixture.market, order, buyer.account.address),
      }),
    );
    await indexed(async () => (await ownerOnSite(11n)) === buyer.account.address.toLowerCase());

    const fee = (price * BigInt(TEST_FEE_BPS)) / 10_000n;
    const report = await illustrator.get<{ totals: { primary: string; receivedOnChain: string; payable: string }[] }>(
      '/api/v1/dashboard/revenues?period=day',
    );
    expect(report.body.totals).toEqual([
      expect.objectContaining({
        primary: (price - fee).toString(),
        receivedOnChain: (price - fee).toString(),
        payable: '0',
      }),
    ]);
    expect(await balances()).toEqual([]);
    expect((await requestPayout(parseEther('0.01'))).status).toBe(422);
    // The yearly statement takes the sale's gross and fee from the ledger's record of the indexed fill.
    const year = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 4);
    const statement = await illustrator.get<string>(`/api/v1/dashboard/statements/${year}.csv`);
    const lines: Record<string, string>[] = parse(statement.body, { columns: true });
    expect(lines.filter((line) => line.entry === 'sale')).toEqual([
      expect.objectContaining({
        gross: price.toString(),
        platform_fee: fee.toString(),
        amount: (price - fee).toString(),
        ledger_row: expect.stringMatching(/^revenues:\d+$/),
      }),
    ]);
  }, 60_000);

  test("a royalty paid to the platform's payment address is payable to the wei, and no more can be requested", async () => {
    const seller = app.client();
    expect((await walletSignIn(seller, fixture.market.seller.account as never)).status).toBe(200);
    const price = parseEther('1');
    const { input, order, signature } = await signListing(fixture, PLATFORM_ROYALTY_TOKEN, { price });
    expect(order.consideration.map((item) => item.recipient.toLowerCase())).toContain(PAYMENT_ADDRESS);
    expect((await seller.post('/api/v1/sell_card', payload(input))).status).toBe(201);
    const { buyer, contracts, mined } = fixture.market;
    await mined(
      await fulfillOrder(buyer, {
        seaport: contracts.seaport,
        order,
        signature,
        fulfillerConduitKey: contracts.conduitKey,
        extraData: await zoneFill(fixture.market, order, buyer.account.address),
      }),
    );
    const royalty = (price * 500n) / 10_000n;
    await indexed(async () => (await balances()).length > 0);

    expect(await balances()).toEqual([
      expect.objectContaining({ chainId: 1, currencyCode: 2, available: royalty.toString() }),
    ]);
    const tooMuch = await requestPayout(royalty + 1n);
    expect(tooMuch.status).toBe(422);
    const exact = await requestPayout(royalty);
    expect(exact.status).toBe(201);
    expect(exact.body.status).toBe('requested');
    expect(await balances()).toEqual([expect.objectContaining({ available: '0' })]);
  }, 60_000);

  describe("a match with a recipient of the caller's choosing (an attack that booked money nobody paid)", () => {
    const HOLDER_TOKEN = 5n;
    const ASK = parseEther('0.925');

    /** An offer of 1 WETH for `tokenId`, stored through the API, and the holder's own order asking ASK. */
    async function offerAndOwnOrder(tokenId: bigint) {
      const { market, contracts } = { market: fixture.market, contracts: fixture.market.contracts };
      const bidder = wallet(anvilKey(8));
      await fundOfferer(fixture, bidder, parseEther('1'));
      const asBidder = app.client();
      expect((await walletSignIn(asBidder, bidder.account as never)).status).toBe(200);
      const offer = await signOffer(fixture, bidder, {
        target: { kind: 'token', contract: fixture.card, tokenId },
        unitPrice: parseEther('1'),
      });
      const stored = await asBidder.post('/api/v1/offers', offer.body);
      expect(stored.status, JSON.stringify(stored.body)).toBe(201);
      const holder = market.seller;
      const { timestamp } = await market.publicClient.getBlock();
      const own = {
        offerer: holder.account.address,
        zone: zeroAddress,
        offer: [
          {
            itemType: ItemType.ERC721,
            token: contracts.card,
            identifierOrCriteria: tokenId,
            startAmount: 1n,
            endAmount: 1n,
          },
        ],
        consideration: [
          {
            itemType: ItemType.ERC20,
            token: contracts.wrappedNative,
            identifierOrCriteria: 0n,
            startAmount: ASK,
            endAmount: ASK,
            recipient: holder.account.address,
          },
        ],
        orderType: OrderType.FULL_OPEN,
        startTime: timestamp - 60n,
        endTime: timestamp + 3_600n,
        zoneHash: zeroHash,
        salt: 77n + tokenId,
        conduitKey: contracts.conduitKey,
        counter: await market.publicClient.readContract({
          address: contracts.seaport,
          abi: seaportAbi,
          functionName: 'getCounter',
          args: [holder.account.address],
        }),
      };
      const ownSignature = await signOrder(holder, { order: own, chainId: 1, seaport: contracts.seaport });
      return { holder, offer, own, ownSignature };
    }

    /** The zone's signature of `fulfiller` filling the offer, as the fulfilment API gives it. */
    const offerFill = (order: OrderComponents, fulfiller: Address) =>
      zoneExtraData(fixture.market, orderHash(order), fulfiller, {
        context: feeTermsOf(order, TEST_FEE_RECIPIENT),
      });

    const payable = async () =>
      (await balances()).filter((balance) => balance.currencyCode === 4).map((balance) => balance.available);
    const wethAt = (owner: Address) => wethOf(fixture, owner);

    test('built with our own Seaport code: the payment address receives nothing, nothing is booked, the seller is the holder', async () => {
      const { market } = fixture;
      const { holder, offer, own, ownSignature } = await offerAndOwnOrder(HOLDER_TOKEN);
      const before = {
        payable: await payable(),
        payment: await wethAt(PAYMENT_ADDRESS),
        holder: await wethAt(holder.account.address),
      };
      const args = settlementArgs(
        { order: own, signature: ownSignature },
        { order: offer.order, signature: offer.signature },
        PAYMENT_ADDRESS,
        { listing: '0x', bid: await offerFill(offer.order, holder.account.address) },
      );
      await market.mined(
        await holder.writeContract({
          address: market.contracts.seaport,
          abi: seaportAbi,
          functionName: 'matchAdvancedOrders',
          args,
        }),
      );
      await indexed(async () => (await ownerOnSite(HOLDER_TOKEN)) === offer.order.offerer.toLowerCase());

      expect(await wethAt(PAYMENT_ADDRESS)).toBe(before.payment);
      expect(await wethAt(holder.account.address)).toBe(before.holder + ASK);
      expect(await payable()).toEqual(before.payable);
      const refused = await requestPayout(ASK, 4);
      expect(refused.status).toBe(422);
      const card = await app
        .client()
        .get<{ activity: { type: string; from: string | null }[] }>(
          `/api/v1/cards/1/${fixture.card.toLowerCase()}/${HOLDER_TOKEN}`,
        );
      expect(card.body.activity[0]).toMatchObject({ type: 'sale', from: holder.account.address.toLowerCase() });
    }, 90_000);

    test('built with seaport-js matchAdvancedOrders: nothing is booked payable either', async () => {
      const { market } = fixture;
      const tokenId = 6n;
      const { holder, offer, own, ownSignature } = await offerAndOwnOrder(tokenId);
      const before = { payable: await payable(), payment: await wethAt(PAYMENT_ADDRESS) };
      const signer = new Wallet(ANVIL_KEYS[1], new JsonRpcProvider(market.anvil.rpcUrl, 1, { staticNetwork: true }));
      const seaport = new Seaport(signer as never, {
        overrides: { contractAddress: market.contracts.seaport },
        conduitKeyToConduit: { [market.contracts.conduitKey]: market.contracts.conduit },
      });
      const [orders, , fulfillments] = settlementArgs(
        { order: own, signature: ownSignature },
        { order: offer.order, signature: offer.signature },
        PAYMENT_ADDRESS,
        { listing: '0x', bid: await offerFill(offer.order, market.seller.account.address) },
      );
      const json = (value: unknown): unknown =>
        typeof value === 'bigint'
          ? value.toString()
          : Array.isArray(value)
            ? value.map(json)
            : value && typeof value === 'object'
              ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, json(v)]))
              : value;
      const transaction = seaport.matchAdvancedOrders({
        orders: json(orders) as never,
        criteriaResolvers: [],
        fulfillments: json(fulfillments) as never,
        recipient: PAYMENT_ADDRESS,
        accountAddress: holder.account.address,
      });
      await (await transaction.transact()).wait();
      await indexed(async () => (await ownerOnSite(tokenId)) === offer.order.offerer.toLowerCase());
      expect(await wethAt(PAYMENT_ADDRESS)).toBe(before.payment);
      expect(await payable()).toEqual(before.payable);
      expect((await requestPayout(ASK, 4)).status).toBe(422);
    }, 90_000);
  });
});
