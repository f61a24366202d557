/**
 * An offer telling its card's owner, on a real database (PGlite, or PostgreSQL with DATABASE_URL), through the
 * path a stored offer takes (trading's one writer of offers, `insertOffer`, then {@link tellOwnerOfOffer} in its
 * transaction, as ./submitOffer.server.ts does): a flood of offers is one notification that counts them and at
 * most one mail; an event handled twice counts once; an offer far below the collection's floor tells no one; the
 * owner's own minimum for the collection decides instead when they set one.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { seedDemo } from '~/dev/seed/demo.ts';
import { CurrencyCode } from '~/features/chains/currencies.ts';
import { getT } from '~/features/i18n/t.ts';
import { coinFloor } from '~/features/market/coinFloor.server.ts';
import { listNotifications, markRead } from '~/features/notifications/inbox.server.ts';
import { setPreferences } from '~/features/notifications/mail/preferences.server.ts';
import { setOfferMinimums } from '~/features/notifications/offerMinimums.server.ts';
import { formatOfferMinimum } from '~/features/notifications/offerThreshold.ts';
import { offers } from '~/server/db/schema/index.ts';
import { insertOffer } from '../orders/orderStatus.server.ts';
import { tellOwnerOfOffer } from './offerNotice.server.ts';

const database = fileTestDatabase();
let template: typeof offers.$inferSelect;
let owner: { id: number; wallet: string };
let collection: { id: number; chainId: number; contract: string };
let cards: { tokenId: string; name: string }[];
/** The collection's floor in ETH (and WETH, one for one). */
let floor: bigint;
const saved = { ...process.env };

beforeAll(async () => {
  Object.assign(process.env, {
    SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true',
    MAIL_FROM: 'Kirafuda <no-reply@kirafuda.example>',
    MAIL_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
  });
  await seedDemo(database.db);
  // A user holding two cards of an Ethereum collection that has listings in ETH, so it has a floor.
  const { rows } = await database.db.execute<{
    user_id: unknown;
    wallet: string;
    category_id: unknown;
    contract: string;
    tokens: string[];
    names: string[];
  }>(sql`select u.id as user_id, u.wallet_address as wallet, c.category_id, c.contract_address as contract,
      array_agg(c.token_id::text order by c.token_id) as tokens, array_agg(c.name order by c.token_id) as names
    from cards c join users u on u.wallet_address = c.owner_address
    where c.chain_id = 1 and exists (select 1 from sell_orders s where s.contract_address = c.contract_address
      and s.status = 'active' and s.currency_code = ${CurrencyCode.ETH})
    group by 1, 2, 3, 4 having count(*) >= 2 order by 1 limit 1`);
  const found = rows[0];
  if (!found) throw new Error('the demo has no user with two cards of a listed collection');
  owner = { id: Number(found.user_id), wallet: found.wallet };
  collection = { id: Number(found.category_id), chainId: 1, contract: found.contract };
  cards = found.tokens.map((tokenId, i) => ({ tokenId, name: found.names[i] ?? '' }));
  const [demoOffer] = await database.db.select().from(offers).where(eq(offers.kind, 'token')).limit(1);
  if (!demoOffer) throw new Error('the demo has no token offer');
  template = demoOffer;
  const inCoin = await coinFloor(database.db, { chainId: 1, contractAddress: collection.contract }, CurrencyCode.WETH);
  if (inCoin === null) throw new Error('the collection has no floor');
  floor = inCoin;
  // The owner wants offers by email too, at a confirmed address.
  await setPreferences(database.db, owner.id, { offer_received: 'email' });
  await database.db.execute(sql`insert into user_emails (user_id, email, locale, confirmed_at)
    values (${owner.id}, 'owner@example.jp', 'ja', now())`);
}, 60_000);

afterAll(async () => {
  process.env = saved;
});

beforeEach(async () => {
  await database.db.execute(sql`delete from notifications where user_id = ${owner.id}`);
  await database.db.execute(sql`delete from mail_outbox where user_id = ${owner.id}`);
});

