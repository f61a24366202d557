/**
 * Reads values of raw SQL rows the same way on both engines: node-postgres gives `bigint` as a string
 * and PGlite as a number, and both give timestamps as PostgreSQL text (drizzle turns their type parsers
 * off). Pure.
 */

/** A number from an integer column or aggregate (`bigint`, `int`, `count(*)`). */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return 0;
}

/** A decimal string from a numeric (uint256) column or aggregate; null and undefined give `'0'`. */
export function toDecimal(value: unknown): string {
  if (value === null || value === undefined) return '0';
  return String(value);
}

/** An ISO 8601 string from a timestamp (Date or PostgreSQL text), or null. */
export function toIsoOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An ISO 8601 string from a timestamp that is never null. */
export function toIso(value: unknown): string {
  return toIsoOrNull(value) ?? new Date(0).toISOString();
}

/** A `json` column's value: parsed by the driver, or its text (drizzle turns the parsers off); null stays null. */
export function fromJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : (value ?? null);
}
