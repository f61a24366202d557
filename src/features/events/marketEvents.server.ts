/**
 * The market's events as third parties read them (the feed `GET /api/v1/events`, webhooks): the one writer of
 * the `events` table. Each is recorded once per fact, in the transaction that wrote the fact (a sale, a listing
 * stored or cancelled, an offer, a transfer, a card issued), keyed by what it is about (`sale:12`), so a range of
 * blocks read again adds nothing and a rolled-back transaction leaves no event.
 *
 * Events get their public id (`seq`, shown as `evt_{seq}`) after they commit: {@link sequenceEvents} numbers the
 * committed events not numbered yet, in insertion order, holding a transaction-scoped advisory lock so one
 * sequencer runs at a time. An event committed late (a long transaction) gets a later number, never one a reader
 * has passed: a reader that saw `evt_9` meets only numbers above it, and the numbers have no holes.
 *
 * A chain reorganisation never removes an event: the block's sale or transfer is followed by `sale.reverted` or
 * `transfer.reverted` naming it ({@link revertEvents}); if the canonical chain holds the same fill, the indexer
 * records it again as a new sale, with a new event.
 *
 * @see ../../server/db/schema/developers.ts, ../developers/ (the feed and webhooks that read it)
 */
import { and, inArray, lt, sql } from 'drizzle-orm';
import { events, type MarketEventType } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';

type Db = Database | Transaction;

/** How long events are kept (the feed's and replay's reach). */
export const EVENT_RETENTION_DAYS = 30;

/** The field of a `*.reverted` event's stored data naming the reverted event's fact (never shown as is). */
export const REVERTS_KEY = '_reverts';

/** An event to record. */
export interface MarketEventInput {
  type: MarketEventType;
  /** What the event is about, unique across events (`sale:12`, `listing:7:created`). */
  factKey: string;
  chainId?: number | null;
  contractAddress?: string | null;
  /** The event's own fields (snake_case, JSON): what a consumer reads as `data`. */
  data: Record<string, unknown>;
  occurredAt: Date;
}

/**
 * Records events (see the module comment), each at most once per fact key; the collection is found from the
 * chain and contract in the same statement.
 */
export async function recordEvents(db: Db, inputs: readonly MarketEventInput[]): Promise<void> {
  for (const input of inputs) {
    const contract = input.contractAddress?.toLowerCase() ?? null;
    const chainId = input.chainId ?? null;
    await db.execute(sql`insert into ${events} (fact_key, type, chain_id, contract_address, collection_id, data, occurred_at)
      values (${input.factKey}, ${input.type}, ${chainId}, ${contract},
        (select id from categories where chain_id = ${chainId} and contract_address = ${contract}),
        ${JSON.stringify(input.data)}::jsonb, ${input.occurredAt})
      on conflict (fact_key) do nothing`);
  }
}

/** Records one event (see {@link recordEvents}). */
export function recordEvent(db: Db, input: MarketEventInput): Promise<void> {
  return recordEvents(db, [input]);
}

/**
 * After a reorganisation removed facts (`{kind}:{id}` keys, e.g. `sale:12`): records `{kind}.reverted` for each
 * fact that had an event, naming that event, once.
 */
export async function revertEvents(
  db: Db,
  kind: 'sale' | 'transfer',
  ids: readonly number[],
  occurredAt: Date,
): Promise<void> {
  if (ids.length === 0) return;
  const keys = ids.map((id) => `${kind}:${id}`);
  const reverted = await db
    .select({ factKey: events.factKey, chainId: events.chainId, contract: events.contractAddress, data: events.data })
    .from(events)
    .where(and(inArray(events.factKey, keys), sql`${events.type} = ${kind}`));
  await recordEvents(
    db,
    reverted.map((row) => ({
      type: `${kind}.reverted` as const,
      factKey: `${row.factKey}:reverted`,
      chainId: row.chainId,
      contractAddress: row.contract,
      // Named by its fact here (it may not be numbered yet); the feed shows its public id (REVERTS_KEY).
      data: { ...row.data, [REVERTS_KEY]: row.factKey },
      occurredAt,
    })),
  );
}

/** Numbers the committed events not numbered yet (see the module comment); how many it numbered. */
export async function sequenceEvents(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('kirafuda:events:seq', 0))`);
    const result = await tx.execute<{ n: unknown }>(sql`with next as (
        select id, (select coalesce(max(seq), 0) from ${events}) + row_number() over (order by id) as seq
        from ${events} where seq is null
      ), numbered as (
        update ${events} e set seq = next.seq from next where e.id = next.id returning 1
      )
      select count(*) as n from numbered`);
    return Number(result.rows[0]?.n ?? 0);
  });
}

/** Deletes events older than {@link EVENT_RETENTION_DAYS} (a job); how many went. */
export async function pruneEvents(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000);
  const gone = await db
    .delete(events)
    .where(and(lt(events.createdAt, before), sql`${events.seq} is not null`))
    .returning({ id: events.id });
  return gone.length;
}
