/**
 * Tokens (card serials) in the back office: every card, hidden ones included, with filters, the
 * number of illegal-content reports against each and where it lives (IPFS directory, freeze, pin status per
 * service); hiding or showing a token (optionally closing its open reports as resolved), audited in the same
 * transaction.
 *
 * @see docs/product-spec.md §2 (/admins/card_serials), §3 (illegal report)
 */
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cardIdentityColumns } from '~/features/catalogue/cards/cardQueries.server';
import { chainIdParam } from '~/features/chains/params';
import { pinsByService } from '~/features/media/cardStorage.server';
import { addressSchema } from '~/lib/addresses';
import { type Page, pageQuerySchema } from '~/lib/pagination';
import { containsPattern, idParam, keywordParam } from '~/lib/params';
import { fromJson, toIso, toNumber } from '~/lib/rowValues';
import { notFound } from '~/server/api/errors';
import { eqIfGiven } from '~/server/db/listConditions';
import { pagedRows } from '~/server/db/pagedRows';
import { cards, categories, illegalReports, illustrators } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { writeAudit } from '../shell/auditLog.server';
import type { AdminCardRow } from '../shell/types';

/** Query of `GET /api/v1/admins/card_serials`. */
export const adminCardQuerySchema = pageQuerySchema
  .extend({
    q: keywordParam.optional(),
    chain_id: chainIdParam.optional(),
    contract: addressSchema.optional(),
    category_id: idParam.optional(),
    creator_id: idParam.optional(),
    owner: addressSchema.optional(),
    hidden: z.enum(['true', 'false']).optional(),
    reported: z.enum(['open', 'any']).optional(),
  })
  .transform((query) => ({
    page: query.page,
    perPage: query.per_page,
    q: query.q,
    chainId: query.chain_id,
    contract: query.contract,
    categoryId: query.category_id,
    creatorId: query.creator_id,
    owner: query.owner,
    hidden: query.hidden === undefined ? undefined : query.hidden === 'true',
    reported: query.reported,
  }));

/** Filters of the admin token list. */
export type AdminCardFilters = z.output<typeof adminCardQuerySchema>;

/** Body of `PUT /api/v1/admins/card_serials/{id}`. */
export const cardHideSchema = z.strictObject({
  hidden: z.boolean(),
  /** Also mark this token's open reports resolved (when hiding). */
  resolve_reports: z.boolean().optional(),
  note: z.string().trim().max(500).optional(),
});

const reportCount = (status: SQL) =>
  sql<number>`(select count(*) from ${illegalReports} r where r.card_id = ${cards.id} and ${status})::int`;

const COLUMNS = {
  ...cardIdentityColumns,
  name: cards.name,
  image: cards.image,
  owner: cards.ownerAddress,
  hidden: cards.hidden,
  categoryId: categories.id,
  categoryName: categories.name,
  categoryHidden: categories.hidden,
  creatorId: illustrators.id,
  creatorName: illustrators.name,
  openReports: reportCount(sql`r.status = 'open'`),
  reports: reportCount(sql`true`),
  createdAt: cards.createdAt,
  // Where the card lives (its design's IPFS directory, freeze, each service's pin status): null before publication.
  storage: sql<{ directory: string; frozen: boolean; pins: { service: string; status: string }[] | null } | null>`(
    select json_build_object('directory', d.metadata_cid, 'frozen', d.frozen_at is not null, 'pins',
      (select json_agg(json_build_object('service', p.service, 'status', p.status))
         from pin_requests p where p.cid in (d.metadata_cid, t.image_cid)))
    from media_tokens t join media_designs d
      on d.chain_id = t.chain_id and d.contract_address = t.contract_address and d.design_id = t.design_id
    where t.chain_id = ${cards.chainId} and t.contract_address = ${cards.contractAddress} and t.token_id = ${cards.tokenId})`,
};

