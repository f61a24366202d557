/**
 * The weekly digest for one fixed week (Monday 2026-11-23 09:00 in Tokyo, ISO week 2026-W48) against a small
 * fixture: the exact mail, in English and in Japanese, its parts and links to the canonical origin, never
 * queued twice for the week however often the job runs (a restart is another run), and when it is due.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { loadSettings } from '~/server/settings/settings.server.ts';
import type { MailSettings } from '../mail/mailSettings.server.ts';
import { verifyToken } from '../mail/signedToken.server.ts';
import { runWeeklyDigest } from './digestJob.server.ts';
import { DEFAULT_SCHEDULE, digestSchedule, dueDigest, isoWeek, latestDigestMoment } from './digestWeek.ts';

const MOMENT = new Date('2026-11-23T00:00:00Z'); // Monday 09:00 in Tokyo
const IN_WEEK = '2026-11-18T03:00:00Z';
const BEFORE_WEEK = '2026-11-10T03:00:00Z';
const settings: MailSettings = {
  smtpUrl: 'smtp://127.0.0.1:1',
  from: 'Kirafuda <no-reply@kirafuda.example>',
  secret: 'a-test-secret-that-is-long-enough-0123456789',
  siteUrl: new URL('https://kirafuda.example'),
};
const CONTRACT = `0x${'c'.repeat(40)}`;
const addr = (digit: string) => `0x${digit.repeat(40)}`;

const database = fileTestDatabase();

beforeAll(async () => {
  const db = database.db;
  await db.execute(sql`insert into users (id, wallet_address) overriding system value values
    (1, ${addr('1')}), (2, ${addr('2')}), (3, ${addr('3')}), (4, ${addr('4')})`);
  await db.execute(sql`insert into illustrators (id, uid, password_hash, user_id, name, name_en) overriding system value
    values (1, 'hoshi', 'x', 3, '星野', 'Hoshino')`);
  await db.execute(sql`insert into categories (id, chain_id, contract_address, name, creator_id) overriding system value
    values (1, 31337, ${CONTRACT}, '星座', 1)`);
  await db.execute(sql`insert into cards (id, chain_id, contract_address, token_id, owner_address, name, image,
      category_id, creator_id, minted_at) overriding system value values
    (1, 31337, ${CONTRACT}, 1, ${addr('3')}, 'Star', '/media/cards/star.png', 1, 1, ${IN_WEEK}),
    (2, 31337, ${CONTRACT}, 2, ${addr('4')}, 'Moon', null, 1, 1, ${BEFORE_WEEK}),
    (3, 31337, ${CONTRACT}, 3, ${addr('4')}, 'Old', null, 1, 1, ${BEFORE_WEEK})`);
  // Both readers follow the creator and favour Moon, listed this week at 0.5 ETH.
  await db.execute(sql`insert into creator_follows (user_id, creator_id) values (1, 1), (2, 1)`);
  await db.execute(sql`insert into favorites (user_id, card_id) values (1, 2), (2, 2)`);
  await db.execute(sql`insert into sell_orders (chain_id, contract_address, token_id, card_id, price, signature,
      seller_address, exchange, currency_code, "order", order_hash, starts_at, expires_at, created_at) values
    (31337, ${CONTRACT}, 2, 2, '500000000000000000', '0x', ${addr('4')}, ${addr('e')}, 2, '{}', ${`0x${'a'.repeat(64)}`},
      ${IN_WEEK}, '2027-01-01T00:00:00Z', ${IN_WEEK})`);
  await db.execute(sql`insert into sales (chain_id, contract_address, token_id, buyer_address, seller_address, price,
      currency_code, tx_hash, block_number, log_index, sold_at) values
    (31337, ${CONTRACT}, 1, ${addr('5')}, ${addr('3')}, '1', 2, ${`0x${'1'.repeat(64)}`}, 1, 0, ${IN_WEEK}),
    (31337, ${CONTRACT}, 1, ${addr('6')}, ${addr('5')}, '1', 2, ${`0x${'2'.repeat(64)}`}, 2, 0, ${IN_WEEK}),
    (31337, ${CONTRACT}, 3, ${addr('6')}, ${addr('4')}, '1', 2, ${`0x${'3'.repeat(64)}`}, 3, 0, ${BEFORE_WEEK})`);
  await db.execute(sql`insert into notifications (user_id, kind, event_key, params, created_at) values
    (1, 'payout_paid', 'payout:1', '{"amount": "¥12,000", "payoutId": 1}', ${IN_WEEK}),
    (2, 'payout_paid', 'payout:2', '{"amount": "¥12,000", "payoutId": 2}', ${IN_WEEK}),
    (1, 'card_sold', 'listing:old', '{"card": "Old"}', ${BEFORE_WEEK})`);
  // Reader 1 reads English, reader 2 Japanese; reader 4 asked for no digest.
  await db.execute(sql`insert into user_emails (user_id, email, locale, confirmed_at) values
    (1, 'one@example.jp', 'en', ${BEFORE_WEEK}), (2, 'two@example.jp', 'ja', ${BEFORE_WEEK}),
    (4, 'four@example.jp', 'ja', ${BEFORE_WEEK})`);
  await db.execute(sql`insert into notification_preferences (user_id, kind, channel) values
    (1, 'weekly_digest', 'email'), (2, 'weekly_digest', 'email')`);
}, 60_000);

const STAR = 'https://kirafuda.example/tokens/31337/0xcccccccccccccccccccccccccccccccccccccccc/1';
const MOON = 'https://kirafuda.example/tokens/31337/0xcccccccccccccccccccccccccccccccccccccccc/2';

describe('the weekly digest', () => {
  it('is due in the day after Monday 09:00 Tokyo time, for the seven days before it', () => {
    expect(latestDigestMoment(new Date('2026-11-23T05:00:00Z'), DEFAULT_SCHEDULE)).toEqual(MOMENT);
    expect(latestDigestMoment(new Date('2026-11-22T23:59:59Z'), DEFAULT_SCHEDULE)).toEqual(
      new Date('2026-11-16T00:00:00Z'),
    );
    expect(isoWeek(MOMENT)).toBe('2026-W48');
    expect(isoWeek(new Date('2027-01-01T00:00:00Z'))).toBe('2026-W53');
    expect(dueDigest(new Date('2026-11-23T01:00:00Z'), DEFAULT_SCHEDULE)).toEqual({
      week: '2026-W48',
      from: new Date('2026-11-16T00:00:00Z'),
      to: MOMENT,
    });
    expect(dueDigest(new Date('2026-11-25T00:00:00Z'), DEFAULT_SCHEDULE)).toBeNull();
    const schedule = (env: Record<string, string>) => digestSchedule(loadSettings(env));
    expect(schedule({ DIGEST_WEEKDAY: '5', DIGEST_HOUR: '18' })).toEqual({ weekday: 5, hour: 18 });
    expect(schedule({ DIGEST_WEEKDAY: ' ' })).toEqual(DEFAULT_SCHEDULE);
    // A day or hour that does not exist stops the start, naming it (it used to be read as the default).
    expect(() => schedule({ DIGEST_WEEKDAY: '9' })).toThrow(/DIGEST_WEEKDAY must be a whole number from 0 to 6/);
    expect(() => schedule({ DIGEST_HOUR: 'x' })).toThrow(/DIGEST_HOUR must be a whole number from 0 to 23/);
  });

  it('queues one mail per reader for the week, in their language, never twice', async () => {
    const db = database.db;
    const at = new Date(MOMENT.getTime() + 3600_000);
    expect(await runWeeklyDigest(db, settings, DEFAULT_SCHEDULE, at)).toBe(2);
    expect(await runWeeklyDigest(db, settings, DEFAULT_SCHEDULE, at)).toBe(0);
    expect(await runWeeklyDigest(db, settings, DEFAULT_SCHEDULE, new Date(at.getTime() + 3600_000))).toBe(0);
    const { rows } = await db.execute<{
      to_address: string;
      subject: string;
      text: string;
      html: string;
      headers: Record<string, string>;
    }>(sql`select to_address, subject, text, html, headers from mail_outbox order by to_address`);
    expect(rows.map((row) => row.to_address)).toEqual(['one@example.jp', 'two@example.jp']);
    const [en, ja] = rows;
    const unsubscribe = en?.headers['List-Unsubscribe']?.replace(/^<|>$/g, '') ?? '';
    expect(
      verifyToken(settings.secret, new URL(unsubscribe).searchParams.get('token') ?? '', 'unsubscribe'),
    ).toMatchObject({
      userId: 1,
      subject: 'weekly_digest',
    });
    expect(en?.subject).toBe('Kirafuda weekly digest (2026-W48)');
    expect(en?.text).toBe(
      [
        'Here is your week on Kirafuda (2026-W48).',
        '',
        'New cards from creators and collections you follow',
        '',
        'Star',
        `${STAR.replace('kirafuda.example/', 'kirafuda.example/en/')}`,
        '',
        'New prices on your favourites',
        '',
        'Moon — 0.5 ETH',
        `${MOON.replace('kirafuda.example/', 'kirafuda.example/en/')}`,
        '',
        'Your trades',
        '',
        'Your payout (¥12,000) was paid.',
        '',
        'Trending this week',
        '',
        'Star — sold 2 times',
        `${STAR.replace('kirafuda.example/', 'kirafuda.example/en/')}`,
        'Open Kirafuda',
        'https://kirafuda.example/en',
        '',
        '--',
        'Kirafuda https://kirafuda.example/en',
        `Stop these emails: ${unsubscribe}`,
        '',
      ].join('\n'),
    );
    expect(en?.html).toContain('<img src="https://kirafuda.example/media/cards/star.png"');
    expect(en?.html).toContain('<html lang="en">');
    expect(ja?.subject).toBe('Kirafuda 週間ダイジェスト（2026-W48）');
    expect(ja?.text).toContain(`フォロー中のクリエイター・コレクションの新しいカード\n\nStar\n${STAR}\n`);
    expect(ja?.text).toContain(`お気に入りの新しい価格\n\nMoon — 0.5 ETH\n${MOON}\n`);
    expect(ja?.text).toContain('あなたの取引\n\n出金（¥12,000）が完了しました。\n');
    expect(ja?.text).toContain(`今週の注目カード\n\nStar — 2 回取引\n${STAR}\n`);
    expect(ja?.text).not.toContain('Old');
    expect(ja?.html).toContain('<html lang="ja">');
  });
});
