/**
 * Drops: an illustrator's card design on sale for yen. Putting one on sale issues the design on the
 * collection's Card contract through the platform minter (no serial minted yet); each paid purchase mints the
 * next serial to its buyer (./mintPurchases.server.ts). Pages show a drop's price, the serials left and its
 * window; "sold out" only when every serial is paid for, and when the unsold ones are all held by buyers still
 * paying, that they are reserved and when the first reservation runs out (./holdRules.ts).
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { serverChains } from '~/features/chains/config.server';
import { classifyChainError } from '~/features/chains/publicClients.server';
import {
  type MetadataOptions,
  newDesignPublisher,
  processMetadataOptions,
} from '~/features/issuance/cardMetadata.server';
import { issueDesign, type MinterSettings, minterAccount } from '~/features/issuance/minter.server';
import { recordDesignUriOnChain } from '~/features/media/mediaRecords.server';
import { forbidden, HttpError, notFound, unprocessable } from '~/server/api/errors';
import { onContract } from '~/server/db/onChainConditions';
import { cardDrops, cardPurchases, categories } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { serverSettings } from '~/server/settings/settings.server';
import type { DropFields } from './dropForm';
import { type DropAvailability, type DropCounts, dropAvailability } from './holdRules';

/** A drop as pages and the API show it (its serials: {@link DropAvailability}). */
export interface DropView extends DropAvailability {
  id: number;
  collectionId: number;
  chainId: number;
  contractAddress: string;
  /** The design on the Card contract whose serials are sold. */
  designId: string;
  name: string;
  description: string;
  image: string;
  priceJpy: number;
  serials: number;
  startsAt: string;
  endsAt: string;
  /** Whether it can be bought now (in its window, a serial free to hold). */
  onSale: boolean;
}

type DropRow = typeof cardDrops.$inferSelect;

const NOTHING_HELD = { sold: 0, reserved: 0, firstReservedAt: undefined };

function dropView(row: DropRow, counts: Omit<DropCounts, 'serials'>, now: Date): DropView {
  const availability = dropAvailability({ serials: row.serials, ...counts }, now);
  return {
    id: row.id,
    collectionId: row.categoryId,
    chainId: row.chainId,
    contractAddress: row.contractAddress,
    designId: row.designId,
    name: row.name,
    description: row.description,
    image: row.image,
    priceJpy: row.priceJpy,
    serials: row.serials,
    ...availability,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    onSale: availability.left > 0 && row.startsAt <= now && row.endsAt > now,
  };
}

/** Per drop: serials paid for (or minting), serials held unpaid, and the oldest hold. */
async function heldCounts(db: Database, ids: number[]): Promise<Map<number, Omit<DropCounts, 'serials'>>> {
  if (ids.length === 0) return new Map();
  const pending = sql`${cardPurchases.status} = 'pending'`;
  const rows = await db
    .select({
      dropId: cardPurchases.dropId,
      sold: sql<number>`(count(*) filter (where not ${pending}))::int`,
      reserved: sql<number>`(count(*) filter (where ${pending}))::int`,
      firstReservedAt: sql<string | Date | null>`min(${cardPurchases.createdAt}) filter (where ${pending})`,
    })
    .from(cardPurchases)
    .where(
      and(inArray(cardPurchases.dropId, ids), inArray(cardPurchases.status, ['pending', 'paid', 'minting', 'minted'])),
    )
    .groupBy(cardPurchases.dropId);
  return new Map(
    rows.map((row) => [
      row.dropId,
      {
        sold: row.sold,
        reserved: row.reserved,
        firstReservedAt: row.firstReservedAt === null ? undefined : new Date(row.firstReservedAt),
      },
    ]),
  );
}

/** The drop `id`, or undefined. */
export async function getDrop(db: Database, id: number, now = new Date()): Promise<DropView | undefined> {
  const [row] = await db.select().from(cardDrops).where(eq(cardDrops.id, id));
  if (!row) return undefined;
  return dropView(row, (await heldCounts(db, [row.id])).get(row.id) ?? NOTHING_HELD, now);
}

