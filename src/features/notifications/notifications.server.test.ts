/**
 * Notifications on a real database (PGlite, or PostgreSQL with DATABASE_URL): created by the real writers of
 * the changes that cause them (trading's order status writer, the ledger's payout review), once per event
 * however often or concurrently the event is handled, not at all for a kind turned off, read in Japanese and
 * in English from the same row, and announced to the user's open bell once committed.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { seedDemo } from '~/dev/seed/demo.ts';
import { CurrencyCode } from '~/features/chains/currencies.ts';
import { subscribe } from '~/features/events/hub.ts';
import { getT } from '~/features/i18n/t.ts';
import { reviewPayout } from '~/features/ledger/payoutReview.server.ts';
import { setFavorite } from '~/features/social/social.server.ts';
import {
  insertListing,
  markListingSold,
  markOfferFilled,
  setListingReason,
} from '~/features/trading/orders/orderStatus.server.ts';
import { sellOrders } from '~/server/db/schema/index.ts';
import { bellTopic } from './bellTopic.ts';
import { deleteNotifications, listNotifications, markRead, unreadCount } from './inbox.server.ts';
import { notifyUser, notifyWallet } from './notify.server.ts';
import { notificationPulse } from './pulse.server.ts';

const database = fileTestDatabase();

beforeAll(async () => {
  await seedDemo(database.db);
}, 60_000);

/** The kinds of `wallet`'s notifications, oldest first. */
async function kindsOf(wallet: string): Promise<string[]> {
  const { rows } = await database.db.execute<{ kind: string }>(sql`select n.kind from notifications n
    join users u on u.id = n.user_id where u.wallet_address = ${wallet} order by n.id`);
  return rows.map((row) => row.kind);
}

async function userId(wallet: string): Promise<number> {
  const { rows } = await database.db.execute<{ id: unknown }>(
    sql`select id from users where wallet_address = ${wallet}`,
  );
  return Number(rows[0]?.id);
}

/** An active listing whose seller is a user, with its card. */
async function activeListing(skip = 0) {
  const { rows } = await database.db.execute<{ id: unknown; seller_address: string; name: string }>(sql`
    select s.id, s.seller_address, c.name from sell_orders s join users u on u.wallet_address = s.seller_address
    join cards c on c.id = s.card_id where s.status = 'active' order by s.id offset ${skip} limit 1`);
  const row = rows[0];
  if (!row) throw new Error('the demo has no active listing');
  return { id: Number(row.id), seller: row.seller_address, name: row.name };
}

