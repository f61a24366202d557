/**
 * `seedBulk(db)`: a large synthetic catalogue for benchmarks (default 10,000 creators, 20,000
 * collections, 100,000 cards), written with `INSERT ... SELECT generate_series` so that PostgreSQL
 * builds the rows itself: a few seconds instead of minutes of round trips. Names are drawn from
 * Japanese and romanised vocabularies so that search keywords match realistic fractions of the rows.
 *
 * Bulk rows use their own address prefixes (`0xb0...` users, `0xc0...` contracts) and uids
 * (`bulk-N`), so they never collide with the demo seed; running it twice adds nothing.
 *
 * @see docs/product-spec.md §7 (GET /api/v1/searches/incremental_search)
 */
import { type SQL, sql } from 'drizzle-orm';
import { refreshPriceRanks } from '~/features/catalogue/cardWrites.server.ts';
import { hashPassword } from '~/features/session/passwords.server.ts';
import type { Database, Transaction } from '~/server/db/types.ts';
import { CARD_DESIGN_COUNT } from './art.ts';
import { DEMO_CATEGORIES } from './demoCatalogue.ts';
import { DEMO_EXCHANGE } from './demoOrders.ts';

/** Options of {@link seedBulk}. */
export interface SeedBulkOptions {
  /** Number of cards (default 100,000). */
  cards?: number | undefined;
  /** Number of creators, each an illustrator with a wallet user (default 10,000). */
  creators?: number | undefined;
  /** Number of collections, spread over the four chains and the creators (default 2 per creator). */
  categories?: number | undefined;
  /**
   * One bulk card in this many gets an active listing by its owner (default 0: none): fixed prices in its chain's
   * coin or ATEM, every 50th a declining price and every 50th (offset) a timed auction, so that the price orders and
   * the listing filters have a market to sort.
   */
  listedEvery?: number | undefined;
}

/** Rows in the bulk tables after {@link seedBulk}, and how long it took. */
export interface SeedBulkResult {
  creators: number;
  categories: number;
  cards: number;
  listings: number;
  ms: number;
}

/** Japanese family names and their romanisation, same order. */
const FAMILY = [
  ['佐藤', 'Sato'],
  ['鈴木', 'Suzuki'],
  ['高橋', 'Takahashi'],
  ['田中', 'Tanaka'],
  ['伊藤', 'Ito'],
  ['渡辺', 'Watanabe'],
  ['山本', 'Yamamoto'],
  ['中村', 'Nakamura'],
  ['小林', 'Kobayashi'],
  ['加藤', 'Kato'],
  ['吉田', 'Yoshida'],
  ['山田', 'Yamada'],
  ['佐々木', 'Sasaki'],
  ['山口', 'Yamaguchi'],
  ['松本', 'Matsumoto'],
  ['井上', 'Inoue'],
  ['木村', 'Kimura'],
  ['林', 'Hayashi'],
  ['斎藤', 'Saito'],
  ['清水', 'Shimizu'],
  ['山崎', 'Yamazaki'],
  ['森', 'Mori'],
  ['池田', 'Ikeda'],
  ['橋本', 'Hashimoto'],
  ['阿部', 'Abe'],
  ['石川', 'Ishikawa'],
  ['山下', 'Yamashita'],
  ['中島', 'Nakajima'],
  ['石井', 'Ishii'],
  ['小川', 'Ogawa'],
] as const;

/** Japanese given names and their romanisation, same order. */
const GIVEN = [
  ['葵', 'Aoi'],
  ['陽向', 'Hinata'],
  ['結衣', 'Yui'],
  ['蓮', 'Ren'],
  ['陽菜', 'Hina'],
  ['湊', 'Minato'],
  ['凛', 'Rin'],
  ['樹', 'Itsuki'],
  ['紬', 'Tsumugi'],
  ['悠真', 'Yuma'],
  ['さくら', 'Sakura'],
  ['大和', 'Yamato'],
  ['美咲', 'Misaki'],
  ['颯', 'Hayate'],
  ['芽依', 'Mei'],
  ['蒼', 'Sou'],
  ['ひまり', 'Himari'],
  ['律', 'Ritsu'],
  ['楓', 'Kaede'],
  ['奏', 'Kanade'],
  ['千尋', 'Chihiro'],
  ['光', 'Hikaru'],
  ['真央', 'Mao'],
  ['海斗', 'Kaito'],
  ['七海', 'Nanami'],
  ['翔', 'Sho'],
  ['彩花', 'Ayaka'],
  ['優', 'Yu'],
  ['澪', 'Mio'],
  ['晴', 'Haru'],
] as const;

