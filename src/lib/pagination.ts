/**
 * Pagination of every list the API returns (cards, categories, creators, a user's items, activity,
 * payouts): `?page=` (1-based) and `?per_page=` (default {@link DEFAULT_PER_PAGE}, at most
 * {@link MAX_PER_PAGE}), answered as `{ items, page, perPage, total, totalPages }`. Pure, so pages can
 * parse the same query and build page links that work without JavaScript.
 */
import { z } from 'zod';

/** Items per page when `per_page` is not given. */
export const DEFAULT_PER_PAGE = 24;
/** Largest `per_page` accepted; more is refused (422), not clamped, so a caller notices. */
export const MAX_PER_PAGE = 100;
/** Largest page number accepted (keeps OFFSET within reason). */
export const MAX_PAGE = 10_000;

/**
 * A query parameter holding a whole number from `min` to `max` (digits only: no sign, no decimals, no
 * exponent), read as a number.
 */
export function intParam(min: number, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a whole number') })
    .regex(/^\d{1,20}$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be from ${min} to ${max}`);
}

/** `page` and `per_page` of a list query (strings in, numbers out). */
export const pageQuerySchema = z.object({
  page: intParam(1, MAX_PAGE).default(1),
  per_page: intParam(1, MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
});

/** Which page a caller asked for. */
export interface PageRequest {
  page: number;
  perPage: number;
}

/** One page of a list, as every list endpoint answers it. */
export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

/** The parsed `page`/`per_page` as a {@link PageRequest}. */
export function pageRequest(query: { page: number; per_page: number }): PageRequest {
  return { page: query.page, perPage: query.per_page };
}

/** Rows to skip for a page. */
export function pageOffset(request: PageRequest): number {
  return (request.page - 1) * request.perPage;
}

/** Wraps one page of items with the counts a pager needs (`totalPages` is at least 1). */
export function toPage<T>(items: T[], total: number, request: PageRequest): Page<T> {
  return {
    items,
    page: request.page,
    perPage: request.perPage,
    total,
    totalPages: Math.max(1, Math.ceil(total / request.perPage)),
  };
}

/**
 * How far past a page's start a list counts its rows: a list shows "1,000+" rather than count the whole
 * catalogue on every request (a count of 100,000 cards costs a hundred times a page).
 */
export const COUNT_AHEAD = 1_000;

/** The most rows the count of `request`'s list reads before it stops ({@link COUNT_AHEAD} past the page's start). */
export function countCap(request: PageRequest): number {
  return pageOffset(request) + COUNT_AHEAD;
}

/** A page whose `total` is a lower bound when `totalExact` is false (counted up to {@link countCap}). */
export interface CountedPage<T> extends Page<T> {
  totalExact: boolean;
}

/** Wraps a page whose list counted `found` rows, counting at most `countCap(request) + 1`. */
export function toCountedPage<T>(items: T[], found: number, request: PageRequest): CountedPage<T> {
  const cap = countCap(request);
  return { ...toPage(items, Math.min(found, cap), request), totalExact: found <= cap };
}
