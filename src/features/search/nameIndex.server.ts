import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/types';
import { SEARCH_LIMIT, type SearchItem, type SearchResult } from './search.server';

/**
 * The header's search suggestions answer from memory: every visible collection name and every
 * creator name (tens of thousands at most) is held in this process and refreshed in the background
 * every {@link NAME_INDEX_TTL_MS}. A keystroke then costs a scan of short strings (well under a
 * millisecond) instead of a query, so suggestions stay fast under load and for one- or two-character
 * Japanese keywords that no trigram index can narrow. The full search page still asks the database.
 */
export const NAME_INDEX_TTL_MS = 10_000;

interface Entry {
  id: number;
  name: string;
  nameEn: string | null;
  image: string;
  address: string;
  folded: string;
  foldedEn: string | null;
}

export interface NameIndex {
  categories: Entry[];
  illustrators: Entry[];
  loadedAt: number;
}

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

function entry(
  row: { id: number | string; name: string; name_en: string | null; image: string | null },
  address: string,
): Entry {
  return {
    id: Number(row.id),
    name: row.name,
    nameEn: row.name_en,
    image: row.image ?? '',
    address,
    folded: fold(row.name),
    foldedEn: row.name_en ? fold(row.name_en) : null,
  };
}

/** Reads every visible collection and every creator of a user in good standing. */
export async function loadNameIndex(db: Database, now = Date.now()): Promise<NameIndex> {
  type Row = { id: number | string; name: string; name_en: string | null; image: string | null };
  const categories = await db.execute<Row>(sql`select id, name, name_en, image from categories where not hidden`);
  const illustrators = await db.execute<Row & { wallet_address: string }>(
    sql`select i.id, i.name, i.name_en, coalesce(i.image, u.profile_thumb, u.profile_icon) as image, u.wallet_address
      from illustrators i join users u on u.id = i.user_id where not u.suspended`,
  );
  return {
    categories: categories.rows.map((row) => entry(row, String(row.id))),
    illustrators: illustrators.rows.map((row) => entry(row, row.wallet_address)),
    loadedAt: now,
  };
}

let current: NameIndex | undefined;
let refreshing: Promise<NameIndex> | undefined;

/**
 * The process's index: loaded on first use, then refreshed in the background once older than the TTL
 * (callers keep getting the previous one meanwhile).
 */
export async function nameIndex(db: Database, now = Date.now()): Promise<NameIndex> {
  if (current && now - current.loadedAt < NAME_INDEX_TTL_MS) return current;
  refreshing ??= loadNameIndex(db, now)
    .then((index) => {
      current = index;
      return index;
    })
    .finally(() => {
      refreshing = undefined;
    });
  return current ?? refreshing;
}

function rank(
  entries: Entry[],
  keyword: string,
  locale: 'ja' | 'en',
  redirectUrl: SearchItem['redirectUrl'],
): SearchItem[] {
  const scored: { entry: Entry; score: number }[] = [];
  for (const item of entries) {
    const inName = item.folded.indexOf(keyword);
    const inEn = item.foldedEn?.indexOf(keyword) ?? -1;
    if (inName < 0 && inEn < 0) continue;
    // Names starting with the keyword first, then the name the keyword covers most of (as trigram
    // similarity ranks in the database search), then shorter names, then the older row.
    const starts = inName === 0 || inEn === 0 ? 1 : 0;
    const cover = Math.max(
      inName >= 0 ? keyword.length / item.folded.length : 0,
      inEn >= 0 && item.foldedEn ? keyword.length / item.foldedEn.length : 0,
    );
    scored.push({ entry: item, score: starts * 10 + cover });
  }
  scored.sort((a, b) => b.score - a.score || a.entry.name.length - b.entry.name.length || a.entry.id - b.entry.id);
  return scored.slice(0, SEARCH_LIMIT).map(({ entry: item }) => ({
    name: locale === 'en' && item.nameEn?.trim() ? item.nameEn : item.name,
    image: item.image,
    redirectUrl,
    address: item.address,
  }));
}

/** Suggestions for a keyword: at most five collections and five creators, best first. */
export function suggestFromIndex(index: NameIndex, rawKeyword: string, locale: 'ja' | 'en' = 'ja'): SearchResult {
  const keyword = fold(rawKeyword.trim());
  if (keyword === '') return { categories: [], illustrators: [] };
  return {
    categories: rank(index.categories, keyword, locale, 'collection'),
    illustrators: rank(index.illustrators, keyword, locale, 'creator'),
  };
}
