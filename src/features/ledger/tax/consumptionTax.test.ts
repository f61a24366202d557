import { describe, expect, it } from 'vitest';
import { includedConsumptionTax } from './consumptionTax';

describe('consumption tax on an invoice', () => {
  it('is 10/110 of the tax-inclusive total, rounded down once per invoice', () => {
    expect(includedConsumptionTax(1_100n)).toBe(100n);
    expect(includedConsumptionTax(1_000n)).toBe(90n); // 90.909...
    // Three items of ¥333 each: rounded per item it would be 30 × 3 = 90; once per invoice it is 90 of 999.
    expect(includedConsumptionTax(333n * 3n)).toBe(90n);
    // ¥109 three times: per item 9 × 3 = 27, once per invoice 29 (327 × 10 / 110 = 29.72).
    expect(includedConsumptionTax(109n * 3n)).toBe(29n);
  });

  it('is negative for a return, rounded toward zero', () => {
    expect(includedConsumptionTax(-1_000n)).toBe(-90n);
    expect(includedConsumptionTax(0n)).toBe(0n);
  });
});
