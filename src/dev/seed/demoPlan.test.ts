import { describe, expect, it } from 'vitest';
import { CurrencyCode } from '~/features/chains/currencies.ts';
import { ANVIL_ACCOUNTS, DEMO_ILLUSTRATOR } from './accounts.ts';
import { buildDemoPlan } from './demoPlan.ts';
import { DEMO_PLATFORM_FEE_BPS, DEMO_ROYALTY_BPS } from './prices.ts';

const now = new Date('2025-06-01T00:00:00Z');
const plan = buildDemoPlan(now);
const ADDRESS = /^0x[0-9a-f]{40}$/;
const cardKey = (row: { chainId: number; contractAddress: string; tokenId: string }) =>
  `${row.chainId}:${row.contractAddress}:${row.tokenId}`;

/** Currencies a listing on each chain may use (native, wrapped, ATEM). */
const CHAIN_CURRENCIES: Record<number, number[]> = {
  1: [CurrencyCode.ETH, CurrencyCode.WETH, CurrencyCode.ATEM],
  56: [CurrencyCode.BNB, CurrencyCode.WBNB, CurrencyCode.ATEM],
  8217: [CurrencyCode.KLAYTN, CurrencyCode.WKLAY, CurrencyCode.ATEM],
  137: [CurrencyCode.POL, CurrencyCode.WPOL, CurrencyCode.ATEM],
};

