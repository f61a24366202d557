import { describe, expect, it } from 'vitest';
import { CurrencyCode } from '~/features/chains/currencies';
import type { PayoutLine, RevenueLine } from './ledgerLines';
import { summariseStatement } from './statement';

const at = new Date('2026-05-01T03:00:00Z');
const history = new Map([[CurrencyCode.ETH, [{ jpy: 400_000, observedAt: at, source: 'test' }]]]);
const revenue = (over: Partial<RevenueLine>): RevenueLine => ({
  entryId: 1,
  at,
  entry: 'sale',
  kind: 'primary',
  settlement: 'onchain',
  chainId: 1,
  currencyCode: CurrencyCode.ETH,
  amount: 0n,
  gross: 0n,
  fee: 0n,
  reference: '0x',
  ...over,
});
const payout = (over: Partial<PayoutLine>): PayoutLine => ({
  payoutId: 1,
  at,
  chainId: null,
  currencyCode: CurrencyCode.JPY,
  amount: 0n,
  withheld: 0n,
  taxJpy: 0n,
  transferFee: 0n,
  reference: '',
  ...over,
});

describe('the yearly statement', () => {
  it('sums gross sales, fees and royalties per currency and in yen, a reorganisation’s reversal taking its sale back', () => {
    const sale = revenue({ gross: 10n ** 17n, fee: 25n * 10n ** 14n, amount: 975n * 10n ** 14n });
    const summary = summariseStatement(
      2026,
      [
        sale,
        revenue({ entry: 'reorg', gross: -(10n ** 17n), fee: -(25n * 10n ** 14n), amount: -(975n * 10n ** 14n) }),
        sale,
        revenue({ kind: 'royalty', amount: 5n * 10n ** 15n }),
        revenue({
          chainId: null,
          currencyCode: CurrencyCode.JPY,
          entry: 'card_payment',
          gross: 1_000n,
          fee: 136n,
          amount: 864n,
        }),
      ],
      [payout({ amount: 1_000_001n, withheld: 102_100n, taxJpy: 102_100n })],
      history,
    );
    expect(summary.currencies.find((c) => c.chainId === 1)).toMatchObject({
      grossSales: 10n ** 17n,
      platformFees: 25n * 10n ** 14n,
      royalties: 5n * 10n ** 15n,
      grossSalesJpy: 40_000n,
      platformFeesJpy: 1_000n,
      royaltiesJpy: 2_000n,
      revenueJpy: 41_000n,
    });
    expect(summary.totals).toEqual({
      grossSalesJpy: 41_000n,
      platformFeesJpy: 1_136n,
      royaltiesJpy: 2_000n,
      revenueJpy: 41_864n,
    });
    expect(summary.payouts).toMatchObject({ paidJpy: 1_000_001n, withholdingJpy: 102_100n, netPaidJpy: 897_901n });
  });
});
