/**
 * Rankings of collections and creators by sales in a period (24 hours, 7 days, 30 days, all time).
 *
 * Prices are in several currencies and there is no exchange rate, so the rank is by the NUMBER of sales
 * in the period; ties go to the larger volume in the chain's own currency (only when `chain_id` is
 * given: wei of different coins do not compare), then to the older id. Each row also carries its
 * volume per currency in the period, for display.
 *
 * @see docs/product-spec.md §2 (/rankings)
 */
import { inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { currencyForChainId } from '~/features/chains/currencies';
import { canonicalCurrencySql } from '~/features/chains/currencySql.server';
import { chainIdParam } from '~/features/chains/params';
import { toDecimal, toNumber } from '~/lib/rowValues';
import type { Database } from '~/server/db/types';
import { bestCollectionOffers } from '../bestOffers.server';
import type { CreatorRef, CurrencyVolume } from '../types';

/** Periods a ranking covers. */
export const RANKING_PERIODS = ['24h', '7d', '30d', 'all'] as const;
/** What is ranked. */
export const RANKING_KINDS = ['categories', 'creators'] as const;
/** How many rows a ranking has at most. */
export const RANKING_SIZE = 50;

/** Query of `GET /api/v1/rankings`. */
export const rankingQuerySchema = z
  .object({
    period: z.enum(RANKING_PERIODS).default('7d'),
    kind: z.enum(RANKING_KINDS).default('categories'),
    chain_id: chainIdParam.optional(),
  })
  .transform((query) => ({ period: query.period, kind: query.kind, chainId: query.chain_id ?? null }));

/** Parsed ranking query. */
export type RankingQuery = z.output<typeof rankingQuerySchema>;

/** One ranked row: a collection or a creator, its sales count and volume per currency in the period. */
export interface RankingItem {
  rank: number;
  sales: number;
  volume: CurrencyVolume[];
  category?: {
    id: number;
    chainId: number;
    contractAddress: string;
    name: string;
    nameEn: string | null;
    image: string | null;
    creator: CreatorRef | null;
  };
  creator?: CreatorRef & { image: string | null };
  /** A collection's highest open collection offer (one card's price), or null; absent for creators. */
  bestOffer?: { price: string; currencyCode: number } | null;
}

/** The ranking answer. */
export interface Ranking extends RankingQuery {
  items: RankingItem[];
}

const SINCE: Readonly<Record<(typeof RANKING_PERIODS)[number], SQL | null>> = {
  '24h': sql`now() - interval '24 hours'`,
  '7d': sql`now() - interval '7 days'`,
  '30d': sql`now() - interval '30 days'`,
  all: null,
};

/** Sales in the period (and chain) joined to their visible category, creator and creator's user. */
function salesIn(query: RankingQuery): SQL {
  const since = SINCE[query.period];
  return sql`from sales s
    join categories g on g.chain_id = s.chain_id and g.contract_address = s.contract_address
    left join illustrators i on i.id = g.creator_id
    left join users u on u.id = i.user_id
    where not g.hidden
      and ${since === null ? sql`true` : sql`s.sold_at >= ${since}`}
      and ${query.chainId === null ? sql`true` : sql`s.chain_id = ${query.chainId}`}`;
}

/** Ranks categories or creators of `query` (see the module comment for the order). */
export async function getRanking(db: Database, query: RankingQuery): Promise<Ranking> {
  const key = query.kind === 'categories' ? sql`g.id` : sql`i.id`;
  const native = query.chainId === null ? undefined : currencyForChainId(query.chainId);
  const nativeVolume =
    native === undefined
      ? sql`0`
      : sql`sum(case when ${canonicalCurrencySql(sql`s.currency_code`)} = ${native} then s.price else 0 end)`;
  const creatorFilter = query.kind === 'creators' ? sql`and i.id is not null and not u.suspended` : sql``;
  const { rows } = await db.execute<Record<string, unknown>>(sql`select ${key} as id, count(*)::int as sales,
      ${nativeVolume} as native_volume
    ${salesIn(query)} ${creatorFilter}
    group by ${key} order by sales desc, native_volume desc, ${key} limit ${RANKING_SIZE}`);
  const ids = rows.map((row) => toNumber(row.id));
  const volumes = await volumesOf(db, query, key, ids);
  const details = query.kind === 'categories' ? await categoriesById(db, ids) : await creatorsById(db, ids);
  const best = query.kind === 'categories' ? await bestCollectionOffers(db, ids) : undefined;
  const items = rows.map((row, index): RankingItem => {
    const id = toNumber(row.id);
    return {
      rank: index + 1,
      sales: toNumber(row.sales),
      volume: volumes.get(id) ?? [],
      ...details.get(id),
      ...(best ? { bestOffer: best.get(id) ?? null } : {}),
    };
  });
  return { ...query, items };
}

/** Volume per currency in the period of each ranked id. */
async function volumesOf(
  db: Database,
  query: RankingQuery,
  key: SQL,
  ids: number[],
): Promise<Map<number, CurrencyVolume[]>> {
  const currency = canonicalCurrencySql(sql`s.currency_code`);
  const { rows } = await db.execute<Record<string, unknown>>(sql`select ${key} as id, s.chain_id,
      ${currency} as currency_code, sum(s.price) as amount, count(*)::int as sales
    ${salesIn(query)} and ${inArray(key, ids)}
    group by ${key}, s.chain_id, ${currency} order by 1, 2, 3`);
  const result = new Map<number, CurrencyVolume[]>();
  for (const row of rows) {
    const id = toNumber(row.id);
    const volume = {
      chainId: toNumber(row.chain_id),
      currencyCode: toNumber(row.currency_code),
      amount: toDecimal(row.amount),
      sales: toNumber(row.sales),
    };
    result.set(id, [...(result.get(id) ?? []), volume]);
  }
  return result;
}

/** A creator reference from row columns prefixed `creator_`, or null. */
function creatorRef(row: Record<string, unknown>): CreatorRef | null {
  if (row.creator_id === null || row.creator_wallet === null) return null;
  return {
    id: toNumber(row.creator_id),
    name: String(row.creator_name),
    nameEn: (row.creator_name_en as string | null) ?? null,
    walletAddress: String(row.creator_wallet),
  };
}

async function categoriesById(db: Database, ids: number[]): Promise<Map<number, Pick<RankingItem, 'category'>>> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`select g.id, g.chain_id, g.contract_address, g.name,
      g.name_en, g.image, i.id as creator_id, i.name as creator_name, i.name_en as creator_name_en,
      u.wallet_address as creator_wallet
    from categories g left join illustrators i on i.id = g.creator_id left join users u on u.id = i.user_id
    where ${inArray(sql`g.id`, ids)}`);
  return new Map(
    rows.map((row) => [
      toNumber(row.id),
      {
        category: {
          id: toNumber(row.id),
          chainId: toNumber(row.chain_id),
          contractAddress: String(row.contract_address),
          name: String(row.name),
          nameEn: (row.name_en as string | null) ?? null,
          image: (row.image as string | null) ?? null,
          creator: creatorRef(row),
        },
      },
    ]),
  );
}

async function creatorsById(db: Database, ids: number[]): Promise<Map<number, Pick<RankingItem, 'creator'>>> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`select i.id as creator_id, i.name as creator_name,
      i.name_en as creator_name_en, u.wallet_address as creator_wallet,
      coalesce(i.image, u.profile_thumb, u.profile_icon) as image
    from illustrators i join users u on u.id = i.user_id
    where ${inArray(sql`i.id`, ids)}`);
  const result = new Map<number, Pick<RankingItem, 'creator'>>();
  for (const row of rows) {
    const ref = creatorRef(row);
    if (ref) result.set(ref.id, { creator: { ...ref, image: (row.image as string | null) ?? null } });
  }
  return result;
}
