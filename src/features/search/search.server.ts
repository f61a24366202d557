/**
 * Header search suggestions: categories (collections) and illustrators whose Japanese or English name
 * contains the keyword, best matches first.
 *
 * @see docs/product-spec.md §3 "Search response", §5 "Search", §7 incremental_search
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '~/server/db/types';

/** Longest keyword accepted (characters); longer ones are refused with 422. */
export const MAX_KEYWORD_LENGTH = 100;
/** Most suggestions of each kind. */
export const SEARCH_LIMIT = 5;
/**
 * Most rows of each match kind (name starts with / contains the keyword) that are ranked. A one-letter
 * keyword matches most of the catalogue; ranking a capped set keeps it as cheap as a rare keyword.
 */
export const SEARCH_CANDIDATES = 200;

/** One suggestion; the header navigates to `/{redirectUrl}/{address}`. @see spec §3 */
export interface SearchItem {
  name: string;
  /** Image URL, or `''` when there is none. */
  image: string;
  /** `collection` for a category, `creator` for an illustrator, `tokens` for a card. */
  redirectUrl: 'collection' | 'creator' | 'tokens';
  /** The category id (as text), the illustrator's wallet address, or a card's `chain id/contract/token id`. */
  address: string;
}

/** The answer of the incremental search (the spec's two arrays; the endpoint adds `cards`). @see spec §3 */
export interface SearchResult {
  categories: SearchItem[];
  illustrators: SearchItem[];
}

/**
 * Query of `GET /api/v1/searches/incremental_search`: `keyword` (required, may be blank, at most
 * {@link MAX_KEYWORD_LENGTH} characters, no NUL) and `locale` (`ja` default, `en` shows English names).
 */
export const searchQuerySchema = z.object({
  keyword: z
    .string({ error: 'keyword is required' })
    .max(MAX_KEYWORD_LENGTH, `must be at most ${MAX_KEYWORD_LENGTH} characters`)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters'),
  locale: z.enum(['ja', 'en']).default('ja'),
});

/**
 * Escapes the LIKE wildcards `%`, `_` and the escape character `\` itself, so the keyword matches
 * literally (PostgreSQL's default LIKE escape is the backslash).
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Whether pg_trgm can pull a trigram out of `%keyword%`: it needs three letters or digits in a row.
 * Only then can the GIN indexes narrow the search; shorter keywords are cheaper to scan.
 */
export function hasTrigram(keyword: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(keyword);
}

/**
 * Whether the keyword has letters with case (Latin, Greek, ...). Without them (Japanese, digits) a
 * case-sensitive LIKE finds the same rows as ILIKE, and is 3-4x cheaper per row on PGlite, where ILIKE
 * lower-cases every name it looks at.
 */
export function hasCasedLetters(keyword: string): boolean {
  return keyword.toLowerCase() !== keyword.toUpperCase();
}

interface Row {
  id: number | string;
  name: string;
  name_en: string | null;
  image: string | null;
  [column: string]: unknown;
}

/** How a name column matches: a condition on the column. */
type Match = (column: SQL) => SQL;
/** The rows of one table whose Japanese or English name matches. */
type Candidates = (match: Match) => SQL;

/**
 * The three conditions of a search: "contains", "starts with" and the operator they use. Case-
 * insensitive ILIKE only when the keyword has cased letters. A keyword without a trigram cannot be
 * narrowed by the GIN index when it may sit anywhere in a name, so "contains" is then written with
 * `strpos` (which no index serves) to get a scan that stops after the first matches; "starts with"
 * always has a trigram (the name's start is a word start) and uses the index.
 */
function matchers(keyword: string): { like: SQL; contains: Match; startsWith: Match; prefix: string } {
  const cased = hasCasedLetters(keyword);
  const like = sql.raw(cased ? 'ilike' : 'like');
  const prefix = `${escapeLike(keyword)}%`;
  const contains: Match = hasTrigram(keyword)
    ? (column) => sql`${column} ${like} ${`%${prefix}`}`
    : cased
      ? (column) => sql`strpos(lower(${column}), lower(${keyword})) > 0`
      : (column) => sql`strpos(${column}, ${keyword}) > 0`;
  return { like, contains, startsWith: (column) => sql`${column} ${like} ${prefix}`, prefix };
}

