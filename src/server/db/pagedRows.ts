/**
 * One page of a list query, written once for every list the back office and the dashboard page through: the
 * query's rows limited and offset to the page asked for, and the count of all rows the list matches, as the
 * `Page` the API answers.
 *
 * @see ../../lib/pagination.ts
 */
import { type Page, type PageRequest, pageOffset, toPage } from '~/lib/pagination';

/** A query that can be cut to one page (a drizzle select with its order). */
export interface PageableQuery<R> {
  limit(limit: number): { offset(offset: number): PromiseLike<R[]> };
}

/**
 * Page `request` of `query` (ordered, so pages do not overlap), each row made an item by `item`; `total` counts
 * every row of the list (`select({ n: count() })` with the same filters). The rows are read first, then the count.
 */
export async function pagedRows<R, T>(
  request: PageRequest,
  query: PageableQuery<R>,
  total: PromiseLike<{ n: number | string | bigint }[]>,
  item: (row: R) => T,
): Promise<Page<T>> {
  const rows = await query.limit(request.perPage).offset(pageOffset(request));
  const [counted] = await total;
  return toPage(rows.map(item), Number(counted?.n ?? 0), request);
}
