/**
 * Rankings of collections and creators in a period (24 hours, 7 days, 30 days, all time), by one of:
 * - `sales` (default): the number of sales; ties go to the larger volume in the chain's own currency (only when
 *   `chain_id` is given: wei of different coins do not compare), then to the older id;
 * - `volume`: the volume in yen at the fresh rates (`market/rates`; a currency without a fresh rate counts
 *   nothing, and a row with no rated sale ranks after those with one), then the number of sales;
 * - `floor_change` (collections only): the change of the floor in the chain's coin (the coin or its wrapped
 *   form, whichever is cheaper) from the last floor recorded on or before the period's first Asia/Tokyo day
 *   (the earliest for `all`; `market/dailyStats.server.ts` records one every hour) to the floor now, largest rise
 *   first; a collection without both floors is not ranked.
 * Each row also carries its volume per currency in the period and its yen total, for display.
 *
 * @see docs/product-spec.md §2 (/rankings)
 */
import { inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CHAIN_ID_CURRENCY, CurrencyCode, coinOf, currencyForChainId } from '~/features/chains/currencies';
import { canonicalCurrencySql } from '~/features/chains/currencySql.server';
import { chainIdParam } from '~/features/chains/params';
import { floorsSql } from '~/features/market/dailyStats.server';
import { addDays, changePercent, tokyoDay } from '~/features/market/periods';
import { yenAmountSql } from '~/features/market/rates/yenSql.server';
import { toDecimal, toNumber } from '~/lib/rowValues';
import type { Database } from '~/server/db/types';
import { bestCollectionOffers } from '../bestOffers.server';
import { groupById, toCurrencyVolume } from '../currencyRows';
import type { CategorySummary, CreatorRef, CurrencyVolume } from '../types';

/** Periods a ranking covers. */
export const RANKING_PERIODS = ['24h', '7d', '30d', 'all'] as const;
/** What is ranked. */
export const RANKING_KINDS = ['categories', 'creators'] as const;
/** What a ranking is ordered by (see the module comment). */
export const RANKING_SORTS = ['sales', 'volume', 'floor_change'] as const;
/** One ranking order. */
export type RankingSort = (typeof RANKING_SORTS)[number];
/** How many rows a ranking has at most. */
export const RANKING_SIZE = 50;

/** Query of `GET /api/v1/rankings`. */
export const rankingQuerySchema = z
  .object({
    period: z.enum(RANKING_PERIODS).default('7d'),
    kind: z.enum(RANKING_KINDS).default('categories'),
    chain_id: chainIdParam.optional(),
    sort: z.enum(RANKING_SORTS).default('sales'),
  })
  .refine((query) => query.sort !== 'floor_change' || query.kind === 'categories', {
    message: 'floor_change ranks collections (kind=categories)',
    path: ['sort'],
  })
  .transform((query) => ({
    period: query.period,
    kind: query.kind,
    chainId: query.chain_id ?? null,
    sort: query.sort as RankingSort,
  }));

/** Parsed ranking query. */
export type RankingQuery = z.output<typeof rankingQuerySchema>;