/** Stores an offer of `price` WETH wei for the owner's card `card` from a new wallet, as an offer is stored. */
async function offer(price: bigint, card = cards[0]) {
  return database.db.transaction(async (tx) => {
    const { id: _id, status: _status, ...copy } = template;
    const row = await insertOffer(tx, {
      ...copy,
      orderHash: `0x${randomBytes(32).toString('hex')}`,
      offererAddress: `0x${randomBytes(20).toString('hex')}`,
      chainId: collection.chainId,
      contractAddress: collection.contract,
      categoryId: collection.id,
      tokenId: card?.tokenId ?? null,
      currencyCode: CurrencyCode.WETH,
      price: price.toString(),
    });
    if (!row) throw new Error('offer not stored');
    await tellOwnerOfOffer(tx, row);
    return row;
  });
}

/** The owner's notifications' texts in `locale`, newest first. */
async function texts(locale: 'ja' | 'en' = 'en'): Promise<string[]> {
  return (await listNotifications(database.db, owner.id, getT(locale))).items.map((item) => item.text);
}

/** Mails queued to the owner. */
async function mails(): Promise<number> {
  const { rows } = await database.db.execute<{ n: unknown }>(
    sql`select count(*) as n from mail_outbox where user_id = ${owner.id}`,
  );
  return Number(rows[0]?.n);
}

describe('offers on one owner’s cards', () => {
  it('fifty in a minute, ten at once, are one notification that counts them, and one mail; an offer handled twice counts once', async () => {
    const [first] = cards;
    const stored = [];
    for (let batch = 0; batch < 5; batch += 1) {
      stored.push(
        ...(await Promise.all(
          cards
            .concat(cards, cards, cards, cards)
            .slice(0, 10)
            .map((card) => offer(floor, card)),
        )),
      );
    }
    const again = stored[7];
    if (again) await database.db.transaction((tx) => tellOwnerOfOffer(tx, again));
    expect(await texts('en')).toEqual(['50 new offers on your cards.']);
    expect(await texts('ja')).toEqual(['あなたのカードに50件の新しいオファーが届きました。']);
    expect(await mails()).toBe(1);

    // Read, the next offer is a notification of its own (and a mail); offers on one card name it.
    await markRead(database.db, owner.id, undefined);
    await offer(floor, first);
    await offer(floor, first);
    expect((await texts('en'))[0]).toBe(`2 new offers for “${first?.name}”.`);
    expect((await texts('ja'))[0]).toBe(`「${first?.name}」に2件の新しいオファーが届きました。`);
    expect(await mails()).toBe(2);
    // Past the window, the next offer starts another.
    await database.db.execute(sql`update notifications set created_at = now() - interval '11 minutes'
      where user_id = ${owner.id} and read_at is null`);
    await offer(floor, first);
    expect((await texts('en')).slice(0, 2)).toEqual([
      `You received an offer for “${first?.name}”.`,
      `2 new offers for “${first?.name}”.`,
    ]);
  });

  it('an offer far below the floor tells no one, unless the owner’s minimum for the collection says otherwise', async () => {
    await offer(floor / 10n);
    expect(await texts()).toEqual([]);
    await offer(floor / 2n);
    expect(await texts()).toHaveLength(1);

    await markRead(database.db, owner.id, undefined);
    await setOfferMinimums(database.db, owner.id, { [collection.id]: formatOfferMinimum(floor * 2n) });
    await offer(floor);
    expect(await texts()).toHaveLength(1);
    await offer(floor * 2n);
    expect(await texts()).toHaveLength(2);

    await setOfferMinimums(database.db, owner.id, { [collection.id]: '0' });
    await markRead(database.db, owner.id, undefined);
    await offer(floor / 10n);
    expect(await texts()).toHaveLength(3);

    // Cleared, the floor rule is back.
    await setOfferMinimums(database.db, owner.id, { [collection.id]: null });
    await markRead(database.db, owner.id, undefined);
    await offer(floor / 10n);
    expect(await texts()).toHaveLength(3);
  });
});