/**
 * Ranks the candidates: names starting with the keyword first, then by trigram similarity (a short
 * name that is mostly the keyword beats a long one merely containing it), then shorter names, then
 * the oldest row. The candidates are the first {@link SEARCH_CANDIDATES} rows containing the keyword,
 * so a broad keyword stops early instead of ranking the whole table; only when that cap is reached (a
 * one-time filter, skipped otherwise) are up to as many rows starting with it added, so those still
 * come first. `finish` turns the candidates `c` into the answer rows (joins, filters).
 */
function rankedQuery(candidates: Candidates, keyword: string, finish: SQL): SQL {
  const { like, contains, startsWith, prefix } = matchers(keyword);
  return sql`with infix as materialized (${candidates(contains)} limit ${SEARCH_CANDIDATES}),
    prefix as materialized (${candidates(startsWith)} and (select count(*) from infix) >= ${SEARCH_CANDIDATES}
      limit ${SEARCH_CANDIDATES}),
    c as (select * from infix union select * from prefix)
    ${finish}
    order by case when c.name ${like} ${prefix} or coalesce(c.name_en ${like} ${prefix}, false) then 0 else 1 end,
      greatest(similarity(c.name, ${keyword}), coalesce(similarity(c.name_en, ${keyword}), 0)) desc,
      length(c.name), c.id
    limit ${SEARCH_LIMIT}`;
}

const categoryCandidates: Candidates = (match) => sql`select id, name, name_en, image from categories
  where not hidden and (${match(sql`name`)} or ${match(sql`name_en`)})`;

const illustratorCandidates: Candidates = (match) => sql`select id, name, name_en, image, user_id
  from illustrators where (${match(sql`name`)} or ${match(sql`name_en`)})`;

const categoryAnswer = sql`select c.id, c.name, c.name_en, c.image from c`;

/** Illustrators are shown with their wallet (the creator page's address); suspended users are left out. */
const illustratorAnswer = sql`select c.id, c.name, c.name_en,
    coalesce(c.image, u.profile_thumb, u.profile_icon) as image, u.wallet_address
  from c join users u on u.id = c.user_id where not u.suspended`;

/** Name shown for a row: the English one when asked for and present, else the Japanese one. */
function displayName(row: Row, locale: 'ja' | 'en'): string {
  return locale === 'en' && row.name_en !== null && row.name_en.trim() !== '' ? row.name_en : row.name;
}

/**
 * Categories and illustrators whose Japanese or English name contains `keyword` (case-insensitive,
 * `%` and `_` literal), at most {@link SEARCH_LIMIT} of each, best first. Hidden categories and
 * illustrators of suspended users are left out. A blank keyword gives empty lists without a query.
 *
 * Query plan (checked with EXPLAIN on 20,000 collections and 10,000 creators): plain sequential and
 * b-tree index scans are priced out for this transaction, so every name condition that pg_trgm can
 * serve runs as a bitmap scan of the GIN trigram indexes of both name columns (a BitmapOr), and the
 * rest (see {@link matchers}) scan only until {@link SEARCH_CANDIDATES} matches. Left alone, the
 * planners of both PGlite and PostgreSQL often choose a full scan or a full b-tree walk for the join
 * to users, several times slower on PGlite where pattern matching runs in WebAssembly. JIT is off for
 * the same transaction.
 * @see spec §5 "Search", §7
 */
export async function searchSuggestions(
  db: Database,
  rawKeyword: string,
  locale: 'ja' | 'en' = 'ja',
): Promise<SearchResult> {
  const keyword = rawKeyword.trim();
  if (keyword === '') return { categories: [], illustrators: [] };
  const [categoryRows, illustratorRows] = await db.transaction(async (tx) => {
    // Pricing scans out adds a huge constant to plan costs, which would otherwise trigger PostgreSQL's
    // JIT compiler (hundreds of ms) on a query that runs in one.
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
        set_config('jit', 'off', true)`,
    );
    const found = await tx.execute<Row>(rankedQuery(categoryCandidates, keyword, categoryAnswer));
    const people = await tx.execute<Row & { wallet_address: string }>(
      rankedQuery(illustratorCandidates, keyword, illustratorAnswer),
    );
    return [found.rows, people.rows] as const;
  });

  return {
    categories: categoryRows.map((row) => ({
      name: displayName(row, locale),
      image: row.image ?? '',
      redirectUrl: 'collection',
      address: String(row.id),
    })),
    illustrators: illustratorRows.map((row) => ({
      name: displayName(row, locale),
      image: row.image ?? '',
      redirectUrl: 'creator',
      address: row.wallet_address,
    })),
  };
}
