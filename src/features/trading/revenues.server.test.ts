/**
 * Booking illustrator revenues: what a fill paid the creator's own wallet is received on chain, what it paid
 * the platform's payment address for them is payable, everything else (fees, third parties, tokens the chain
 * does not list) is nobody's revenue; a card payment is payable after both fees; booking again adds nothing.
 */
import { eq } from 'drizzle-orm';
import { type Address, zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cards, categories, illustrators, paymentHistories, revenues, users } from '~/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/db';
import { loadChainConfig } from '../chains/chainConfig';
import type { Chain } from '../chains/chains';
import { CurrencyCode } from '../chains/currencies';
import { bookCardPaymentRevenue, type CardCreator, cardPaymentPayable, fillRevenues } from './revenues.server';
import { ItemType } from './seaport/seaportTypes';

const creatorWallet = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const payoutWallet = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65';
const collector = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const feeRecipient = '0x1111111111111111111111111111111111111111';
const paymentAddress = '0x2222222222222222222222222222222222222222' as Address;
const contract = '0xdc64a140aa3e981100a9beca4e685f962f0cf6c9';
const weth = '0x3333333333333333333333333333333333333333';
const fakeToken = '0x4444444444444444444444444444444444444444';

const ethereum = loadChainConfig('local', {
  ETH: { contracts: { payment: weth } },
}).find((chain) => chain.key === 'ETH') as Chain;
const creator: CardCreator = { illustratorId: 7, wallets: new Set([creatorWallet, payoutWallet]) };
const eth = (amount: bigint, recipient: string) => ({
  itemType: ItemType.NATIVE,
  token: zeroAddress,
  amount,
  recipient,
});
const erc20 = (token: string, amount: bigint, recipient: string) => ({
  itemType: ItemType.ERC20,
  token,
  amount,
  recipient,
});

describe('fillRevenues', () => {
  test("a creator's own sale is primary revenue received on chain; the fee is nobody's", () => {
    const booked = fillRevenues(
      ethereum,
      creator,
      creatorWallet,
      [eth(975n, creatorWallet), eth(25n, feeRecipient)],
      paymentAddress,
    );
    expect(booked).toEqual([
      { illustratorId: 7, kind: 'primary', settlement: 'onchain', currencyCode: CurrencyCode.ETH, amount: 975n },
    ]);
  });

  test("a collector's resale pays the royalty: to the creator's payout wallet it is received on chain", () => {
    const booked = fillRevenues(
      ethereum,
      creator,
      collector,
      [eth(925n, collector), eth(25n, feeRecipient), eth(50n, payoutWallet)],
      paymentAddress,
    );
    expect(booked).toEqual([
      { illustratorId: 7, kind: 'royalty', settlement: 'onchain', currencyCode: CurrencyCode.ETH, amount: 50n },
    ]);
  });

  test("a royalty paid to the platform's payment address is payable, in that item's own token", () => {
    const booked = fillRevenues(
      ethereum,
      creator,
      collector,
      [erc20(weth, 900n, collector), erc20(weth, 100n, paymentAddress)],
      paymentAddress,
    );
    expect(booked).toEqual([
      { illustratorId: 7, kind: 'royalty', settlement: 'payable', currencyCode: CurrencyCode.WETH, amount: 100n },
    ]);
  });

  test('tokens the chain does not list, and payments to third parties, book nothing', () => {
    const huge = 10n ** 24n;
    expect(
      fillRevenues(ethereum, creator, creatorWallet, [erc20(fakeToken, huge, creatorWallet)], paymentAddress),
    ).toEqual([]);
    expect(
      fillRevenues(
        ethereum,
        creator,
        collector,
        [eth(100n, '0x5555555555555555555555555555555555555555')],
        paymentAddress,
      ),
    ).toEqual([]);
    expect(fillRevenues(ethereum, creator, collector, [eth(100n, paymentAddress)], undefined)).toEqual([]);
  });
});

describe('card payments', () => {
  let database: TestDatabase;
  let illustratorId = 0;
  let cardId = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const [user] = await db.insert(users).values({ walletAddress: creatorWallet, role: 'illustrator' }).returning();
    const [illustrator] = await db
      .insert(illustrators)
      .values({ uid: 'mio', passwordHash: 'x', userId: user?.id ?? 0, name: 'Mio' })
      .returning();
    illustratorId = illustrator?.id ?? 0;
    const [category] = await db
      .insert(categories)
      .values({ chainId: 1, contractAddress: contract, name: 'Series', creatorId: illustratorId })
      .returning();
    const [card] = await db
      .insert(cards)
      .values({
        chainId: 1,
        contractAddress: contract,
        tokenId: '1',
        ownerAddress: collector,
        categoryId: category?.id ?? null,
      })
      .returning();
    cardId = card?.id ?? 0;
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  const pay = async (id: string, status: 'succeeded' | 'pending', amount = '10000') => {
    const [row] = await database.db
      .insert(paymentHistories)
      .values({ providerPaymentId: id, cardId, amount, currency: 'JPY', status })
      .returning({ id: paymentHistories.id });
    return row?.id ?? 0;
  };

  test('the payable share is the amount less the platform fee and the provider fee, rounded down each', () => {
    expect(cardPaymentPayable(10_000n, { platformFeeBps: 1000, providerFeeBps: 360 })).toBe(8_640n);
    expect(cardPaymentPayable(999n, { platformFeeBps: 1000, providerFeeBps: 360 })).toBe(999n - 99n - 35n);
  });

  test('a succeeded payment books payable yen once; a pending one books nothing', async () => {
    const succeeded = await pay('pi_1', 'succeeded');
    expect(await bookCardPaymentRevenue(database.db, succeeded)).toBe(8_640n);
    expect(await bookCardPaymentRevenue(database.db, succeeded)).toBe(8_640n);
    expect(await bookCardPaymentRevenue(database.db, await pay('pi_2', 'pending'))).toBeNull();
    const rows = await database.db.select().from(revenues).where(eq(revenues.illustratorId, illustratorId));
    expect(rows).toEqual([
      expect.objectContaining({
        paymentId: succeeded,
        saleId: null,
        kind: 'primary',
        settlement: 'payable',
        chainId: null,
        amount: '8640',
        currencyCode: CurrencyCode.JPY,
      }),
    ]);
  });
});
