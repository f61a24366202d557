import { describe, expect, it } from 'vitest';
import { CurrencyCode } from '~/features/chains/currencies';
import { rateAt, yenAt } from './yenAt';

const at = (iso: string) => new Date(iso);
const history = new Map([
  [
    CurrencyCode.ETH,
    [
      { jpy: 400_000, observedAt: at('2026-03-01T09:55:00Z'), source: 'test' },
      { jpy: 500_000, observedAt: at('2026-03-01T10:55:00Z'), source: 'test' },
    ],
  ],
]);

describe('yen at the time of a trade', () => {
  it('uses the last reading at or before the trade, for a wrapped coin its native coin’s', () => {
    expect(rateAt(history, CurrencyCode.ETH, at('2026-03-01T10:30:00Z'))?.jpy).toBe(400_000);
    expect(rateAt(history, CurrencyCode.WETH, at('2026-03-01T10:55:00Z'))?.jpy).toBe(500_000);
    expect(rateAt(history, CurrencyCode.ETH, at('2026-03-01T09:00:00Z'))).toBeUndefined();
  });

  it('refuses a reading more than a day old', () => {
    expect(rateAt(history, CurrencyCode.ETH, at('2026-03-02T10:56:00Z'))).toBeUndefined();
  });

  it('rounds the yen value down, toward zero for a reversal, and takes yen as it is', () => {
    const wei = 1_234_567_890_123_456n; // 0.0012345... ETH at ¥500,000 = ¥617.28
    expect(yenAt(history, wei, CurrencyCode.ETH, at('2026-03-01T11:00:00Z'))?.jpy).toBe(617n);
    expect(yenAt(history, -wei, CurrencyCode.ETH, at('2026-03-01T11:00:00Z'))?.jpy).toBe(-617n);
    expect(yenAt(history, 1_500n, CurrencyCode.JPY, at('2020-01-01T00:00:00Z'))).toEqual({ jpy: 1_500n, rate: null });
    expect(yenAt(history, 1n, CurrencyCode.BNB, at('2026-03-01T11:00:00Z'))).toBeUndefined();
  });
});