/** Collection name parts: adjectives (Japanese, English). */
const ADJECTIVES = [
  ['蒼き', 'Azure'],
  ['紅の', 'Crimson'],
  ['黄金の', 'Golden'],
  ['白銀の', 'Silver'],
  ['漆黒の', 'Jet-Black'],
  ['永遠の', 'Eternal'],
  ['幻の', 'Phantom'],
  ['眠れる', 'Sleeping'],
  ['星降る', 'Starfall'],
  ['月影の', 'Moonlit'],
  ['春風の', 'Spring Breeze'],
  ['雪解けの', 'Thawing'],
  ['忘れられた', 'Forgotten'],
  ['さまよう', 'Wandering'],
  ['古の', 'Ancient'],
  ['電光の', 'Lightning'],
  ['硝子の', 'Glass'],
  ['虹色の', 'Rainbow'],
  ['秘密の', 'Secret'],
  ['夜明けの', 'Dawn'],
] as const;

/** Collection name parts: nouns (Japanese, English). */
const NOUNS = [
  ['竜', 'Dragons'],
  ['騎士団', 'Knights'],
  ['魔女', 'Witches'],
  ['精霊', 'Spirits'],
  ['王国', 'Kingdom'],
  ['図書館', 'Library'],
  ['庭園', 'Garden'],
  ['迷宮', 'Labyrinth'],
  ['歌姫', 'Divas'],
  ['狐', 'Foxes'],
  ['猫', 'Cats'],
  ['鯨', 'Whales'],
  ['剣士', 'Swordsmen'],
  ['花嫁', 'Brides'],
  ['機械人形', 'Automata'],
  ['星座', 'Constellations'],
  ['海賊', 'Pirates'],
  ['天使', 'Angels'],
  ['妖怪', 'Yokai'],
  ['旅人', 'Travellers'],
  ['学園', 'Academy'],
  ['神殿', 'Temple'],
  ['森', 'Forest'],
  ['都市', 'City'],
  ['列車', 'Train'],
] as const;

/** `array['a', 'b', ...]` literal of one column of a vocabulary (the words hold no quotes). */
function textArray(words: readonly (readonly [string, string])[], column: 0 | 1): SQL {
  return sql.raw(`array[${words.map((pair) => `'${pair[column].replaceAll("'", "''")}'`).join(', ')}]`);
}

/** `vocabulary[1 + (index % length)]` in SQL. */
function wordAt(words: readonly (readonly [string, string])[], column: 0 | 1, index: SQL): SQL {
  return sql`(${textArray(words, column)})[1 + ((${index}) % ${int(words.length)})]`;
}

/** A non-negative integer as a SQL literal (so that no parameter needs its type inferred). */
function int(value: number): SQL {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`seedBulk: ${value} is not a count`);
  return sql.raw(String(value));
}

/** `0x` + two-digit prefix + the number in hex padded to 38 digits: a lower-case address. */
const bulkAddress = (prefix: 'b0' | 'c0', n: SQL): SQL => sql`'0x${sql.raw(prefix)}' || lpad(to_hex(${n}), 38, '0')`;

/**
 * Inserts the bulk creators (user + illustrator), collections and cards, then refreshes the planner's
 * statistics. For benchmarks only: every bulk illustrator shares one unusable password hash.
 */
