/**
 * What the sitemaps list, read from the database: every public page once (the pages, lists and legal documents;
 * each visible collection; each creator's two pages; each visible card's token page at its canonical path), each
 * with the moment it last changed from the change events (`page_changes`, else when it was created). Cards are
 * split into files by id ({@link SITEMAP_CARDS_PER_FILE} ids a file), so a change names the one file it touches
 * (../../events/tags.ts); collections and creators by id as well. Pages the site hides (hidden cards and
 * collections, suspended creators), personal pages and redirects are never listed.
 *
 * @see ./sitemapXml.ts, ../../../pages/sitemap-index.xml.ts, ../../../pages/sitemaps/[file].xml.ts
 */
import { sql } from 'drizzle-orm';
import { SITEMAP_CARDS_PER_FILE, tag } from '~/features/events/tags';
import type { Database } from '~/server/db/types';
import { tokenPath } from '../cards/tokenMeta';
import type { SitemapFile, SitemapPage } from './sitemapXml';

/** Collections in one file (two URLs each). */
export const SITEMAP_COLLECTIONS_PER_FILE = 20_000;
/** Creators in one file (two pages each, two URLs a page). */
export const SITEMAP_CREATORS_PER_FILE = 10_000;

/** The public pages that are neither a card, a collection nor a creator, with the tag dating each. */
const PAGES: readonly { path: string; tag?: string }[] = [
  { path: '/', tag: tag.home },
  { path: '/market', tag: tag.market },
  { path: '/browse-category', tag: tag.market },
  { path: '/collection', tag: tag.market },
  { path: '/creator', tag: tag.market },
  { path: '/rankings', tag: tag.rankings },
  { path: '/contact' },
  { path: '/terms' },
  { path: '/privacy' },
  { path: '/developers' },
  { path: '/transaction-act' },
];

/** A file of the sitemap, by its name in `/sitemaps/{name}.xml`. */
export type SitemapPart = { kind: 'pages' } | { kind: 'collections' | 'creators' | 'tokens'; index: number };

/** The part a file name names (`pages`, `tokens-3`, ...), or null. */
export function parseSitemapPart(name: string | undefined): SitemapPart | null {
  if (name === 'pages') return { kind: 'pages' };
  const match = /^(collections|creators|tokens)-(\d{1,7})$/.exec(name ?? '');
  if (!match) return null;
  return { kind: match[1] as 'collections' | 'creators' | 'tokens', index: Number(match[2]) };
}

/** The path of a part's file. */
export function sitemapPartPath(part: SitemapPart): string {
  return `/sitemaps/${part.kind === 'pages' ? 'pages' : `${part.kind}-${part.index}`}.xml`;
}

/** The cache tags of a part's file (what drops it). */
export function sitemapPartTags(part: SitemapPart): string[] {
  if (part.kind === 'pages') return [tag.sitemapPages];
  if (part.kind === 'collections') return [tag.sitemapCollections];
  if (part.kind === 'creators') return [tag.sitemapCreators];
  return [`sitemap:cards:${part.index}`, tag.allSitemapCards];
}

/** A date the driver answered (a Date, or a string through some drivers), or null. */
const asDate = (value: unknown): Date | null => (value == null ? null : new Date(value as string | Date));

/** The latest change of the tags starting with `prefix`, grouped by file (`(id - 1) / perFile`). */
async function latestByFile(db: Database, prefix: string, perFile: number): Promise<Map<number, Date>> {
  const { rows } = await db.execute<{ part: number | string; at: Date | string }>(sql`
    select (substring(tag from ${prefix.length + 1})::bigint - 1) / ${perFile} as part, max(changed_at) as at
    from page_changes where tag like ${`${prefix}%`} and substring(tag from ${prefix.length + 1}) ~ '^[0-9]+$'
    group by 1`);
  return new Map(rows.map((row) => [Number(row.part), asDate(row.at) as Date]));
}

