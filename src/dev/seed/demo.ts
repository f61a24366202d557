/**
 * `seedDemo(db)`: fills an empty catalogue with the demo marketplace (creators, collections, cards,
 * listings, sales, revenues, payouts, reports, payments, platform fees, the demo admin and illustrator)
 * in one transaction. Does nothing when the catalogue already has cards, unless `force`, which first
 * removes the earlier demo rows (found by their derived contract addresses, uids and payment ids).
 *
 * @see docs/product-spec.md §2, §3, §6
 */
import { and, eq, inArray, like, notExists, or, sql } from 'drizzle-orm';
import { refreshPriceRanks } from '~/features/catalogue/cardWrites.server.ts';
import { rebuildMarket } from '~/features/market/rebuild.server.ts';
import { hashPassword } from '~/features/session/passwords.server.ts';
import {
  admins,
  cards,
  categories,
  fillBookings,
  illegalReports,
  illustrators,
  offers,
  paymentHistories,
  payouts,
  payoutWithholdings,
  platformFees,
  revenues,
  sales,
  sellOrders,
  taxProfiles,
} from '~/server/db/schema/index.ts';
import type { Database, Transaction } from '~/server/db/types.ts';
import { DEMO_ADMIN, DEMO_ILLUSTRATOR } from './accounts.ts';
import { DEMO_CATEGORIES } from './demoCatalogue.ts';
import { DEMO_CREATORS } from './demoPeople.ts';
import { buildDemoPlan, demoContractAddress } from './demoPlan.ts';
import { seedDemoTax } from './demoTax.ts';
import { insertDemoPlan } from './insertPlan.ts';

export { DEMO_ADMIN, DEMO_ILLUSTRATOR } from './accounts.ts';

/** Options of {@link seedDemo}. */
export interface SeedDemoOptions {
  /** Remove earlier demo rows and seed even when the catalogue has cards. */
  force?: boolean | undefined;
  /** The clock the data is relative to (listings expire after it); default now. */
  now?: Date | undefined;
}

/** Rows inserted per table. */
export type SeedCounts = Record<
  | 'users'
  | 'illustrators'
  | 'admins'
  | 'categories'
  | 'cards'
  | 'sellOrders'
  | 'auctions'
  | 'offers'
  | 'sales'
  | 'revenues'
  | 'payouts'
  | 'platformFees'
  | 'illegalReports'
  | 'paymentHistories',
  number
>;

/** What {@link seedDemo} did. */
export type SeedDemoResult = { seeded: true; counts: SeedCounts } | { seeded: false; reason: 'catalogue-not-empty' };

/** Key of the transaction-scoped advisory lock that keeps two seeds from running at once. */
const SEED_LOCK_KEY = 0x4b6972614664; // "KiraFd"

/** Whether the catalogue has at least one card. */
export async function hasCards(db: Database | Transaction): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`select exists(select 1 from ${cards}) as found`);
  return rows[0]?.found === true;
}

/**
 * Deletes the demo rows (everything attached to the demo contracts, the demo illustrators with their
 * revenues and payouts, the demo payments). Users, admins and platform fees stay: the seed updates
 * them in place, and an admin may have changed a fee.
 */
export async function wipeDemo(tx: Database | Transaction): Promise<void> {
  const contracts = DEMO_CATEGORIES.map((category) => demoContractAddress(category.slug));
  const uids = DEMO_CREATORS.map((creator) => creator.uid);
  const demoIllustrators = tx.select({ id: illustrators.id }).from(illustrators).where(inArray(illustrators.uid, uids));
  const demoFills = tx
    .select({ id: fillBookings.id })
    .from(fillBookings)
    .innerJoin(
      sales,
      and(
        eq(sales.chainId, fillBookings.chainId),
        eq(sales.txHash, fillBookings.txHash),
        eq(sales.logIndex, fillBookings.logIndex),
      ),
    )
    .where(inArray(sales.contractAddress, contracts));
  await tx
    .delete(revenues)
    .where(or(inArray(revenues.fillId, demoFills), inArray(revenues.illustratorId, demoIllustrators)));
  await tx
    .delete(fillBookings)
    .where(notExists(tx.select().from(revenues).where(eq(revenues.fillId, fillBookings.id))));
  await tx.delete(payoutWithholdings).where(inArray(payoutWithholdings.illustratorId, demoIllustrators));
  await tx.delete(payouts).where(inArray(payouts.illustratorId, demoIllustrators));
  await tx.delete(taxProfiles).where(inArray(taxProfiles.illustratorId, demoIllustrators));
  await tx.delete(sales).where(inArray(sales.contractAddress, contracts));
  await tx.delete(offers).where(inArray(offers.contractAddress, contracts));
  await tx.delete(sellOrders).where(inArray(sellOrders.contractAddress, contracts));
  await tx.delete(illegalReports).where(inArray(illegalReports.contractAddress, contracts));
  await tx.delete(paymentHistories).where(like(paymentHistories.providerPaymentId, 'pi\\_demo\\_%'));
  await tx.delete(cards).where(inArray(cards.contractAddress, contracts));
  await tx.delete(categories).where(inArray(categories.contractAddress, contracts));
  await tx.delete(illustrators).where(inArray(illustrators.uid, uids));
}

/**
 * Seeds the demo marketplace into `db` in one transaction (see the module comment). Password hashing
 * happens before the transaction opens, so the transaction stays short.
 */
export async function seedDemo(db: Database, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  if (!options.force && (await hasCards(db))) return { seeded: false, reason: 'catalogue-not-empty' };
  const plan = buildDemoPlan(options.now ?? new Date());
  const [adminHash, illustratorHash, lockedHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_ILLUSTRATOR.password),
    // The other demo creators cannot sign in with a password: nobody knows this one.
    hashPassword(crypto.randomUUID()),
  ]);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    // Checked again under the lock: a concurrent seed may have finished meanwhile.
    if (!options.force && (await hasCards(tx))) return { seeded: false, reason: 'catalogue-not-empty' } as const;
    await wipeDemo(tx);
    const admin = await tx
      .insert(admins)
      .values({ uid: DEMO_ADMIN.uid, name: DEMO_ADMIN.name, passwordHash: adminHash })
      .onConflictDoNothing({ target: admins.uid })
      .returning({ id: admins.id });
    const fees = await tx
      .insert(platformFees)
      .values(plan.platformFees)
      .onConflictDoNothing({ target: platformFees.chainId })
      .returning({ chainId: platformFees.chainId });
    const counts = await insertDemoPlan(tx, plan, {
      passwordHashOf: (uid) => (uid === DEMO_ILLUSTRATOR.uid ? illustratorHash : lockedHash),
    });
    await rebuildMarket(tx, plan.categories, options.now ?? new Date());
    // The listed cards take their places in the price orders, at the rates the rebuild stored.
    await refreshPriceRanks(tx, undefined, options.now ?? new Date());
    await seedDemoTax(tx);
    return {
      seeded: true,
      counts: { ...counts, admins: admin.length, platformFees: fees.length },
    } as const;
  });
}