export async function seedBulk(db: Database, options: SeedBulkOptions = {}): Promise<SeedBulkResult> {
  const started = performance.now();
  const creators = int(options.creators ?? 10_000);
  const collections = int(options.categories ?? (options.creators ?? 10_000) * 2);
  const cardCount = int(options.cards ?? 100_000);
  const passwordHash = await hashPassword(crypto.randomUUID());
  const g = sql`g`;
  const given = sql`(g / ${int(FAMILY.length)})`;
  const categoryImages = sql.raw(
    `array[${DEMO_CATEGORIES.map((c) => `'/images/categories/${c.slug}.svg'`).join(', ')}]`,
  );

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (wallet_address, role, profile_name)
      select ${bulkAddress('b0', g)}, 'illustrator', ${wordAt(FAMILY, 0, g)} || ${wordAt(GIVEN, 0, given)}
      from generate_series(1, ${creators}) g
      on conflict (wallet_address) do nothing`);
    await tx.execute(sql`
      insert into illustrators (uid, password_hash, user_id, name, name_en, payout_wallet_address)
      select 'bulk-' || g, ${passwordHash}, u.id,
        ${wordAt(FAMILY, 0, g)} || ${wordAt(GIVEN, 0, given)},
        ${wordAt(GIVEN, 1, given)} || ' ' || ${wordAt(FAMILY, 1, g)},
        u.wallet_address
      from generate_series(1, ${creators}) g
      join users u on u.wallet_address = ${bulkAddress('b0', g)}
      on conflict do nothing`);
    const adjective = sql`(g * 7)`;
    const noun = sql`(g / ${int(ADJECTIVES.length)})`;
    const volume = sql`(1 + g / ${int(ADJECTIVES.length * NOUNS.length)})`;
    await tx.execute(sql`
      insert into categories (chain_id, contract_address, name, name_en, image, description, description_en, creator_id)
      select (array[1, 56, 8217, 137])[1 + g % 4], ${bulkAddress('c0', g)},
        ${wordAt(ADJECTIVES, 0, adjective)} || ${wordAt(NOUNS, 0, noun)} || ' 第' || ${volume} || '弾',
        ${wordAt(ADJECTIVES, 1, adjective)} || ' ' || ${wordAt(NOUNS, 1, noun)} || ' Vol. ' || ${volume},
        (${categoryImages})[1 + g % ${int(DEMO_CATEGORIES.length)}],
        'ベンチマーク用のコレクションです。', 'A collection made for benchmarks.',
        i.id
      from generate_series(1, ${collections}) g
      join illustrators i on i.uid = 'bulk-' || (1 + (g - 1) % ${creators})
      on conflict do nothing`);
    // The name indexes (GIN: trigrams, short grams) are built once after the rows rather than row by row: a
    // million cards took over 20 minutes with them kept up, as against minutes.
    const { rows: nameIndexes } = await tx.execute<{ name: string; definition: string }>(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where tablename = 'cards' and indexdef ilike '%using gin%'`);
    for (const index of nameIndexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    await tx.execute(sql`
      insert into cards (chain_id, contract_address, token_id, serial, owner_address, metadata, name, image,
        category_id, creator_id, minted_at)
      select c.chain_id, c.contract_address, g, 1 + (g - 1) / ${collections},
        u.wallet_address,
        jsonb_build_object('name', c.name || ' #' || g, 'attributes',
          jsonb_build_array(jsonb_build_object('trait_type', 'Rarity', 'value', (array['N', 'R', 'SR', 'SSR'])[1 + g % 4]))),
        c.name || ' #' || g,
        '/images/cards/card-' || lpad((1 + g % ${int(CARD_DESIGN_COUNT)})::text, 2, '0') || '.svg',
        c.id, c.creator_id, now() - g * interval '1 minute'
      from generate_series(1, ${cardCount}) g
      join categories c on c.contract_address = ${bulkAddress('c0', sql`1 + (g - 1) % ${collections}`)}
      join illustrators i on i.id = c.creator_id
      join users u on u.id = i.user_id
      on conflict do nothing`);
    for (const index of nameIndexes) await tx.execute(sql.raw(index.definition));
    if (options.listedEvery) await insertListings(tx, int(options.listedEvery));
  });
  // The listed cards take their places in the price orders (at the stored yen rates, as the rates job would).
  if (options.listedEvery) await refreshPriceRanks(db);
  await db.execute(sql`analyze users, illustrators, categories, cards, sell_orders`);

  const { rows } = await db.execute<{ creators: number; categories: number; cards: number; listings: number }>(sql`
    select
      (select count(*)::int from illustrators where uid like 'bulk-%') as creators,
      (select count(*)::int from categories where contract_address like '0xc0%') as categories,
      (select count(*)::int from cards where contract_address like '0xc0%') as cards,
      (select count(*)::int from sell_orders where contract_address like '0xc0%') as listings`);
  const counts = rows[0] ?? { creators: 0, categories: 0, cards: 0, listings: 0 };
  return { ...counts, ms: Math.round(performance.now() - started) };
}

/**
 * Lists every `every`th bulk card by its owner (see {@link SeedBulkOptions.listedEvery}): prices from 0.001 to 10
 * coins (1 to 10,000 ATEM), listed over the last month for a month ahead. Order hashes start `0xb1`, apart from the
 * demo's. The Seaport order holds what the price formulas read (a declining listing's consideration).
 */
async function insertListings(tx: Transaction, every: SQL): Promise<void> {
  const coin = sql`(case c.chain_id when 1 then 2 when 56 then 3 when 8217 then 8 else 6 end)`;
  const atem = sql`(c.id / ${every}) % 3 = 0 and c.chain_id in (1, 137)`;
  const currency = sql`(case when ${atem} then 7 else ${coin} end)`;
  const unit = sql`(case when ${atem} then 1000000000000000000::numeric else 1000000000000000::numeric end)`;
  const price = sql`((1 + (c.id * 7919) % 10000) * ${unit})`;
  const nth = sql`(c.id / ${every})`;
  const saleType = sql`(case when ${nth} % 50 = 0 then 'declining' when ${nth} % 50 = 25 then 'auction' else 'fixed' end)`;
  await tx.execute(sql`
    insert into sell_orders (chain_id, contract_address, token_id, card_id, price, end_price, sale_type, signature,
      seller_address, exchange, currency_code, "order", order_hash, starts_at, expires_at, created_at)
    select c.chain_id, c.contract_address, c.token_id, c.id, ${price},
      case when ${saleType} = 'declining' then ${price} / 2 end, ${saleType},
      '0x' || repeat('ab', 65), c.owner_address, ${DEMO_EXCHANGE}, ${currency},
      jsonb_build_object('consideration', jsonb_build_array(jsonb_build_object(
        'startAmount', ${price}::text,
        'endAmount', (case when ${saleType} = 'declining' then ${price} / 2 else ${price} end)::text))),
      '0xb1' || lpad(to_hex(c.id), 62, '0'),
      now() - (c.id % 30) * interval '1 day', now() + interval '30 days', now() - (c.id % 30) * interval '1 day'
    from cards c
    where c.contract_address like '0xc0%' and c.id % ${every} = 0
    on conflict do nothing`);
}