function where(filters: AdminCardFilters): SQL | undefined {
  const q = filters.q;
  const exists = (status: SQL) =>
    sql`exists (select 1 from ${illegalReports} r where r.card_id = ${cards.id} and ${status})`;
  return and(
    eqIfGiven(cards.chainId, filters.chainId),
    eqIfGiven(cards.contractAddress, filters.contract),
    eqIfGiven(cards.categoryId, filters.categoryId),
    eqIfGiven(cards.creatorId, filters.creatorId),
    eqIfGiven(cards.ownerAddress, filters.owner),
    eqIfGiven(cards.hidden, filters.hidden),
    filters.reported === 'open' ? exists(sql`r.status = 'open'`) : undefined,
    filters.reported === 'any' ? exists(sql`true`) : undefined,
    q === undefined
      ? undefined
      : /^\d{1,78}$/.test(q)
        ? or(eq(cards.tokenId, q), ilike(cards.name, containsPattern(q)))
        : ilike(cards.name, containsPattern(q)),
  );
}

function select(db: Database | Transaction, condition: SQL | undefined) {
  return db
    .select(COLUMNS)
    .from(cards)
    .leftJoin(categories, eq(categories.id, cards.categoryId))
    .leftJoin(illustrators, eq(illustrators.id, cards.creatorId))
    .where(condition)
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof select>>[number];

function toRow(row: Row): AdminCardRow {
  return {
    id: row.id,
    chainId: row.chainId,
    contractAddress: row.contractAddress,
    tokenId: row.tokenId,
    serial: row.serial,
    name: row.name,
    image: row.image,
    owner: row.owner,
    hidden: row.hidden,
    category:
      row.categoryId === null
        ? null
        : { id: row.categoryId, name: row.categoryName ?? '', hidden: row.categoryHidden ?? false },
    creator: row.creatorId === null ? null : { id: row.creatorId, name: row.creatorName ?? '' },
    openReports: toNumber(row.openReports),
    reports: toNumber(row.reports),
    createdAt: toIso(row.createdAt),
    storage: storageOf(row.storage),
  };
}

function storageOf(value: unknown): AdminCardRow['storage'] {
  const stored = fromJson(value) as {
    directory: string;
    frozen: boolean;
    pins: { service: string; status: string }[] | null;
  } | null;
  if (!stored) return null;
  return { directory: stored.directory, frozen: stored.frozen, pins: pinsByService(stored.pins ?? []) };
}

/** One page of tokens (hidden ones too) matching `filters`, newest first. */
export async function listAdminCards(db: Database, filters: AdminCardFilters): Promise<Page<AdminCardRow>> {
  const condition = where(filters);
  return pagedRows(
    filters,
    select(db, condition).orderBy(sql`coalesce(${cards.mintedAt}, ${cards.createdAt}) desc`, desc(cards.id)),
    db.select({ n: count() }).from(cards).where(condition),
    toRow,
  );
}

/** One token, or 404. */
export async function getAdminCard(db: Database | Transaction, id: number): Promise<AdminCardRow> {
  const [row] = await select(db, eq(cards.id, id)).limit(1);
  if (!row) throw notFound('No such token');
  return toRow(row);
}

/**
 * Hides or shows token `id` (`card.hide` / `card.show` audited). With `resolve_reports`, its open
 * reports are marked resolved by this admin in the same transaction.
 */
export async function setCardHidden(
  db: Database,
  adminId: number,
  id: number,
  input: z.output<typeof cardHideSchema>,
): Promise<AdminCardRow> {
  return db.transaction(async (tx) => {
    const before = await getAdminCard(tx, id);
    await tx.update(cards).set({ hidden: input.hidden }).where(eq(cards.id, id));
    let resolved = 0;
    if (input.resolve_reports) {
      const closed = await tx
        .update(illegalReports)
        .set({ status: 'resolved', resolvedBy: adminId, resolvedAt: new Date() })
        .where(and(eq(illegalReports.cardId, id), eq(illegalReports.status, 'open')))
        .returning({ id: illegalReports.id });
      resolved = closed.length;
    }
    await writeAudit(tx, {
      adminId,
      action: input.hidden ? 'card.hide' : 'card.show',
      targetType: 'card',
      targetId: id,
      data: { from: before.hidden, to: input.hidden, resolvedReports: resolved, note: input.note ?? null },
    });
    return getAdminCard(tx, id);
  });
}
