import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { readUint, smallUintSchema, uint256Schema, uintSchema } from './uintJson';

const UINT256_MAX = 2n ** 256n - 1n;
const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('unsigned integers from any Seaport client', () => {
  test('reads decimal strings, 0x hex strings (either case) and safe JSON numbers to the same bigint', () => {
    for (const value of ['1000', '0x3e8', '0x3E8', '0x00000000000003e8', 1000]) {
      expect(uint256Schema.parse(value)).toBe(1000n);
    }
    expect(uint256Schema.parse('0')).toBe(0n);
    expect(uint256Schema.parse('0x0')).toBe(0n);
    expect(uint256Schema.parse(Number.MAX_SAFE_INTEGER)).toBe(BigInt(Number.MAX_SAFE_INTEGER));
    // seaport-js's salt: 24 zero bytes and 8 random ones, 32 bytes of hex.
    const salt = `0x${'00'.repeat(24)}1b2c3d4e5f607182`;
    expect(uint256Schema.parse(salt)).toBe(0x1b2c3d4e5f607182n);
  });

  test('reads the largest uint256 in both forms and refuses one more', () => {
    expect(uint256Schema.parse(UINT256_MAX.toString())).toBe(UINT256_MAX);
    expect(uint256Schema.parse(`0x${'f'.repeat(64)}`)).toBe(UINT256_MAX);
    expect(messageOf(uint256Schema, (UINT256_MAX + 1n).toString())).toBe('must fit in uint256');
    expect(messageOf(uint256Schema, `0x1${'0'.repeat(64)}`)).toMatch(/decimal digits or 0x hex/);
    expect(messageOf(uintSchema(64), (2n ** 64n).toString())).toBe('must fit in uint64');
  });

  test('refuses JSON numbers that have lost digits, with a message saying to send a string', () => {
    expect(messageOf(uint256Schema, 2 ** 60)).toMatch(/must be a string/);
    expect(messageOf(uint256Schema, 1e30)).toMatch(/must be a string/);
    expect(readUint(Number.MAX_SAFE_INTEGER + 1)).toBeUndefined();
  });

  test('refuses negatives, fractions, exponents, blanks, signs and anything not a number', () => {
    for (const value of [
      -1,
      '-1',
      '-0x1',
      1.5,
      '1.5',
      '1e3',
      ' 1',
      '1 ',
      '+1',
      '',
      '0x',
      '0xg1',
      '0X10',
      'ten',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      null,
      undefined,
      {},
      [1],
      '1'.repeat(79),
    ]) {
      expect(uint256Schema.safeParse(value).success, JSON.stringify(value) ?? String(value)).toBe(false);
    }
  });

  test('small enum fields take the same forms, up to their largest value', () => {
    expect(smallUintSchema(5).parse('0x2')).toBe(2);
    expect(smallUintSchema(5).parse(5)).toBe(5);
    expect(smallUintSchema(5).parse('4')).toBe(4);
    expect(messageOf(smallUintSchema(5), 6)).toBe('must be 0 to 5');
    expect(smallUintSchema(5).safeParse('').success).toBe(false);
    expect(smallUintSchema(5).safeParse(null).success).toBe(false);
    expect(smallUintSchema(5).safeParse(true).success).toBe(false);
  });
});
