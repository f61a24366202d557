/**
 * The stored rows of a per-chain setting the back office sets (the platform fee, the minimum auction reserve), for
 * the chains the server runs, each with the uid of the admin who set it last (null once that admin is gone). A
 * chain with no row has no setting: the screen shows the default.
 */
import { eq, inArray } from 'drizzle-orm';
import { admins, type auctionMinReserves, type platformFees } from '~/server/db/schema';
import type { Database } from '~/server/db/types';

/** A table of one setting per chain (and maybe per currency), naming the admin who set it. */
type ChainSettingTable = typeof platformFees | typeof auctionMinReserves;

/** A stored setting and the uid of the admin who set it. */
export interface ChainSettingRow<T extends ChainSettingTable> {
  setting: T['$inferSelect'];
  updatedBy: string | null;
}

/** The rows of `table` for `chainIds` (no query when there is no chain). */
export async function chainSettingRows<T extends ChainSettingTable>(
  db: Database,
  table: T,
  chainIds: number[],
): Promise<ChainSettingRow<T>[]> {
  if (chainIds.length === 0) return [];
  const from: ChainSettingTable = table;
  const rows = await db
    .select({ setting: from, updatedBy: admins.uid })
    .from(from)
    .leftJoin(admins, eq(admins.id, from.updatedBy))
    .where(inArray(from.chainId, chainIds));
  // Drizzle's builder cannot follow a generic table; each row is a row of `table` itself.
  return rows as ChainSettingRow<T>[];
}
