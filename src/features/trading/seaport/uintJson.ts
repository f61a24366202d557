/**
 * Unsigned integers in the JSON other Seaport clients send: a decimal string (`"1000"`), a `0x` hex string
 * (`"0x3e8"`, as `@opensea/seaport-js` writes salts and criteria roots), or a JSON number when it is a safe
 * integer (beyond 2^53 - 1 a JSON number has already lost digits, so a signed order read from one would not be
 * the order signed). Anything else (a sign, an exponent, spaces, `0x` with no digits, a fraction, more than
 * the type holds) is refused with a sentence the API answers 422 with.
 *
 * Parsed values are bigints; orders are stored again as decimal strings (./orderJson.ts `toOrderJson`), so
 * the order hash, the catalogue and fills do not depend on how a client wrote the numbers.
 *
 * @see https://github.com/ProjectOpenSea/seaport-js (`generateRandomSalt`, `MerkleTree.getRoot`)
 */
import { z } from 'zod';

const DECIMAL = /^\d{1,78}$/;
const HEX = /^0x[0-9a-fA-F]{1,64}$/;

/** Reads a decimal or 0x-hex string, or a safe non-negative integer, as a bigint; undefined for anything else. */
export function readUint(value: unknown): bigint | undefined {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined;
  }
  if (typeof value !== 'string') return undefined;
  return DECIMAL.test(value) || HEX.test(value) ? BigInt(value) : undefined;
}

/**
 * Zod schema of an unsigned integer of `bits` bits (8..256) in any of the forms above, parsed to a bigint.
 * The message names the problem: not an integer, a JSON number past 2^53 - 1, or too large for the type.
 */
export function uintSchema(bits: number) {
  const max = 2n ** BigInt(bits) - 1n;
  return z.unknown().transform((value, ctx): bigint => {
    const parsed = readUint(value);
    if (parsed === undefined) {
      ctx.addIssue({
        code: 'custom',
        message:
          typeof value === 'number' && Number.isInteger(value) && value > Number.MAX_SAFE_INTEGER
            ? 'must be a string (a JSON number past 2^53 - 1 loses digits)'
            : 'must be a non-negative integer: decimal digits or 0x hex',
      });
      return z.NEVER;
    }
    if (parsed > max) {
      ctx.addIssue({ code: 'custom', message: `must fit in uint${bits}` });
      return z.NEVER;
    }
    return parsed;
  });
}

/** A uint256 field (amounts, token ids, salts, times, counters). */
export const uint256Schema = uintSchema(256);

/** A small enum field (`itemType`, `orderType`) in any of the forms above, as a number at most `max`. */
export function smallUintSchema(max: number) {
  return uintSchema(8).transform((value, ctx): number => {
    if (value > BigInt(max)) {
      ctx.addIssue({ code: 'custom', message: `must be 0 to ${max}` });
      return z.NEVER;
    }
    return Number(value);
  });
}
