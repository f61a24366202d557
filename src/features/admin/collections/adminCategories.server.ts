/**
 * Projects (categories) in the back office: the list with hidden ones, one project by its contract
 * address, creating one (the cards already indexed for that contract join it), editing it and its image.
 * Each change is audited in its transaction.
 *
 * @see docs/product-spec.md §2 (/admins/categories, /new, /{address}/edit)
 */
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { chainIdParam } from '~/features/chains/params';
import { refreshSalesCounts } from '~/features/market/salesCounts.server';
import { type Page, pageQuerySchema } from '~/lib/pagination';
import { idParam, keywordParam } from '~/lib/params';
import { toIso } from '~/lib/rowValues';
import { conflict, notFound, unprocessable } from '~/server/api/errors';
import { containsIfGiven, eqIfGiven } from '~/server/db/listConditions';
import { onContract } from '~/server/db/onChainConditions';
import { pagedRows } from '~/server/db/pagedRows';
import { cards, categories, illustrators } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { deleteMedia } from '~/server/uploads.server';
import { writeAudit } from '../shell/auditLog.server';
import type { AdminCategoryRow } from '../shell/types';
import { storeCategoryImage } from './categoryImage.server';
import type { CategoryCreate, CategoryUpdate } from './categoryInput';

/** Query of `GET /api/v1/admins/categories`. */
export const adminCategoryQuerySchema = pageQuerySchema
  .extend({
    q: keywordParam.optional(),
    chain_id: chainIdParam.optional(),
    creator_id: idParam.optional(),
    hidden: z.enum(['true', 'false']).optional(),
  })
  .transform((query) => ({
    page: query.page,
    perPage: query.per_page,
    q: query.q,
    chainId: query.chain_id,
    creatorId: query.creator_id,
    hidden: query.hidden === undefined ? undefined : query.hidden === 'true',
  }));

/** Filters of the admin project list. */
export type AdminCategoryFilters = z.output<typeof adminCategoryQuerySchema>;

/** Which project a URL names: its contract address (lower-case) and, when several chains have it, the chain. */
export interface CategoryKey {
  contractAddress: string;
  chainId?: number | undefined;
}

const cardCount = sql<number>`(select count(*) from ${cards} c where c.category_id = ${categories.id})::int`;

const COLUMNS = {
  id: categories.id,
  chainId: categories.chainId,
  contractAddress: categories.contractAddress,
  name: categories.name,
  nameEn: categories.nameEn,
  image: categories.image,
  description: categories.description,
  descriptionEn: categories.descriptionEn,
  hidden: categories.hidden,
  creatorId: illustrators.id,
  creatorUid: illustrators.uid,
  creatorName: illustrators.name,
  cardCount,
  createdAt: categories.createdAt,
  updatedAt: categories.updatedAt,
};

