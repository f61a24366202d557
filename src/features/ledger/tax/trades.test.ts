import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CurrencyCode } from '~/features/chains/currencies';
import { cryptactCsv, type Trade, unitsText } from './trades';

const trade = (over: Partial<Trade>): Trade => ({
  at: new Date('2026-02-01T01:02:03Z'),
  kind: 'buy',
  chainId: 137,
  txHash: '0xabc',
  logIndex: 0,
  contractAddress: '0x5fbdb2315678afecb367f032c93f642f64180aa3',
  tokenId: '42',
  cardName: 'Kira',
  counterparty: '0x0',
  amount: 15n * 10n ** 17n,
  currencyCode: CurrencyCode.POL,
  fee: 0n,
  royalty: 0n,
  gas: undefined,
  gasCurrencyCode: CurrencyCode.POL,
  ...over,
});

describe('Cryptact’s custom file', () => {
  it('buys and sells one card as a custom coin at its price, in Japan time, leaving transfers and free mints out', () => {
    const rows = parse(
      cryptactCsv([
        trade({}),
        trade({ kind: 'sale', fee: 375n * 10n ** 14n, royalty: 75n * 10n ** 15n }),
        trade({ kind: 'transfer_out', amount: 0n }),
        trade({ kind: 'mint', amount: 0n }),
        trade({ kind: 'mint', amount: 3_000n, currencyCode: CurrencyCode.JPY }),
      ]),
      { columns: true },
    ) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        Timestamp: '2026/02/01 10:02:03',
        Action: 'BUY',
        Volume: '1',
        Price: '1.5',
        Counter: 'POL',
        Fee: '0',
      }),
      expect.objectContaining({ Action: 'SELL', Price: '1.5', Fee: '0.1125', FeeCcy: 'POL' }),
      expect.objectContaining({ Action: 'BUY', Price: '3000', Counter: 'JPY' }),
    ]);
    expect(rows[0]?.Base).toBe('USER-KF#137#0X5FBDB2315678AFECB367F032C93F642F64180AA3#42');
  });

  it('writes amounts in whole units without trailing zeros', () => {
    expect(unitsText(10n ** 18n, CurrencyCode.ETH)).toBe('1');
    expect(unitsText(1n, CurrencyCode.ETH)).toBe('0.000000000000000001');
    expect(unitsText(-25n * 10n ** 16n, CurrencyCode.ETH)).toBe('-0.25');
    expect(unitsText(1_500n, CurrencyCode.JPY)).toBe('1500');
  });
});
