/**
 * Creating notifications: the one writer of the `notifications` table. Each is keyed by (user, kind, event
 * key), inserted with `ON CONFLICT DO NOTHING`, so the same event handled twice (a retried job, a restart, a
 * second process, a replayed chain event) notifies once. Callers pass their transaction, so a notification
 * exists exactly when the change that caused it committed. A kind the user turned off is not stored; one they
 * want by email too is queued for mail in the same transaction (./mail/notificationMail.server.ts).
 *
 * Features above call it (trading's orders/ and auction/, ledger's payout review, payments, the indexer's new
 * cards): notifications sits below them and imports none of them (docs/architecture.md).
 */
import { sql } from 'drizzle-orm';
import { cards, notificationPreferences, notifications, users } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import type { NotificationKind, NotificationParams } from './kinds';
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

async function insertFor(
  db: Db,
  who: ReturnType<typeof sql>,
  input: NotificationInput,
): Promise<CreatedNotification[]> {
  const result = await db.execute<{ id: unknown; user_id: unknown }>(sql`
    insert into ${notifications} (user_id, kind, event_key, params)
    select u.id, ${input.kind}, ${input.eventKey}, ${JSON.stringify(input.params)}::jsonb from ${users} u
    where ${who} and not exists (select 1 from ${notificationPreferences} p
      where p.user_id = u.id and p.kind = ${input.kind} and p.channel = 'off')
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
