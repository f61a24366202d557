/**
 * Wallet and contract address helpers: the one address pattern and input schema, display and comparison.
 * @see docs/product-spec.md §5 "Addresses are shortened when longer than 8 characters"
 */
import { z } from 'zod';

/** An EVM address as text: `0x` followed by 40 hex digits. */
export type Address = `0x${string}`;

/** `0x` and 40 hex digits, any letter case (the EIP-55 checksum is not checked). */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** Message of every refused address. */
export const ADDRESS_MESSAGE = 'must be an address (0x and 40 hex digits)';

/**
 * An address at an input boundary (query, path, JSON body), in any letter case, read as the stored
 * lower-case form.
 */
export const addressSchema = z
  .string()
  .regex(ADDRESS_PATTERN, ADDRESS_MESSAGE)
  .transform((value) => value.toLowerCase() as Address);

function shorten(addr: string | null | undefined, head: number, tail: number): string {
  if (addr === null || addr === undefined) return '';
  return addr.length > 8 ? `${addr.slice(0, head)}...${addr.slice(-tail)}` : addr;
}

/**
 * Short display form: first 4 and last 4 characters joined by `...`
 * (`0x12...cdef`); strings of 8 characters or fewer are returned unchanged,
 * missing values give `''`.
 * @see spec §5
 */
export function shortenAddress(addr: string | null | undefined): string {
  return shorten(addr, 4, 4);
}

/**
 * Longer display form: first 7 and last 4 characters joined by `...`
 * (`0x12345...cdef`), under the same more-than-8-characters rule.
 * @see spec §5
 */
export function shortenAddressLong(addr: string | null | undefined): string {
  return shorten(addr, 7, 4);
}

/**
 * Whether a value looks like an EVM address (`0x` + 40 hex digits, any case).
 * Does not check the EIP-55 checksum.
 */
export function isAddressLike(value: unknown): value is Address {
  return typeof value === 'string' && ADDRESS_PATTERN.test(value);
}

/**
 * Lower-cases an address (after trimming) so that addresses from wallets,
 * the chain and the database compare and key equally.
 * @throws TypeError when the value is not address-like, so bad input is caught
 *   where it enters rather than stored.
 */
export function normalizeAddress(addr: string): Address {
  const trimmed = addr.trim();
  if (!isAddressLike(trimmed)) throw new TypeError(`Not an address: ${JSON.stringify(addr)}`);
  return trimmed.toLowerCase() as Address;
}