/** The files of the sitemap index, each with its latest known change. */
export async function sitemapFiles(db: Database): Promise<SitemapFile[]> {
  const N = SITEMAP_CARDS_PER_FILE;
  const [pages, collections, creators, tokens, cardChanges, collectionChanges, creatorChanges] = await Promise.all([
    db.execute<{ at: Date | string | null }>(
      sql`select max(changed_at) as at from page_changes where tag in (${tag.home}, ${tag.market}, ${tag.rankings})`,
    ),
    db.execute<{ part: number | string }>(
      sql`select distinct (id - 1) / ${SITEMAP_COLLECTIONS_PER_FILE} as part from categories where not hidden order by 1`,
    ),
    db.execute<{ part: number | string }>(sql`
      select distinct (i.id - 1) / ${SITEMAP_CREATORS_PER_FILE} as part
      from illustrators i join users u on u.id = i.user_id where not u.suspended order by 1`),
    // The files holding at least one visible card: one short probe per file of ids.
    db.execute<{ part: number | string }>(sql`
      select part from generate_series(0, (select coalesce((max(id) - 1) / ${N}, -1) from cards)) as part
      where exists (
        select 1 from cards c left join categories g on g.id = c.category_id
        where c.id between part * ${N} + 1 and (part + 1) * ${N}
          and not c.hidden and (g.id is null or not g.hidden))
      order by part`),
    latestByFile(db, 'card:', N),
    latestByFile(db, 'collection:', SITEMAP_COLLECTIONS_PER_FILE),
    latestByFile(db, 'creator:', SITEMAP_CREATORS_PER_FILE),
  ]);
  return [
    { path: sitemapPartPath({ kind: 'pages' }), lastmod: asDate(pages.rows[0]?.at) },
    ...collections.rows.map((row) => ({
      path: sitemapPartPath({ kind: 'collections', index: Number(row.part) }),
      lastmod: collectionChanges.get(Number(row.part)),
    })),
    ...creators.rows.map((row) => ({
      path: sitemapPartPath({ kind: 'creators', index: Number(row.part) }),
      lastmod: creatorChanges.get(Number(row.part)),
    })),
    ...tokens.rows.map((row) => ({
      path: sitemapPartPath({ kind: 'tokens', index: Number(row.part) }),
      lastmod: cardChanges.get(Number(row.part)),
    })),
  ];
}

/** The pages of one file of the sitemap, or null when the file has none (no such file). */
export async function sitemapPages(db: Database, part: SitemapPart): Promise<SitemapPage[] | null> {
  if (part.kind === 'pages') {
    const { rows } = await db.execute<{ tag: string; at: Date | string }>(
      sql`select tag, changed_at as at from page_changes where tag in (${tag.home}, ${tag.market}, ${tag.rankings})`,
    );
    const dated = new Map(rows.map((row) => [row.tag, asDate(row.at)]));
    return PAGES.map((page) => ({ path: page.path, lastmod: page.tag ? dated.get(page.tag) : null }));
  }
  let pages: SitemapPage[];
  if (part.kind === 'tokens') {
    const from = part.index * SITEMAP_CARDS_PER_FILE + 1;
    const { rows } = await db.execute<{
      chain_id: number;
      contract_address: string;
      token_id: string;
      created_at: Date | string;
      changed_at: Date | string | null;
    }>(sql`
      select c.chain_id, c.contract_address, c.token_id::text as token_id, c.created_at, pc.changed_at
      from cards c
      left join categories g on g.id = c.category_id
      left join page_changes pc on pc.tag = 'card:' || c.id
      where c.id between ${from} and ${from + SITEMAP_CARDS_PER_FILE - 1}
        and not c.hidden and (g.id is null or not g.hidden)
      order by c.id`);
    pages = rows.map((row) => ({
      path: tokenPath({ chainId: Number(row.chain_id), contractAddress: row.contract_address, tokenId: row.token_id }),
      lastmod: asDate(row.changed_at) ?? asDate(row.created_at),
    }));
  } else if (part.kind === 'collections') {
    const from = part.index * SITEMAP_COLLECTIONS_PER_FILE + 1;
    const { rows } = await db.execute<{ id: number | string; created_at: Date | string; changed_at: unknown }>(sql`
      select g.id, g.created_at, pc.changed_at
      from categories g left join page_changes pc on pc.tag = 'collection:' || g.id
      where g.id between ${from} and ${from + SITEMAP_COLLECTIONS_PER_FILE - 1} and not g.hidden
      order by g.id`);
    pages = rows.map((row) => ({
      path: `/collection/${Number(row.id)}`,
      lastmod: asDate(row.changed_at) ?? asDate(row.created_at),
    }));
  } else {
    const from = part.index * SITEMAP_CREATORS_PER_FILE + 1;
    const { rows } = await db.execute<{
      id: number | string;
      wallet_address: string;
      created_at: Date | string;
      changed_at: unknown;
    }>(sql`
      select i.id, u.wallet_address, i.created_at, pc.changed_at
      from illustrators i join users u on u.id = i.user_id
      left join page_changes pc on pc.tag = 'creator:' || i.id
      where i.id between ${from} and ${from + SITEMAP_CREATORS_PER_FILE - 1} and not u.suspended
      order by i.id`);
    pages = rows.flatMap((row) => {
      const lastmod = asDate(row.changed_at) ?? asDate(row.created_at);
      return [
        { path: `/creator/${row.wallet_address}`, lastmod },
        { path: `/profile-creators/${Number(row.id)}`, lastmod },
      ];
    });
  }
  return pages.length > 0 ? pages : null;
}
