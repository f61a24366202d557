/**
 * Query and path parameter shapes the endpoints share (and pages can reuse to parse the same URLs): ids,
 * addresses, token ids, ether amounts and keywords. Chain ids and currencies: ~/features/chains/params.ts.
 * Pure.
 */
import { z } from 'zod';
import { intParam } from './pagination';

/** A numeric row id (`/nfts/{id}`, `category_id`, ...). */
export const idParam = intParam(1, Number.MAX_SAFE_INTEGER);

/** A token id (uint256 as decimal digits, leading zeros dropped). */
export const tokenIdParam = z
  .string()
  .regex(/^\d{1,78}$/, 'must be a token id (decimal digits)')
  .transform((value) => BigInt(value).toString())
  .refine((value) => BigInt(value) < 2n ** 256n, 'must fit in uint256');

const WEI_DECIMALS = 18;

/**
 * Converts an amount in whole units (ether, BNB, POL...: 18 decimals) written as a plain decimal
 * string (`'1'`, `'0.05'`, `'.5'` is refused) to wei. Returns null for anything else (signs, exponents,
 * more than 18 decimals, more than 30 integer digits).
 */
export function etherToWei(text: string): bigint | null {
  const match = /^(\d{1,30})(?:\.(\d{1,18}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 10n ** BigInt(WEI_DECIMALS) + BigInt(fraction.padEnd(WEI_DECIMALS, '0') || '0');
}

/** A price in whole units (`price_min=0.05`), read as a wei decimal string. @see spec §9 (prices in wei) */
export const etherParam = z.string().transform((value, ctx) => {
  const wei = etherToWei(value);
  if (wei === null) {
    ctx.addIssue({ code: 'custom', message: 'must be a decimal amount such as 0.05 (at most 18 decimals)' });
    return z.NEVER;
  }
  return wei.toString();
});

/** Longest search keyword (`q`). */
export const MAX_KEYWORD_LENGTH = 100;

/** A free-text keyword: trimmed, at most {@link MAX_KEYWORD_LENGTH} characters; blank means none. */
export const keywordParam = z
  .string()
  .max(MAX_KEYWORD_LENGTH, `must be at most ${MAX_KEYWORD_LENGTH} characters`)
  .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters')
  .transform((value) => value.trim() || undefined);

/**
 * Escapes the LIKE wildcards `%`, `_` and the escape character itself, so a keyword matches literally
 * (PostgreSQL's default LIKE escape is the backslash).
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `%keyword%` for a literal, case-insensitive substring match with ILIKE. */
export function containsPattern(keyword: string): string {
  return `%${escapeLike(keyword)}%`;
}
