/**
 * Creating notifications: the one writer of the `notifications` table. Each is keyed by (user, kind, event
 * key), inserted with `ON CONFLICT DO NOTHING`, so the same event handled twice (a retried job, a restart, a
 * second process, a replayed chain event) notifies once. Callers pass their transaction, so a notification
 * exists exactly when the change that caused it committed. A kind the user turned off is not stored; one they
 * want by email too is queued for mail in the same transaction (./mail/notificationMail.server.ts).
 *
 * Kinds others can cause at will (./kinds.ts `GATHERED_KINDS`: offers, bids) are gathered per reader, so that
 * nobody can flood someone's bell and mailbox: an event of such a kind while the reader has an unread one from
 * the last `GATHER_MINUTES` adds one to its count instead, and mail goes only with a new notification. Each
 * event is recorded in `notification_events` first (its key unique per user and kind), so an event handled twice
 * still counts once; a transaction-scoped advisory lock per reader and kind keeps two events at once from
 * making two notifications.
 *
 * Features above call it (trading's orders/ and auction/, ledger's payout review, payments, the indexer's new
 * cards): notifications sits below them and imports none of them (docs/architecture.md).
 */
import { type SQL, sql } from 'drizzle-orm';
import { cards, notificationEvents, notificationPreferences, notifications, users } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { GATHER_MINUTES, isGathered, type NotificationKind, type NotificationParams } from './kinds';
import { queueNotificationMails } from './mail/notificationMail.server';

type Db = Database | Transaction;

/** One notification to create. */
export interface NotificationInput {
  kind: NotificationKind;
  /** What caused it, unique for this kind and user (e.g. `listing:12`, `offer:7`, `payout:3:paid`). */
  eventKey: string;
  params: NotificationParams;
}

/** A notification just created (not one that existed already). */
export interface CreatedNotification {
  id: number;
  userId: number;
  kind: NotificationKind;
  params: NotificationParams;
}

/** Who wants `input`'s kind at all: the users `who` names that did not turn it off. */
const recipients = (who: SQL, input: NotificationInput) => sql`select u.id from ${users} u
  where ${who} and not exists (select 1 from ${notificationPreferences} p
    where p.user_id = u.id and p.kind = ${input.kind} and p.channel = 'off')`;

/**
 * Counts `input` for `userId` in a gathered kind (see the module comment): the new notification, or undefined
 * when the event was counted before or joined an unread one.
 */
async function gatherFor(db: Db, userId: number, input: NotificationInput): Promise<CreatedNotification | undefined> {
  const params = JSON.stringify(input.params);
  const card = (row: SQL) => sql`(${row} -> 'chainId', ${row} -> 'contract', ${row} -> 'tokenId')`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`notify:${input.kind}:${userId}`}, 0))`);
    const counted = await tx.execute(sql`insert into ${notificationEvents} (user_id, kind, event_key)
      values (${userId}, ${input.kind}, ${input.eventKey}) on conflict do nothing returning user_id`);
    if (counted.rows.length === 0) return undefined;
    // Joined: its count grows; it names the card while every event was about that card.
    const joined = await tx.execute(sql`update ${notifications} n
      set params = (case when ${card(sql`n.params`)} is not distinct from ${card(sql`${params}::jsonb`)}
        then n.params else n.params - 'card' - 'chainId' - 'contract' - 'tokenId' end)
        || jsonb_build_object('n', coalesce((n.params ->> 'n')::int, 1) + 1)
      where n.id = (select id from ${notifications} where user_id = ${userId} and kind = ${input.kind}
        and read_at is null and created_at > now() - make_interval(mins => ${GATHER_MINUTES}::int)
        order by id desc limit 1)
      returning n.id`);
    if (joined.rows.length > 0) return undefined;
    const made = await tx.execute<{ id: unknown }>(sql`insert into ${notifications} (user_id, kind, event_key, params)
      values (${userId}, ${input.kind}, ${input.eventKey}, ${params}::jsonb)
      on conflict (user_id, kind, event_key) do nothing returning id`);
    const row = made.rows[0];
    return row ? { id: Number(row.id), userId, kind: input.kind, params: input.params } : undefined;
  });
}

async function insertFor(db: Db, who: SQL, input: NotificationInput): Promise<CreatedNotification[]> {
  if (isGathered(input.kind)) {
    const { rows } = await db.execute<{ id: unknown }>(recipients(who, input));
    const created: CreatedNotification[] = [];
    for (const row of rows) {
      const made = await gatherFor(db, Number(row.id), input);
      if (made) created.push(made);
    }
    if (created.length > 0) await queueNotificationMails(db, created);
    return created;
  }
  const result = await db.execute<{ id: unknown; user_id: unknown }>(sql`
    insert into ${notifications} (user_id, kind, event_key, params)
    select r.id, ${input.kind}, ${input.eventKey}, ${JSON.stringify(input.params)}::jsonb
    from (${recipients(who, input)}) r
    on conflict (user_id, kind, event_key) do nothing
    returning id, user_id`);
  const created = result.rows.map((row) => ({
    id: Number(row.id),
    userId: Number(row.user_id),
    kind: input.kind,
    params: input.params,
  }));
  if (created.length > 0) await queueNotificationMails(db, created);
  return created;
}

/** Notifies the user with id `userId` (once per event key); what was created. */
export function notifyUser(db: Db, userId: number, input: NotificationInput): Promise<CreatedNotification[]> {
  return insertFor(db, sql`u.id = ${userId}`, input);
}

/** Notifies the user whose wallet is `wallet` (nothing when that wallet never signed in). */
export function notifyWallet(db: Db, wallet: string, input: NotificationInput): Promise<CreatedNotification[]> {
  return insertFor(db, sql`u.wallet_address = ${wallet.toLowerCase()}`, input);
}

/** Notifies each of `userIds` (followers of a creator, ...). */
export async function notifyUsers(
  db: Db,
  userIds: readonly number[],
  input: NotificationInput,
): Promise<CreatedNotification[]> {
  if (userIds.length === 0) return [];
  const list = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return insertFor(db, sql`u.id in (${list})`, input);
}

/** The parameters naming a card (its name and its token page's path parts), from its row. */
export async function cardParams(db: Db, cardId: number | null): Promise<NotificationParams> {
  if (cardId === null) return { card: '' };
  const rows = await db.execute<{ name: string; chain_id: number; contract_address: string; token_id: string }>(
    sql`select name, chain_id, contract_address, token_id::text from ${cards} where id = ${cardId}`,
  );
  const card = rows.rows[0];
  if (!card) return { card: '' };
  return {
    card: card.name,
    chainId: Number(card.chain_id),
    contract: card.contract_address,
    tokenId: card.token_id,
  };
}