describe('the demo plan', () => {
  it('is the same for the same clock', () => {
    expect(buildDemoPlan(now)).toEqual(plan);
  });

  it('has eight creators with Japanese and English names on the first anvil accounts', () => {
    expect(plan.illustrators).toHaveLength(8);
    for (const illustrator of plan.illustrators) {
      expect(illustrator.name).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(illustrator.nameEn).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    }
    expect(plan.illustrators.map((i) => i.walletAddress).slice(0, 4)).toEqual(
      ANVIL_ACCOUNTS.slice(0, 4).map((address) => address.toLowerCase()),
    );
    expect(plan.illustrators[0]?.uid).toBe(DEMO_ILLUSTRATOR.uid);
  });

  it('spreads twelve collections of ten cards over the four production chains', () => {
    expect(plan.categories).toHaveLength(12);
    expect(new Set(plan.categories.map((c) => c.chainId))).toEqual(new Set([1, 56, 8217, 137]));
    expect(plan.cards).toHaveLength(120);
    expect(new Set(plan.cards.map(cardKey)).size).toBe(120);
    for (const category of plan.categories) {
      expect(category.contractAddress).toMatch(ADDRESS);
      expect(category.nameEn && category.description && category.descriptionEn).toBeTruthy();
    }
  });

  it('stores every address lower-case', () => {
    const addresses = [
      ...plan.users.map((u) => u.walletAddress),
      ...plan.cards.map((c) => c.ownerAddress),
      ...plan.orders.flatMap((o) => [o.sellerAddress, o.exchange, o.contractAddress]),
      ...plan.sales.flatMap((s) => [s.buyerAddress, s.sellerAddress]),
      ...plan.payouts.flatMap((p) => (p.walletAddress ? [p.walletAddress] : [])),
    ];
    for (const address of addresses) expect(address).toMatch(ADDRESS);
  });

  it('lists each card at most once, by its current owner, in a currency of its chain', () => {
    const owners = new Map(plan.cards.map((card) => [cardKey(card), card.ownerAddress]));
    const active = plan.orders.filter((order) => order.status === 'active');
    expect(active.length).toBeGreaterThan(40);
    expect(new Set(active.map(cardKey)).size).toBe(active.length);
    for (const order of active) {
      expect(order.sellerAddress).toBe(owners.get(cardKey(order)));
      expect(CHAIN_CURRENCIES[order.chainId]).toContain(order.currencyCode);
      expect(order.expiresAt.getTime()).toBeGreaterThan(now.getTime());
    }
    expect(new Set(active.map((order) => order.currencyCode)).size).toBeGreaterThanOrEqual(6);
  });

  it('has orders in every status, each with a unique hash and a window that ends after it starts', () => {
    expect(new Set(plan.orders.map((order) => order.status))).toEqual(
      new Set(['active', 'sold', 'cancelled', 'expired']),
    );
    expect(new Set(plan.orders.map((order) => order.orderHash)).size).toBe(plan.orders.length);
    for (const order of plan.orders) expect(order.expiresAt.getTime()).toBeGreaterThan(order.startsAt.getTime());
  });

  it('lets Seaport consideration items add up to the price (an auction asks the seller share of its reserve)', () => {
    for (const order of plan.orders) {
      const items = order.order['consideration'] as { startAmount: string; endAmount: string }[];
      const total = items.reduce((sum, item) => sum + BigInt(item.startAmount), 0n);
      const price = BigInt(order.price);
      if (order.saleType === 'auction') {
        expect(total).toBe(price - (price * BigInt(DEMO_PLATFORM_FEE_BPS)) / 10_000n);
        expect(order.order['zone']).not.toBe(`0x${'0'.repeat(40)}`);
      } else expect(total).toBe(price);
      if (order.saleType === 'declining') {
        const end = items.reduce((sum, item) => sum + BigInt(item.endAmount), 0n);
        expect(end.toString()).toBe(order.endPrice);
      }
    }
  });

  it('runs a timed auction and a declining-price listing on every chain, and has offers on every chain', () => {
    const active = plan.orders.filter((order) => order.status === 'active');
    for (const chainId of [1, 56, 8217, 137]) {
      const here = active.filter((order) => order.chainId === chainId);
      const auction = here.find((order) => order.saleType === 'auction');
      expect(auction, `auction on ${chainId}`).toBeDefined();
      expect(
        here.some((order) => order.saleType === 'declining'),
        `declining on ${chainId}`,
      ).toBe(true);
      const row = plan.auctions.find((entry) => entry.orderHash === auction?.orderHash);
      expect(row?.endsAt.getTime()).toBeGreaterThan(now.getTime());
      expect(row && auction && row.latestEndsAt.getTime()).toBeLessThan(auction?.expiresAt.getTime() ?? 0);
      expect(plan.offers.filter((offer) => offer.chainId === chainId).length).toBeGreaterThanOrEqual(2);
    }
    const owners = new Map(plan.cards.map((card) => [cardKey(card), card.ownerAddress]));
    for (const offer of plan.offers) {
      expect(offer.offererAddress).toMatch(ADDRESS);
      if (offer.tokenId)
        expect(offer.offererAddress).not.toBe(owners.get(cardKey({ ...offer, tokenId: offer.tokenId })));
      expect(offer.expiresAt.getTime()).toBeGreaterThan(now.getTime());
    }
  });

  it('tells one story in time: a card is listed after its seller got it and sold after it was listed', () => {
    const gotAt = new Map<string, number>(plan.cards.map((card) => [cardKey(card), card.mintedAt?.getTime() ?? 0]));
    const sold = [...plan.sales].sort((a, b) => a.soldAt.getTime() - b.soldAt.getTime());
    // The seller got the card when it was minted (its creator) or when they last bought it before the listing
    // ended (a listing that is still open: before now).
    const ownerSince = (key: string, seller: string, until: number) => {
      const bought = sold.filter(
        (sale) => cardKey(sale) === key && sale.buyerAddress === seller && sale.soldAt.getTime() < until,
      );
      return bought.at(-1)?.soldAt.getTime() ?? gotAt.get(key) ?? 0;
    };
    for (const order of plan.orders) {
      const key = cardKey(order);
      const until = (order.closedAt ?? now).getTime();
      expect(order.startsAt.getTime(), key).toBeGreaterThan(ownerSince(key, order.sellerAddress, until));
    }
    const orderByHash = new Map(plan.orders.map((order) => [order.orderHash, order]));
    for (const sale of plan.sales) {
      expect(sale.soldAt.getTime()).toBeGreaterThan(orderByHash.get(sale.orderHash)?.startsAt.getTime() ?? Infinity);
    }
    for (const user of plan.users) {
      expect(user.lastLoginAt && user.createdAt && user.lastLoginAt > user.createdAt).toBe(true);
    }
  });

  it('books a primary revenue for first sales and a royalty for resales, received on chain', () => {
    const fromSales = plan.revenues.filter((revenue) => revenue.txHash !== undefined);
    const revenueByTx = new Map(fromSales.map((revenue) => [revenue.txHash, revenue]));
    expect(plan.sales).toHaveLength(fromSales.length);
    for (const revenue of fromSales) expect(revenue.settlement).toBe('onchain');
    for (const sale of plan.sales) {
      const price = BigInt(sale.price);
      expect(BigInt(sale.platformFee ?? '0')).toBe((price * BigInt(DEMO_PLATFORM_FEE_BPS)) / 10_000n);
      const revenue = revenueByTx.get(sale.txHash);
      if (revenue?.kind === 'royalty') {
        expect(BigInt(revenue.amount)).toBe((price * BigInt(DEMO_ROYALTY_BPS)) / 10_000n);
      } else {
        expect(BigInt(revenue?.amount ?? '-1')).toBe(price - BigInt(sale.platformFee ?? '0'));
      }
    }
    expect(new Set(fromSales.map((revenue) => revenue.kind))).toEqual(new Set(['primary', 'royalty']));
  });

  it('makes payable yen only from succeeded card payments, less the platform and provider fees', () => {
    const payable = plan.revenues.filter((revenue) => revenue.settlement === 'payable');
    const succeeded = plan.payments.filter((payment) => payment.status === 'succeeded');
    expect(payable).toHaveLength(succeeded.length);
    for (const revenue of payable) {
      const payment = succeeded.find((p) => p.providerPaymentId === revenue.providerPaymentId);
      const amount = BigInt(payment?.amount ?? '0');
      expect(BigInt(revenue.amount)).toBe(amount - (amount * 1000n) / 10_000n - (amount * 360n) / 10_000n);
      expect(revenue).toMatchObject({ chainId: null, currencyCode: 1, kind: 'primary' });
    }
  });

  it('gives the demo illustrator a yen payout in each status, never paying out more than is payable', () => {
    const own = plan.payouts.filter((payout) => payout.uid === DEMO_ILLUSTRATOR.uid);
    expect(new Set(own.map((payout) => payout.status))).toEqual(new Set(['requested', 'approved', 'paid', 'rejected']));
    for (const payout of own) expect(payout).toMatchObject({ chainId: null, currencyCode: 1, walletAddress: null });
    const earned = new Map<string, bigint>();
    for (const revenue of plan.revenues.filter((r) => r.settlement === 'payable')) {
      const key = `${revenue.uid}:${revenue.chainId}:${revenue.currencyCode}`;
      earned.set(key, (earned.get(key) ?? 0n) + BigInt(revenue.amount));
    }
    const claimed = new Map<string, bigint>();
    for (const payout of plan.payouts.filter((p) => p.status !== 'rejected')) {
      const key = `${payout.uid}:${payout.chainId}:${payout.currencyCode}`;
      claimed.set(key, (claimed.get(key) ?? 0n) + BigInt(payout.amount));
    }
    for (const [key, amount] of claimed) expect(amount <= (earned.get(key) ?? 0n), key).toBe(true);
    for (const payout of plan.payouts) expect(payout.txHash).toBeNull();
  });

  it('has illegal reports, card payments in every status and a platform fee per chain', () => {
    expect(plan.reports.length).toBeGreaterThanOrEqual(3);
    expect(new Set(plan.payments.map((payment) => payment.status))).toEqual(
      new Set(['pending', 'succeeded', 'failed', 'refunded', 'cancelled']),
    );
    expect(plan.platformFees.map((fee) => fee.chainId)).toEqual(expect.arrayContaining([1, 56, 8217, 137]));
    for (const fee of plan.platformFees) expect(fee.feeBps).toBe(DEMO_PLATFORM_FEE_BPS);
  });
});