describe('creating a notification', () => {
  it('creates one per event, however often and however concurrently the event is handled', async () => {
    const listing = await activeListing();
    await database.db.execute(sql`delete from notifications`);
    const input = { kind: 'card_sold' as const, eventKey: 'listing:test-1', params: { card: listing.name } };
    await notifyWallet(database.db, listing.seller, input);
    await Promise.all(Array.from({ length: 5 }, () => notifyWallet(database.db, listing.seller, input)));
    await Promise.all(
      Array.from({ length: 3 }, () => database.db.transaction((tx) => notifyWallet(tx, listing.seller, input))),
    );
    expect(await kindsOf(listing.seller)).toEqual(['card_sold']);
  });

  it('reads the same row in Japanese and in English, newest first, with the unread count', async () => {
    const listing = await activeListing();
    const id = await userId(listing.seller);
    const ja = await listNotifications(database.db, id, getT('ja'));
    const en = await listNotifications(database.db, id, getT('en'));
    expect(ja.unread).toBe(1);
    expect(ja.items[0]?.text).toBe(`「${listing.name}」が売れました。`);
    expect(en.items[0]?.text).toBe(`“${listing.name}” sold.`);
    expect(await markRead(database.db, id, undefined)).toBe(0);
    expect((await listNotifications(database.db, id, getT('en'))).items[0]?.read).toBe(true);
  });

  it('creates nothing for a kind the user turned off', async () => {
    const listing = await activeListing();
    const id = await userId(listing.seller);
    await database.db.execute(
      sql`insert into notification_preferences (user_id, kind, channel) values (${id}, 'outbid', 'off')`,
    );
    await notifyWallet(database.db, listing.seller, { kind: 'outbid', eventKey: 'bid:1', params: { card: 'x' } });
    expect(await kindsOf(listing.seller)).not.toContain('outbid');
  });

  it('gathers offers to one reader made at once into one notification, counting an event handled twice once', async () => {
    const listing = await activeListing();
    const id = await userId(listing.seller);
    await database.db.execute(sql`delete from notifications`);
    const offerOn = (i: number) => ({
      kind: 'offer_received' as const,
      eventKey: `offer:at-once-${i}`,
      params: { card: 'Star' },
    });
    // Each transaction waits a little on both sides, so that on PostgreSQL they overlap.
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(0.02)`);
          await notifyUser(tx, id, offerOn(i));
          await tx.execute(sql`select pg_sleep(0.02)`);
        }),
      ),
    );
    await notifyUser(database.db, id, offerOn(3));
    const { items } = await listNotifications(database.db, id, getT('en'));
    expect(items.map((item) => item.text)).toEqual(['6 new offers for “Star”.']);
    await database.db.execute(sql`delete from notifications`);
  });
});

describe('the causes', () => {
  it('a sale tells the seller once, even when the fill is applied again', async () => {
    const listing = await activeListing();
    await database.db.execute(sql`delete from notifications`);
    for (let i = 0; i < 2; i += 1) {
      await database.db.transaction((tx) => markListingSold(tx, listing.id, { at: new Date() }));
    }
    expect(await kindsOf(listing.seller)).toEqual(['card_sold']);
    const [item] = (await listNotifications(database.db, await userId(listing.seller), getT('ja'))).items;
    expect(item?.path).toMatch(/^\/tokens\/\d+\/0x[0-9a-f]{40}\/\d+$/);
  });

  it('a listing that turns unbuyable tells its seller once per reason, with the reason in their language', async () => {
    const listing = await activeListing();
    await database.db.execute(sql`delete from notifications`);
    await setListingReason(database.db, listing.id, null, new Date());
    expect(await kindsOf(listing.seller)).toEqual([]);
    await setListingReason(database.db, listing.id, 'not_owner', new Date());
    await setListingReason(database.db, listing.id, 'not_owner', new Date());
    await setListingReason(database.db, listing.id, null, new Date());
    await setListingReason(database.db, listing.id, 'not_owner', new Date());
    expect(await kindsOf(listing.seller)).toEqual(['listing_unbuyable']);
    const [item] = (await listNotifications(database.db, await userId(listing.seller), getT('en'))).items;
    expect(item?.text).toContain(getT('en')('order.reason.not_owner', { symbol: '', operator: '' }));
  });

  it('a listing the order check finds filled on chain, before the sale is indexed, tells its seller nothing', async () => {
    // The last active listing: the tests around use the first ones, which this one sells.
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sell_orders s join users u on u.wallet_address = s.seller_address
        join cards c on c.id = s.card_id where s.status = 'active'`,
    );
    const listing = await activeListing((rows[0]?.n ?? 1) - 1);
    await database.db.execute(sql`delete from notifications`);
    await setListingReason(database.db, listing.id, 'filled', new Date());
    expect(await kindsOf(listing.seller)).toEqual([]);
    // The indexer records the sale: "sold", and no "cannot be bought" beside it.
    await database.db.transaction((tx) => markListingSold(tx, listing.id, { at: new Date() }));
    expect(await kindsOf(listing.seller)).toEqual(['card_sold']);
  });

  it('an accepted offer tells its maker once', async () => {
    const { rows } = await database.db.execute<{ id: unknown; offerer_address: string }>(sql`
      select o.id, o.offerer_address from offers o join users u on u.wallet_address = o.offerer_address
      where o.status = 'active' order by o.id limit 1`);
    const offer = rows[0];
    if (!offer) throw new Error('the demo has no active offer');
    await database.db.execute(sql`delete from notifications`);
    for (let i = 0; i < 2; i += 1) {
      await database.db.transaction((tx) => markOfferFilled(tx, Number(offer.id), { at: new Date() }));
    }
    expect(await kindsOf(offer.offerer_address)).toEqual(['offer_accepted']);
  });

  it("a favourite's price alert: told when the card is listed at or below it in the coin, once; not above, not in another token", async () => {
    const listing = await activeListing();
    const [row] = await database.db.select().from(sellOrders).where(eq(sellOrders.id, listing.id));
    if (!row?.cardId) throw new Error('the listing has no card');
    const { rows: others } = await database.db.execute<{ id: unknown; wallet_address: string }>(sql`
      select id, wallet_address from users where wallet_address <> ${listing.seller} order by id limit 3`);
    const [low, high, none] = others.map((user) => ({ id: Number(user.id), wallet: user.wallet_address }));
    if (!low || !high || !none) throw new Error('the demo has too few users');
    await setFavorite(database.db, low.id, row.cardId, true, 500_000_000_000_000_000n); // 0.5 of the coin
    await setFavorite(database.db, high.id, row.cardId, true, 10_000_000_000_000_000n); // 0.01
    await setFavorite(database.db, none.id, row.cardId, true);
    // The seller's own alert is not set off by their own listing.
    await setFavorite(database.db, await userId(listing.seller), row.cardId, true, 10n ** 18n);
    await database.db.execute(sql`delete from notifications`);
    const { id: _id, status: _status, ...copy } = row;
    const list = (hash: string, price: bigint, currencyCode: number) =>
      database.db.transaction((tx) =>
        insertListing(tx, { ...copy, orderHash: `0x${hash.repeat(64)}`, price: price.toString(), currencyCode }),
      );
    const coin = row.chainId === 1 ? CurrencyCode.ETH : row.currencyCode;
    const wrapped = row.chainId === 1 ? CurrencyCode.WETH : row.currencyCode;
    await list('a', 100_000_000_000_000_000n, coin); // 0.1: below 0.5, above 0.01
    await list('a', 100_000_000_000_000_000n, coin); // the same order again: stored once, told once
    await list('b', 500_000_000_000_000_000n, wrapped); // 0.5 in the wrapped coin: at the alert
    await list('c', 600_000_000_000_000_000n, coin); // above every alert
    if (row.chainId === 1) await list('d', 1n, CurrencyCode.ATEM); // another token: not the coin's price
    expect(await kindsOf(low.wallet)).toEqual(['favorite_price_below', 'favorite_price_below']);
    expect(await kindsOf(high.wallet)).toEqual([]);
    expect(await kindsOf(none.wallet)).toEqual([]);
    expect(await kindsOf(listing.seller)).toEqual([]);
    const [item] = (await listNotifications(database.db, low.id, getT('en'))).items;
    expect(item?.text).toMatch(/is listed for 0\.5 W?ETH, at or below your alert of 0\.5 ETH\.$/);
    // Clearing the alert keeps the favourite and stops the alerts.
    await setFavorite(database.db, low.id, row.cardId, true, null);
    await list('e', 1_000_000_000_000_000n, coin);
    expect(await kindsOf(low.wallet)).toHaveLength(2);
  });

  it("an admin's payout decisions tell the illustrator: approved, then paid; another rejected", async () => {
    const { rows } = await database.db.execute<{ id: unknown; wallet_address: string }>(sql`
      select i.id, u.wallet_address from illustrators i join users u on u.id = i.user_id order by i.id limit 1`);
    const illustrator = rows[0];
    if (!illustrator) throw new Error('the demo has no illustrator');
    await database.db.execute(sql`delete from notifications`);
    // Three final ether the platform received for the illustrator, so the payouts below are covered.
    const tx = `0x${'cd'.repeat(32)}`;
    await database.db.execute(sql`
      with receipt as (
        insert into platform_receipts (chain_id, tx_hash, log_index, item_index, source, token, currency_code,
          amount, block_number, received_at)
        values (31337, ${tx}, 0, 0, 'consideration', ${`0x${'0'.repeat(40)}`}, 2, '3000000000000000000', 1, now())
        returning id),
      fill as (
        insert into fill_bookings (chain_id, tx_hash, log_index, block_number, sold_at)
        values (31337, ${tx}, 0, 1, now()) returning id)
      insert into revenues (illustrator_id, fill_id, receipt_id, kind, settlement, entry, chain_id, amount, currency_code)
      select ${illustrator.id}, fill.id, receipt.id, 'royalty', 'payable', 'sale', 31337, '3000000000000000000', 2
      from fill, receipt`);
    await database.db.execute(
      sql`insert into indexer_cursors (chain_id, last_block, final_block) values (31337, 1, 1)`,
    );
    const { rows: made } = await database.db.execute<{ id: unknown }>(sql`
      insert into payouts (illustrator_id, chain_id, amount, currency_code, wallet_address)
      values (${illustrator.id}, 31337, '1000000000000000000', 2, ${illustrator.wallet_address}),
        (${illustrator.id}, 31337, '2000000000000000000', 2, ${illustrator.wallet_address})
      returning id`);
    const [first, second] = made.map((row) => Number(row.id));
    const { rows: admins } = await database.db.execute<{ id: unknown }>(sql`select id from admins limit 1`);
    const deps = { adminId: Number(admins[0]?.id), stripe: undefined, audit: async () => {} };
    await reviewPayout(database.db, Number(first), { action: 'approve' }, deps);
    await reviewPayout(database.db, Number(first), { action: 'pay', tx_hash: `0x${'ab'.repeat(32)}` }, deps);
    await reviewPayout(database.db, Number(second), { action: 'reject', reason: 'test' }, deps);
    expect(await kindsOf(illustrator.wallet_address)).toEqual(['payout_approved', 'payout_paid', 'payout_rejected']);
    const texts = (await listNotifications(database.db, await userId(illustrator.wallet_address), getT('en'))).items;
    expect(texts.map((item) => item.text)).toContain('Your payout request (2 ETH) was rejected.');
  });
});

describe('the bell', () => {
  it('hears of a committed notification once, and the user may erase them all', async () => {
    const listing = await activeListing(1);
    const id = await userId(listing.seller);
    const heard: string[][] = [];
    const stop = subscribe([bellTopic(id)], (tags) => heard.push([...tags]));
    const pulse = notificationPulse(database.db);
    await pulse();
    const before = heard.length;
    await notifyWallet(database.db, listing.seller, {
      kind: 'card_sold',
      eventKey: 'listing:bell',
      params: { card: 'x' },
    });
    await pulse();
    await pulse();
    stop();
    expect(heard.length - before).toBe(1);
    expect(heard.at(-1)).toEqual([bellTopic(id)]);
    expect(await unreadCount(database.db, id)).toBeGreaterThan(0);
    await deleteNotifications(database.db, id);
    expect(await unreadCount(database.db, id)).toBe(0);
  });

  it('asks the database nothing while no bell is open in the process', async () => {
    const untouchable = new Proxy(database.db, {
      get: () => {
        throw new Error('the pulse used the database');
      },
    });
    await expect(notificationPulse(untouchable)()).resolves.toBeUndefined();
  });
});
