import { describe, expect, test } from 'vitest';
import { wholeNumberSetting } from './settings';

describe('wholeNumberSetting', () => {
  test('reads a whole number, unset or blank as undefined, and refuses anything else by name', () => {
    expect(wholeNumberSetting(undefined, 'X')).toBeUndefined();
    expect(wholeNumberSetting('  ', 'X')).toBeUndefined();
    expect(wholeNumberSetting(' 0 ', 'X')).toBe(0);
    expect(wholeNumberSetting('12', 'X', 1)).toBe(12);
    for (const bad of ['-1', '1.5', 'ten', '1e400', '9007199254740993']) {
      expect(() => wholeNumberSetting(bad, 'X_SETTING'), bad).toThrow('X_SETTING must be a whole number from 0');
    }
    expect(() => wholeNumberSetting('0', 'POOL', 1)).toThrow('POOL must be a whole number from 1');
  });
});
