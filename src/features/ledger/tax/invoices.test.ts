import { describe, expect, it } from 'vitest';
import { CurrencyCode } from '~/features/chains/currencies';
import { monthlyInvoices } from './invoices';
import type { RevenueLine } from './ledgerLines';

const line = (
  at: string,
  entry: RevenueLine['entry'],
  gross: bigint,
  amount: bigint,
  over: Partial<RevenueLine> = {},
) =>
  ({
    entryId: Math.floor(Math.random() * 1e6),
    at: new Date(`${at}+09:00`),
    entry,
    kind: 'primary',
    settlement: 'payable',
    chainId: null,
    currencyCode: CurrencyCode.JPY,
    amount,
    gross,
    fee: gross - amount,
    reference: 'pi_test',
    ...over,
  }) satisfies RevenueLine;

const history = new Map([
  [CurrencyCode.ETH, [{ jpy: 500_000, observedAt: new Date('2026-03-05T00:00:00Z'), source: 'test' }]],
]);

describe('monthly fee invoices', () => {
  it('compute the tax once per invoice, rounded down, over every item of the month', () => {
    const [march] = monthlyInvoices(
      7,
      [
        line('2026-03-02T10:00:00', 'card_payment', 1_000n, 891n), // fee ¥109
        line('2026-03-03T10:00:00', 'card_payment', 1_000n, 891n),
        line('2026-03-04T10:00:00', 'card_payment', 1_000n, 891n),
      ],
      history,
    );
    // ¥327: ⌊327 × 10 / 110⌋ = 29, where item by item it would be 9 × 3 = 27.
    expect(march).toMatchObject({ number: 'KF-202603-7', issuedOn: '2026-03-31', totalJpy: 327n, taxJpy: 29n });
  });

  it('give a refund’s fee back in the month of the refund, as a return item', () => {
    const invoices = monthlyInvoices(
      7,
      [
        line('2026-03-31T23:59:00', 'card_payment', 1_100n, 951n),
        line('2026-04-01T00:01:00', 'refund', -1_100n, -951n),
      ],
      history,
    );
    expect(invoices.map((invoice) => [invoice.month, invoice.totalJpy, invoice.taxJpy])).toEqual([
      ['2026-03', 149n, 13n],
      ['2026-04', -149n, -13n],
    ]);
    expect(invoices[1]?.items[0]).toMatchObject({ type: 'return', count: 1, fee: -149n });
  });

  it('value a fee in crypto at the rate of its sale, and count one without a rate rather than guess', () => {
    const eth = { chainId: 1, currencyCode: CurrencyCode.ETH, settlement: 'onchain' as const };
    const [march] = monthlyInvoices(
      7,
      [
        line('2026-03-05T10:00:00', 'sale', 10n ** 17n, 9n * 10n ** 16n, eth), // fee 0.01 ETH = ¥5,000
        line('2026-03-06T10:00:00', 'sale', 10n ** 17n, 9n * 10n ** 16n, { ...eth, currencyCode: CurrencyCode.BNB }),
      ],
      history,
    );
    expect(march).toMatchObject({ totalJpy: 5_000n, taxJpy: 454n, unvalued: 1 });
  });
});
