import { describe, expect, it } from 'vitest';
import { withheldPart, withholdingTax } from './withholding';

describe('withholding tax', () => {
  it('is 10.21 % up to ¥1,000,000, rounded down', () => {
    expect(withholdingTax(10_000n)).toBe(1_021n);
    expect(withholdingTax(9_999n)).toBe(1_020n); // 1020.8979
    expect(withholdingTax(1_000_000n)).toBe(102_100n);
  });

  it('is 20.42 % of the part above: a ¥1,000,001 payment is withheld ¥102,100', () => {
    expect(withholdingTax(1_000_001n)).toBe(102_100n); // 102100 + 0.2042
    expect(withholdingTax(1_000_005n)).toBe(102_101n); // 102100 + 1.021
    expect(withholdingTax(3_000_000n)).toBe(510_500n); // 102100 + 408400
  });

  it('is nothing on nothing', () => {
    expect(withholdingTax(0n)).toBe(0n);
    expect(withholdingTax(-5n)).toBe(0n);
  });
});

describe('the part of a payout that is withheld', () => {
  const resident = { kind: 'individual', resident: true } as const;
  const both = { primary: true, royalty: true };
  it('is the whole payout for a resident individual when every kind is withheld', () => {
    expect(withheldPart(50_000n, resident, both, { primary: 10n, royalty: 5n })).toBe(50_000n);
  });

  it('is nothing for a corporation or a non-resident, or when no kind is withheld', () => {
    expect(withheldPart(50_000n, { kind: 'corporation', resident: true }, both, { primary: 1n, royalty: 0n })).toBe(0n);
    expect(withheldPart(50_000n, { kind: 'individual', resident: false }, both, { primary: 1n, royalty: 0n })).toBe(0n);
    expect(withheldPart(50_000n, resident, { primary: false, royalty: false }, { primary: 1n, royalty: 1n })).toBe(0n);
  });

  it('is the withheld kinds’ share of a mixed balance, rounded down', () => {
    expect(withheldPart(1_000n, resident, { primary: false, royalty: true }, { primary: 2n, royalty: 1n })).toBe(333n);
    expect(withheldPart(1_000n, resident, { primary: true, royalty: false }, { primary: 0n, royalty: 7n })).toBe(0n);
  });
});
