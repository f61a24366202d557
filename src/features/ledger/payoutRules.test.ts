import { describe, expect, test } from 'vitest';
import { CurrencyCode } from '~/features/chains/currencies';
import { PAYOUT_MINIMUMS, payoutMinimum, payoutProblem } from './payoutRules';

const ether = 10n ** 18n;

describe('payout rules', () => {
  test('minimums are 0.01 ETH/WETH/BNB/WBNB, 1 POL, 10 KLAY/WKLAY, 100 ATEM and ¥1,000; USD has none', () => {
    expect(PAYOUT_MINIMUMS[CurrencyCode.ETH]).toBe(ether / 100n);
    expect(PAYOUT_MINIMUMS[CurrencyCode.WBNB]).toBe(ether / 100n);
    expect(payoutMinimum(CurrencyCode.POL_LEGACY)).toBe(ether);
    expect(payoutMinimum(CurrencyCode.WKLAY)).toBe(10n * ether);
    expect(payoutMinimum(CurrencyCode.ATEM)).toBe(100n * ether);
    expect(payoutMinimum(CurrencyCode.JPY)).toBe(1_000n);
    expect(payoutMinimum(CurrencyCode.USD)).toBeUndefined();
    expect(payoutMinimum(42)).toBeUndefined();
  });

  test('explains what is wrong with a request, or nothing when it can be made', () => {
    expect(payoutProblem(ether / 100n, CurrencyCode.ETH, ether)).toBeNull();
    expect(payoutProblem(ether, CurrencyCode.ETH, ether)).toBeNull();
    expect(payoutProblem(ether / 100n - 1n, CurrencyCode.ETH, ether)).toBe('The minimum payout is 0.01 ETH');
    expect(payoutProblem(ether + 1n, CurrencyCode.ETH, ether)).toBe(
      'The amount is more than the available balance of 1 ETH',
    );
    expect(payoutProblem(ether, CurrencyCode.USD, 10n * ether)).toBe('USD cannot be paid out');
  });

  test('problems write amounts exactly in whole units', () => {
    expect(payoutProblem(999n, CurrencyCode.JPY, 5_000n)).toBe('The minimum payout is ¥1,000');
    expect(payoutProblem(ether, CurrencyCode.KLAYTN, 1_234_567_000_000_000_001n)).toBe('The minimum payout is 10 KLAY');
    expect(payoutProblem(2n * ether, CurrencyCode.ETH, 1_234_567_000_000_000_001n)).toBe(
      'The amount is more than the available balance of 1.234567000000000001 ETH',
    );
  });
});