/** One ranked row: a collection or a creator, its sales count and volume per currency in the period. */
export interface RankingItem {
  rank: number;
  sales: number;
  volume: CurrencyVolume[];
  /** The period's volume in yen at the fresh rates (currencies without one left out), or null: none rated. */
  jpyVolume: number | null;
  /** With `sort=floor_change`: the floor then and now in the chain's coin (wei) and the change in percent. */
  floorChange?: { currencyCode: number; previous: string; floor: string; percent: number };
  /** The ranked collection, as its list names it. */
  category?: Pick<CategorySummary, 'id' | 'chainId' | 'contractAddress' | 'name' | 'nameEn' | 'image' | 'creator'>;
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
    where not g.hidden and s.kind = 'sale'
      and ${since === null ? sql`true` : sql`s.sold_at >= ${since}`}
      and ${query.chainId === null ? sql`true` : sql`s.chain_id = ${query.chainId}`}`;
}

/**
 * Ranks categories or creators of `query` (see the module comment for the order); `rates` are the fresh yen rates
 * by currency code (`requestYenRates`, or a page's `locals.yenRates`), for the yen volume.
 */
export async function getRanking(
  db: Database,
  query: RankingQuery,
  rates: Readonly<Record<number, number>> = {},
  now = new Date(),
): Promise<Ranking> {
  const key = query.kind === 'categories' ? sql`g.id` : sql`i.id`;
  const native = query.chainId === null ? undefined : currencyForChainId(query.chainId);
  const nativeVolume =
    native === undefined
      ? sql`0`
      : sql`sum(case when ${canonicalCurrencySql(sql`s.currency_code`)} = ${native} then s.price else 0 end)`;
  const creatorFilter = query.kind === 'creators' ? sql`and i.id is not null and not u.suspended` : sql``;
  const floors = query.sort === 'floor_change' ? await floorChanges(db, query, now) : undefined;
  const order =
    query.sort === 'volume'
      ? sql`jpy_volume desc nulls last, sales desc, ${key}`
      : sql`sales desc, native_volume desc, ${key}`;
  const { rows } = floors
    ? await db.execute<Record<string, unknown>>(sql`select ${key} as id, count(*)::int as sales,
        sum(${yenAmountSql(sql`s.price`, sql`s.currency_code`, rates)}) as jpy_volume
      ${salesIn(query)} and ${inArray(key, [...floors.keys()])}
      group by ${key}`)
    : await db.execute<Record<string, unknown>>(sql`select ${key} as id, count(*)::int as sales,
        ${nativeVolume} as native_volume, sum(${yenAmountSql(sql`s.price`, sql`s.currency_code`, rates)}) as jpy_volume
      ${salesIn(query)} ${creatorFilter}
      group by ${key} order by ${order} limit ${RANKING_SIZE}`);
  const sold = new Map(rows.map((row) => [toNumber(row.id), row]));
  const ids = floors ? [...floors.keys()] : rows.map((row) => toNumber(row.id));
  const volumes = await volumesOf(db, query, key, ids);
  const details = query.kind === 'categories' ? await categoriesById(db, ids) : await creatorsById(db, ids);
  const best = query.kind === 'categories' ? await bestCollectionOffers(db, ids) : undefined;
  const items = ids.map((id, index): RankingItem => {
    const row = sold.get(id);
    const jpy = row?.jpy_volume;
    const floorChange = floors?.get(id);
    return {
      rank: index + 1,
      sales: row ? toNumber(row.sales) : 0,
      volume: volumes.get(id) ?? [],
      jpyVolume: jpy === null || jpy === undefined ? null : Math.round(Number(jpy)),
      ...(floorChange ? { floorChange } : {}),
      ...details.get(id),
      ...(best ? { bestOffer: best.get(id) ?? null } : {}),
    };
  });
  return { ...query, items };
}

/** Every chain's coin and its other codes (wrapped, POL's second code), as rows `coins(chain_id, currency_code)`. */
function chainCoinsSql(): SQL {
  const rows = Object.entries(CHAIN_ID_CURRENCY).flatMap(([chainId, currency]) =>
    Object.values(CurrencyCode)
      .filter((code) => coinOf(code) === coinOf(currency))
      .map((code) => sql`(${Number(chainId)}::int, ${code}::int)`),
  );
  return sql`(values ${sql.join(rows, sql`, `)}) coins(chain_id, currency_code)`;
}

/**
 * The floor change of each visible collection that has a floor now and one recorded at the period's start
 * (see the module comment), largest rise first, at most {@link RANKING_SIZE}; by collection id, in rank order.
 */
async function floorChanges(
  db: Database,
  query: RankingQuery,
  now: Date,
): Promise<Map<number, NonNullable<RankingItem['floorChange']>>> {
  const days = { '24h': 1, '7d': 7, '30d': 30 } as const;
  const startDay = query.period === 'all' ? null : addDays(tokyoDay(now), -days[query.period]);
  const { rows } = await db.execute<{ id: unknown; chain_id: unknown; floor: unknown; previous: unknown }>(sql`
    with now_floor as (
      select f.chain_id, f.contract_address, min(f.floor) as floor
      from (${floorsSql(null)}) f join ${chainCoinsSql()} using (chain_id, currency_code)
      group by 1, 2
    ), day_floor as (
      select d.chain_id, d.contract_address, d.day, min(d.floor) as floor
      from collection_daily_stats d join ${chainCoinsSql()} using (chain_id, currency_code)
      where d.floor is not null and ${startDay === null ? sql`true` : sql`d.day <= ${startDay}::date`}
      group by 1, 2, 3
    ), before as (
      select distinct on (chain_id, contract_address) chain_id, contract_address, floor from day_floor
      order by chain_id, contract_address, ${startDay === null ? sql`day asc` : sql`day desc`}
    )
    select g.id, g.chain_id, n.floor, b.floor as previous
    from categories g
      join now_floor n on n.chain_id = g.chain_id and n.contract_address = g.contract_address
      join before b on b.chain_id = g.chain_id and b.contract_address = g.contract_address
    where not g.hidden and b.floor > 0
      and ${query.chainId === null ? sql`true` : sql`g.chain_id = ${query.chainId}`}
    order by (n.floor - b.floor) / b.floor desc, g.id
    limit ${RANKING_SIZE}`);
  return new Map(
    rows.map((row) => {
      const id = toNumber(row.id);
      const floor = BigInt(toDecimal(row.floor));
      const previous = BigInt(toDecimal(row.previous));
      const coin = coinOf(currencyForChainId(toNumber(row.chain_id)) ?? CurrencyCode.ETH);
      const percent = changePercent(floor, previous) ?? 0;
      return [id, { currencyCode: coin, previous: previous.toString(), floor: floor.toString(), percent }];
    }),
  );
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
  return groupById(rows, 'id', toCurrencyVolume);
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
