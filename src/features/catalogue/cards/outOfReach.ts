/**
 * A card list's page number past the cards a number may skip ({@link MAX_OFFSET_CARDS}; deeper pages are reached
 * by the `next` cursor): the pages answer it at once with a refusal naming the last page a number reaches, rather
 * than render page 1 (a list that ignored the number) or pay for the skip. Pure: read from the URL before any query.
 */
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '~/lib/pagination';
import { MAX_OFFSET_CARDS } from './cardFilters';

/** A page asked past the reach of numbers, and the last page within it. */
export interface OutOfReach {
  page: number;
  lastPage: number;
  /** The last reachable page of the same list (same filters), as a path with its query. */
  lastHref: string;
}

/** A whole number of `text`, if it is one. */
const whole = (text: string | null) => (text !== null && /^\d{1,15}$/.test(text) ? Number(text) : undefined);

/**
 * The page `params` ask past the reach of numbers (no cursor, `page` beyond {@link MAX_OFFSET_CARDS} at its
 * `per_page`), with the last page within reach at `path` (the list's localized path); null when within reach.
 */
export function pageOutOfReach(params: URLSearchParams, path: string): OutOfReach | null {
  if (params.get('after')) return null;
  const page = whole(params.get('page'));
  const asked = whole(params.get('per_page'));
  const perPage = asked !== undefined && asked >= 1 && asked <= MAX_PER_PAGE ? asked : DEFAULT_PER_PAGE;
  if (page === undefined || (page - 1) * perPage <= MAX_OFFSET_CARDS) return null;
  const lastPage = Math.floor(MAX_OFFSET_CARDS / perPage) + 1;
  const last = new URLSearchParams(params);
  last.set('page', String(lastPage));
  return { page, lastPage, lastHref: `${path}?${last}` };
}