function rows(db: Database | Transaction, where: SQL | undefined) {
  return db
    .select(COLUMNS)
    .from(categories)
    .leftJoin(illustrators, eq(illustrators.id, categories.creatorId))
    .where(where)
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof rows>>[number];

function toRow(row: Row): AdminCategoryRow {
  return {
    id: row.id,
    chainId: row.chainId,
    contractAddress: row.contractAddress,
    name: row.name,
    nameEn: row.nameEn,
    image: row.image,
    description: row.description,
    descriptionEn: row.descriptionEn,
    hidden: row.hidden,
    creator:
      row.creatorId === null ? null : { id: row.creatorId, uid: row.creatorUid ?? '', name: row.creatorName ?? '' },
    cardCount: Number(row.cardCount),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/** One page of projects (hidden ones too) matching `filters`, newest first. */
export async function listAdminCategories(
  db: Database,
  filters: AdminCategoryFilters,
): Promise<Page<AdminCategoryRow>> {
  const where = and(
    eqIfGiven(categories.chainId, filters.chainId),
    eqIfGiven(categories.creatorId, filters.creatorId),
    eqIfGiven(categories.hidden, filters.hidden),
    containsIfGiven(filters.q, [categories.name, categories.nameEn, categories.contractAddress]),
  );
  return pagedRows(
    filters,
    rows(db, where).orderBy(desc(categories.createdAt), desc(categories.id)),
    db.select({ n: count() }).from(categories).where(where),
    toRow,
  );
}

/** The projects of one creator (hidden ones too), newest first, at most 100. */
export async function categoriesOfCreator(db: Database, creatorId: number): Promise<AdminCategoryRow[]> {
  const found = await rows(db, eq(categories.creatorId, creatorId))
    .orderBy(desc(categories.createdAt), desc(categories.id))
    .limit(100);
  return found.map(toRow);
}

/** The project `key` names: 404 when none, 409 when the contract is on several chains and none was given. */
export async function getAdminCategory(db: Database | Transaction, key: CategoryKey): Promise<AdminCategoryRow> {
  const found = await rows(
    db,
    and(eq(categories.contractAddress, key.contractAddress), eqIfGiven(categories.chainId, key.chainId)),
  ).limit(2);
  if (found.length > 1) throw conflict('chain_id: this contract is a project on several chains; name the chain');
  const [row] = found;
  if (!row) throw notFound('No such project');
  return toRow(row);
}

/** 422 unless `chainId` is a chain this server runs. */
function requireChain(chainId: number | undefined, supportedChainIds: readonly number[]): void {
  if (chainId !== undefined && !supportedChainIds.includes(chainId))
    throw unprocessable(`chain_id: must be one of the supported chains (${supportedChainIds.join(', ')})`);
}

/** 422 unless `creatorId` is an illustrator (null clears the creator). */
async function requireCreator(tx: Transaction, creatorId: number | null | undefined): Promise<void> {
  if (creatorId === undefined || creatorId === null) return;
  const [row] = await tx.select({ id: illustrators.id }).from(illustrators).where(eq(illustrators.id, creatorId));
  if (!row) throw unprocessable('creator_id: no such illustrator');
}

async function requireFree(tx: Transaction, chainId: number, contractAddress: string, exceptId: number | null) {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(onContract(categories, chainId, contractAddress));
  if (row && row.id !== exceptId) throw conflict('contract_address: this contract is already a project on that chain');
}

/**
 * The columns of a create or update body that map one to one, as the writers check reads them (src/architecture.test.ts):
 * a field not given is left out of an update and takes its default in an insert.
 */
function columnsOf(input: CategoryUpdate) {
  return {
    chainId: input.chain_id,
    contractAddress: input.contract_address,
    name: input.name,
    nameEn: input.name_en,
    description: input.description,
    descriptionEn: input.description_en,
    creatorId: input.creator_id,
    hidden: input.hidden,
  };
}

/**
 * Creates a project (`category.create` audited) and attaches the indexed cards of its contract that
 * have no project yet. 422 unsupported chain or unknown creator, 409 when the contract already is one.
 */
export async function createCategory(
  db: Database,
  adminId: number,
  input: CategoryCreate,
  supportedChainIds: readonly number[],
): Promise<AdminCategoryRow> {
  requireChain(input.chain_id, supportedChainIds);
  return db.transaction(async (tx) => {
    await requireCreator(tx, input.creator_id);
    await requireFree(tx, input.chain_id, input.contract_address, null);
    const [created] = await tx
      .insert(categories)
      .values({
        ...columnsOf(input),
        chainId: input.chain_id,
        contractAddress: input.contract_address,
        name: input.name,
      })
      .returning({ id: categories.id });
    if (!created) throw new Error('the project was not inserted');
    const attached = await tx
      .update(cards)
      .set({ categoryId: created.id })
      .where(and(onContract(cards, input.chain_id, input.contract_address), isNull(cards.categoryId)))
      .returning({ id: cards.id });
    // Sales its contract made before it was a project count for it and its creator.
    await refreshSalesCounts(tx, { chainId: input.chain_id, contractAddress: input.contract_address });
    await writeAudit(tx, {
      adminId,
      action: 'category.create',
      targetType: 'category',
      targetId: created.id,
      data: { ...input, attachedCards: attached.length },
    });
    return getAdminCategory(tx, { contractAddress: input.contract_address, chainId: input.chain_id });
  });
}

/**
 * Edits the project `key` names (`category.update` audited with old and new values). Moving it to
 * another chain or contract is refused (409) once cards belong to it.
 */
export async function updateCategory(
  db: Database,
  adminId: number,
  key: CategoryKey,
  input: CategoryUpdate,
  supportedChainIds: readonly number[],
): Promise<AdminCategoryRow> {
  requireChain(input.chain_id, supportedChainIds);
  return db.transaction(async (tx) => {
    const before = await getAdminCategory(tx, key);
    await requireCreator(tx, input.creator_id);
    const chainId = input.chain_id ?? before.chainId;
    const contractAddress = input.contract_address ?? before.contractAddress;
    const moved = chainId !== before.chainId || contractAddress !== before.contractAddress;
    if (moved && before.cardCount > 0)
      throw conflict('contract_address: cards already belong to this project; its chain and contract stay');
    if (moved) await requireFree(tx, chainId, contractAddress, before.id);
    await tx.update(categories).set(columnsOf(input)).where(eq(categories.id, before.id));
    // Its sales count again on its (new) contract, for its creator, and no longer for the creator it left.
    await refreshSalesCounts(tx, { chainId, contractAddress }, before.creator ? [before.creator.id] : []);
    await writeAudit(tx, {
      adminId,
      action: 'category.update',
      targetType: 'category',
      targetId: before.id,
      data: { changes: input, before: { ...before, cardCount: undefined, createdAt: undefined } },
    });
    return getAdminCategory(tx, { contractAddress, chainId });
  });
}

/**
 * Stores `bytes` as the image of project `key` (`category.image` audited). The previous stored image
 * is deleted once the change is committed; the new file is deleted again when the change fails.
 * 415/422 for a file that is not a readable image, 404/409 as {@link getAdminCategory}.
 */
export async function replaceCategoryImage(
  db: Database,
  adminId: number,
  key: CategoryKey,
  bytes: Uint8Array,
): Promise<AdminCategoryRow> {
  await getAdminCategory(db, key);
  const imageUrl = await storeCategoryImage(bytes);
  try {
    const { before, after } = await db.transaction(async (tx) => {
      const current = await getAdminCategory(tx, key);
      await tx.update(categories).set({ image: imageUrl }).where(eq(categories.id, current.id));
      await writeAudit(tx, {
        adminId,
        action: 'category.image',
        targetType: 'category',
        targetId: current.id,
        data: { from: current.image, to: imageUrl },
      });
      return { before: current, after: await getAdminCategory(tx, { ...key, chainId: current.chainId }) };
    });
    await deleteMedia(before.image);
    return after;
  } catch (error) {
    await deleteMedia(imageUrl);
    throw error;
  }
}