/** The drop selling `designId` of a collection contract, or undefined. */
export async function dropOfDesign(
  db: Database,
  chainId: number,
  contractAddress: string,
  designId: string,
  now = new Date(),
): Promise<DropView | undefined> {
  const [row] = await db
    .select()
    .from(cardDrops)
    .where(and(onContract(cardDrops, chainId, contractAddress.toLowerCase()), eq(cardDrops.designId, designId)));
  if (!row) return undefined;
  return dropView(row, (await heldCounts(db, [row.id])).get(row.id) ?? NOTHING_HELD, now);
}

/** A collection's drops that have not ended, soonest end first. */
export async function dropsOfCollection(db: Database, collectionId: number, now = new Date()): Promise<DropView[]> {
  const rows = await db
    .select()
    .from(cardDrops)
    .where(and(eq(cardDrops.categoryId, collectionId), gt(cardDrops.endsAt, now)))
    .orderBy(cardDrops.endsAt)
    .limit(20);
  const held = await heldCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => dropView(row, held.get(row.id) ?? NOTHING_HELD, now));
}

/** Options of {@link createDrop} (tests pass their own chains and settings). */
export interface DropOptions {
  chains?: readonly Chain[];
  /** Default: the server's settings. */
  settings?: MinterSettings;
  now?: Date;
  metadata?: MetadataOptions;
}

/**
 * Puts a design on sale: checks the collection is the illustrator's on a chain the site runs, issues the
 * design on chain, stores the drop.
 * @throws HttpError 403 (not their collection), 404, 422, 502 (the chain did not answer), 503 (no minter)
 */
export async function createDrop(
  db: Database,
  illustrator: { illustratorId: number; walletAddress: string },
  fields: DropFields,
  image: string,
  options: DropOptions = {},
): Promise<DropView> {
  const now = options.now ?? new Date();
  if (fields.ends_at <= now) throw unprocessable('ends_at: the sale must end in the future');
  const [category] = await db.select().from(categories).where(eq(categories.id, fields.category_id));
  if (!category) throw notFound('No such collection');
  if (category.creatorId !== illustrator.illustratorId) throw forbidden('This collection is not yours');
  const chain = (options.chains ?? serverChains()).find((candidate) => candidate.chainId === category.chainId);
  if (!chain) throw unprocessable(`The collection is on chain ${category.chainId}, which this site does not run`);
  const account = minterAccount(options.settings ?? serverSettings());
  if (!account) throw new HttpError(503, 'Drops are not available: no minter is configured');
  const metadata = options.metadata ?? (await processMetadataOptions());
  const publish = await newDesignPublisher(db, metadata, category, { ...fields, image });
  let issued: Awaited<ReturnType<typeof issueDesign>>;
  try {
    issued = await issueDesign(
      chain,
      account,
      {
        contract: getAddress(category.contractAddress),
        creator: getAddress(illustrator.walletAddress),
        royaltyBps: fields.royalty_bps,
        serials: fields.serials,
        royaltyGuaranteed: category.royaltyGuaranteed,
      },
      publish,
    );
  } catch (error) {
    const kind = classifyChainError(error);
    if (kind === 'unreachable' || kind === 'rpc-error') throw new HttpError(502, `${chain.chainName} is not answering`);
    if (kind === 'reverted' || kind === 'no-data') throw unprocessable('The collection contract refused the design');
    throw error;
  }
  const [row] = await db
    .insert(cardDrops)
    .values({
      illustratorId: illustrator.illustratorId,
      categoryId: category.id,
      chainId: chain.chainId,
      contractAddress: category.contractAddress,
      designId: issued.designId.toString(),
      issuedBlock: Number(issued.blockNumber),
      name: fields.name,
      description: fields.description,
      image,
      priceJpy: fields.price_jpy,
      serials: fields.serials,
      startsAt: fields.starts_at,
      endsAt: fields.ends_at,
    })
    .returning();
  if (!row) throw new Error('drop insert returned nothing');
  if (issued.uri) {
    const key = { chainId: chain.chainId, contract: category.contractAddress, designId: issued.designId };
    await recordDesignUriOnChain(db, key, issued.uri);
  }
  return dropView(row, NOTHING_HELD, now);
}
