/**
 * The kinds of value a setting takes, as zod schemas of one environment variable each: its type, its default and
 * its one-line description (kept as the schema's metadata, with whether it is a secret). Every kind reads the
 * variable the same way: unset, empty or only spaces counts as unset (as `NAME=` in `.env.example`) and gives the
 * default; anything else must parse, or the issue says what is wrong without repeating the value (it may be a
 * secret).
 *
 * Imports nothing with side effects or aliases: plain Node scripts load this folder as it is.
 *
 * @see ./schema.ts
 */
import { z } from 'zod';
import { ADDRESS_MESSAGE, ADDRESS_PATTERN, type Address } from '~/lib/addresses.ts';

/** What the schema keeps of each setting, for `.env.example`, the docs and their checks. */
export type SettingMeta = {
  /** One line: what the variable sets (and its default when that depends on other settings). */
  description: string;
  /** Whether its value must never be logged or reach a page. */
  secret: boolean;
};

/** A value that does not parse, and why (said after the variable's name: "must be ..."). */
class Problem {
  readonly message: string;

  constructor(message: string) {
    this.message = message;
  }
}

/** How a kind reads a variable that is set. */
type Parse<T> = (text: string) => T | Problem;

/**
 * One setting of kind `parse`: `fallback` when the variable is unset or blank, else what `parse` makes of its text
 * (trimmed unless `trim` is false, for secrets whose every character counts).
 */
function setting<T, D>(
  description: string,
  fallback: D,
  parse: Parse<T>,
  options: { secret?: boolean; trim?: boolean } = {},
) {
  const meta: SettingMeta = { description, secret: options.secret ?? false };
  return z
    .string()
    .optional()
    .transform((value, ctx): T | D => {
      if (value === undefined || value.trim() === '') return fallback;
      const parsed = parse(options.trim === false ? value : value.trim());
      if (!(parsed instanceof Problem)) return parsed;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    })
    .meta(meta);
}

/** Text, trimmed. */
export function text<D extends string | undefined = undefined>(description: string, fallback?: D) {
  return setting(description, fallback as D, (value) => value);
}

/**
 * A secret (a password, a key, a URL that may carry one): never logged, never sent to a page. Trimmed unless
 * `trim` is false (an HMAC key is used as it is written).
 */
export function secret(description: string, options: { trim?: boolean } = {}) {
  return setting(description, undefined, (value) => value, { secret: true, trim: options.trim ?? true });
}

/** A whole number from `min` (default 0) to `max` (`12`, ` 0 `, `1e3`; not `-1`, `1.5`, `ten` or past 2^53). */
export function wholeNumber<D extends number | undefined = undefined>(
  description: string,
  options: { min?: number; max?: number; fallback?: D } = {},
) {
  const { min = 0, max } = options;
  const wanted = `must be a whole number from ${min}${max === undefined ? '' : ` to ${max}`}`;
  return setting(description, options.fallback as D, (value) => {
    const number = Number(value);
    return Number.isSafeInteger(number) && number >= min && (max === undefined || number <= max)
      ? number
      : new Problem(wanted);
  });
}

/** One of `values`, in any letter case. */
export function oneOf<const V extends string, D extends V | undefined = undefined>(
  description: string,
  values: readonly V[],
  fallback?: D,
) {
  return setting(description, fallback as D, (value) => {
    const found = values.find((each) => each === value.toLowerCase());
    return found ?? new Problem(`must be one of ${values.join(', ')}`);
  });
}

const ON = ['on', '1', 'true', 'yes'];
const OFF = ['off', '0', 'false', 'no'];

/** A switch: `on`/`off` (or `1`/`0`, `true`/`false`, `yes`/`no`), in any letter case. */
export function onOff(description: string, fallback: boolean) {
  return setting(description, fallback, (value) => {
    const word = value.toLowerCase();
    if (ON.includes(word)) return true;
    if (OFF.includes(word)) return false;
    return new Problem('must be on or off (1 or 0)');
  });
}

/** An http(s) URL, as written. */
export function httpUrl<D extends string | undefined = undefined>(
  description: string,
  options: { fallback?: D; secret?: boolean } = {},
) {
  const parse = (value: string) => {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    return url && (url.protocol === 'http:' || url.protocol === 'https:')
      ? value
      : new Problem('must be an http(s) URL');
  };
  return setting(description, options.fallback as D, parse, { secret: options.secret ?? false });
}

/** An EVM address (`0x` and 40 hex digits, any letter case). */
export function address(description: string) {
  return setting(description, undefined, (value) =>
    ADDRESS_PATTERN.test(value) ? (value as Address) : new Problem(ADDRESS_MESSAGE),
  );
}

/** 32 bytes as `0x` and 64 hex digits (a private key when `secret`, a conduit key). */
export function bytes32(description: string, options: { secret?: boolean } = {}) {
  return setting(
    description,
    undefined,
    (value) => (/^0x[0-9a-fA-F]{64}$/.test(value) ? (value as `0x${string}`) : new Problem('must be 32 bytes of hex')),
    { secret: options.secret ?? false },
  );
}

/** How many of something to run: a whole number from 1, or `auto`. */
export function countOrAuto(description: string) {
  return setting(description, 1 as number | 'auto', (value) => {
    if (value.toLowerCase() === 'auto') return 'auto' as const;
    const number = Number(value);
    return Number.isSafeInteger(number) && number >= 1 ? number : new Problem('must be a whole number or auto');
  });
}

/** Comma-separated entries of which each must pass `check` (which answers why one does not). */
export function list(description: string, check: (entry: string) => string | undefined) {
  return setting(description, undefined, (value) => {
    for (const entry of value.split(',')) {
      const problem = check(entry.trim());
      if (problem) return new Problem(problem);
    }
    return value;
  });
}
