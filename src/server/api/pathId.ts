/**
 * The numeric row id a route's path names (`/api/v1/.../{id}`): a segment that cannot be an id (not digits, zero,
 * past the largest safe integer) names nothing, so the answer is 404, as for an id with no row.
 */
import { idParam } from '~/lib/params';
import { notFound } from './errors';

/** The id in path segment `value` (`ctx.params.id`), or 404 with `message` ("No such card"). */
export function pathId(value: string | undefined, message: string): number {
  const id = idParam.safeParse(value ?? '');
  if (!id.success) throw notFound(message);
  return id.data;
}
