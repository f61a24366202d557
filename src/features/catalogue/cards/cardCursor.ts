/**
 * Keyset ("cursor") paging of the card list: the "next" link carries the sort keys of the page's last card
 * (`?after=`), and the next page starts right after it, so a page deep in a catalogue of a million cards costs
 * what the first one costs (no OFFSET over the rows before it) and cards added meanwhile neither repeat nor
 * skip a card on the following pages.
 *
 * A cursor is opaque to callers: `sort~key~…~id` (the sort, its key values, `_` for a missing one, and the
 * card id that breaks ties), plain URL-safe text. It is only good for the sort it was made for; any other is refused (422 in the API).
 *
 * @see https://use-the-index-luke.com/no-offset
 * @see ./cardQueries.server.ts (the keys of each sort, and the condition a cursor adds)
 */
import type { CardSort } from './cardFilters';

/** The kind of each sort key, to check a cursor's values and compare them in SQL. */
export type SortKeyKind = 'timestamp' | 'integer' | 'rank';

/** A sort's keys before the card id (which always comes last, descending). */
export interface SortKey {
  kind: SortKeyKind;
  /** Ascending (`asc`) or descending (`desc`); missing values (no listing) always come last. */
  direction: 'asc' | 'desc';
  /** Whether the key can be missing (then `null` in a cursor). */
  nullable: boolean;
}

/**
 * The keys of `sort` (see ./cardOrder.server.ts); a price sort reads the card's price rank, with or without a
 * chosen currency (../cardWrites.server.ts: currency group and price in one number, highest first).
 */
export function sortKeys(sort: CardSort): SortKey[] {
  switch (sort) {
    case 'price_asc':
    case 'price_desc':
      return [{ kind: 'rank', direction: 'desc', nullable: false }];
    case 'most_viewed':
      return [{ kind: 'integer', direction: 'desc', nullable: false }];
    case 'rarity':
      return [{ kind: 'integer', direction: 'asc', nullable: true }];
    default:
      return [{ kind: 'timestamp', direction: 'desc', nullable: false }];
  }
}

/** Where the next page starts: after the card with these key values and id. */
export interface CardCursor {
  sort: CardSort;
  keys: (string | null)[];
  id: number;
}

const SEPARATOR = '~';
const MISSING = '_';

const PATTERNS: Record<SortKeyKind, RegExp> = {
  timestamp: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/,
  integer: /^\d{1,18}$/,
  rank: /^\d{1,84}$/,
};

/** The cursor of the card after which the next page starts. */
export function encodeCursor(cursor: CardCursor): string {
  return [cursor.sort, ...cursor.keys.map((key) => key ?? MISSING), String(cursor.id)].join(SEPARATOR);
}

/** Reads `text` as a cursor of `sort`; undefined when it is not one (malformed, or made for another list order). */
export function decodeCursor(text: string, sort: CardSort): CardCursor | undefined {
  if (text.length > 200) return undefined;
  const [s, ...rest] = text.split(SEPARATOR);
  const idText = rest.pop();
  const keys = sortKeys(sort);
  if (s !== sort || idText === undefined || !/^[1-9]\d{0,15}$/.test(idText) || rest.length !== keys.length) {
    return undefined;
  }
  const id = Number(idText);
  if (!Number.isSafeInteger(id)) return undefined;
  const values = rest.map((entry) => (entry === MISSING ? null : entry));
  const fits = values.every((entry, index) => {
    const key = keys[index] as SortKey;
    return entry === null ? key.nullable : PATTERNS[key.kind].test(entry);
  });
  // Keys are missing together (a card without a listing has neither a currency nor a price).
  const missing = values.map((entry) => entry === null);
  if (!fits || (missing.includes(true) && missing.includes(false))) return undefined;
  return { sort, keys: values, id };
}
