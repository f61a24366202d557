/**
 * Finality before money moves, and a reorganisation after it did, end to end on a real chain with the built
 * server's indexer: a royalty that reached the platform's payment address is payable, but not available until
 * its block is as deep as the chain's finality depth (`FINALITY_BLOCKS_ETH`, 3 here); once it is, it is
 * requested, approved and paid. Then the chain throws the sale's blocks away (snapshot reverted, other blocks
 * mined): the ledger keeps every entry and books a reversal, the illustrator's balance is below zero, their
 * next payout is held (409), and the admin's books show the balance with nothing left unmatched. Runs on the
 * embedded database and again on PostgreSQL (scripts/test.mjs).
 */
import { eq } from 'drizzle-orm';
import { type Address, createWalletClient, type Hex, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashPassword } from '../../src/features/session/passwords.server.ts';
import { fulfillOrder } from '../../src/features/trading/seaport/fulfillOrder.ts';
import { admins, cards, illustrators } from '../../src/server/db/schema/index.ts';
import { type ApiClient, type App, startApp } from '../helpers/api.ts';
import type { LocalWallet } from '../helpers/localMarket.ts';
import { seedCatalogue, signListing, startTestMarket, type TestMarket } from '../helpers/testMarket.ts';
import { ANVIL_KEYS } from '../helpers/testWallet.ts';
import { zoneFill } from '../helpers/testZone.ts';
import { prepareMoneyCards } from './moneyApp.ts';
import { walletSignIn } from './signIn.ts';
import { eventually, payload, tradingServerEnv } from './tradingApp.ts';

const PASSWORD = 'creator-password-1';
const ADMIN = { uid: 'reorg-admin', password: 'reorg-admin-password-1' };
/** The platform's payment address in this test (no key controls it). */
const PAYMENT_ADDRESS: Address = '0x00000000000000000000000000000000000fa7e5';
/** Design 2's card 21 pays its royalty (5 %) to the platform's payment address. */
const PLATFORM_ROYALTY_TOKEN = 21n;
const FINALITY_BLOCKS = 3;

let fixture: TestMarket;
let app: App;
let illustrator: ApiClient;
let admin: ApiClient;

interface Balance {
  chainId: number | null;
  currencyCode: number;
  revenue: string;
  clearing: string;
  paid: string;
  available: string;
}
interface Books {
  books: { chainId: number | null; currencyCode: number; shortfall: string; mismatches: number }[];
  negativeBalances: { illustrator: { uid: string }; chainId: number; currencyCode: number; available: string }[];
  mismatches: unknown[];
}

const rpc = (method: string, params: unknown[] = []) =>
  fixture.market.publicClient.request({ method, params } as never) as Promise<unknown>;
const ethBalance = async () =>
  (await illustrator.get<{ balances: Balance[] }>('/api/v1/dashboard/payouts')).body.balances.find(
    (balance) => balance.chainId === 1 && balance.currencyCode === 2,
  );
const requestPayout = (amount: bigint) =>
  illustrator.post<{ id: number; message?: string; status?: string }>('/api/v1/dashboard/payouts', {
    amount: amount.toString(),
    currency_code: 2,
    chain_id: 1,
  });

beforeAll(async () => {
  fixture = await startTestMarket();
  const creatorWallet = createWalletClient({
    account: privateKeyToAccount(ANVIL_KEYS[3]),
    chain: fixture.market.chain,
    transport: http(fixture.market.anvil.rpcUrl),
  }) as LocalWallet;
  await prepareMoneyCards(fixture, creatorWallet, PAYMENT_ADDRESS);
  const [passwordHash, adminHash] = await Promise.all([hashPassword(PASSWORD), hashPassword(ADMIN.password)]);
  app = await startApp({
    seed: async (db) => {
      await seedCatalogue(db, fixture);
      await db.update(illustrators).set({ passwordHash }).where(eq(illustrators.uid, 'creator'));
      await db.insert(admins).values({ uid: ADMIN.uid, passwordHash: adminHash, name: 'Admin' });
      await db.insert(cards).values(
        [21, 22].map((tokenId) => ({
          chainId: 1,
          contractAddress: fixture.card.toLowerCase(),
          tokenId: String(tokenId),
          ownerAddress: fixture.market.seller.account.address.toLowerCase(),
          name: `Card ${tokenId}`,
        })),
      );
    },
    env: {
      ...tradingServerEnv(fixture),
      PLATFORM_PAYMENT_ADDRESS: PAYMENT_ADDRESS,
      FINALITY_BLOCKS_ETH: String(FINALITY_BLOCKS),
    },
  });
  illustrator = app.client();
  expect((await illustrator.post('/api/v1/illustrator_session', { uid: 'creator', password: PASSWORD })).status).toBe(
    200,
  );
  admin = app.client();
  expect((await admin.post('/api/v1/admin_session', ADMIN)).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await fixture?.market.stop();
});

describe('money and the chain changing its mind', () => {
  test('payable waits for finality; a payout then reorganised away leaves a negative balance that holds payouts', async () => {
    const beforeSale = (await rpc('evm_snapshot')) as Hex;
    const seller = app.client();
    expect((await walletSignIn(seller, fixture.market.seller.account as never)).status).toBe(200);
    const price = parseEther('1');
    const royalty = (price * 500n) / 10_000n;
    const { input, order, signature } = await signListing(fixture, PLATFORM_ROYALTY_TOKEN, { price });
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

    // Booked, but its block is not final yet: nothing can be requested.
    await eventually(async () => (await ethBalance())?.revenue === royalty.toString(), 20_000);
    expect(await ethBalance()).toMatchObject({ clearing: royalty.toString(), available: '0' });
    expect((await requestPayout(royalty)).status).toBe(422);

    // Deep enough: available, requested, approved and paid.
    await rpc('anvil_mine', [`0x${FINALITY_BLOCKS.toString(16)}`]);
    await eventually(async () => (await ethBalance())?.available === royalty.toString(), 20_000);
    const requested = await requestPayout(royalty);
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const review = (body: unknown) =>
      admin.put<{ status: string }>(`/api/v1/admins/payouts/${requested.body.id}`, body);
    expect((await review({ action: 'approve' })).body.status).toBe('approved');
    expect((await review({ action: 'pay', tx_hash: `0x${'ab'.repeat(32)}` })).body.status).toBe('paid');
    expect(await ethBalance()).toMatchObject({ paid: royalty.toString(), available: '0' });

    // The chain forgets the sale's blocks and grows past them on another branch.
    expect(await rpc('evm_revert', [beforeSale])).toBe(true);
    await rpc('anvil_mine', ['0x20']);
    await eventually(async () => (await ethBalance())?.revenue === '0', 30_000);
    expect(await ethBalance()).toMatchObject({ revenue: '0', paid: royalty.toString(), available: `-${royalty}` });

    // Nothing more goes out, in any currency, until the balance is made good.
    const held = await requestPayout(1n);
    expect(held.status).toBe(409);
    expect(held.body.message).toMatch(/below zero/);

    const books = await admin.get<Books>('/api/v1/admins/books');
    expect(books.status).toBe(200);
    expect(books.body.negativeBalances).toEqual([
      expect.objectContaining({ illustrator: expect.objectContaining({ uid: 'creator' }), available: `-${royalty}` }),
    ]);
    // The receipt went with its block and the entry was reversed: booked and received agree, sale by sale.
    expect(books.body.mismatches).toEqual([]);
    expect(books.body.books.filter((book) => book.chainId === 1)).toEqual([
      expect.objectContaining({ currencyCode: 2, shortfall: '0', mismatches: 0 }),
    ]);
  }, 120_000);
});
