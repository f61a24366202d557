/** The collection an offer page or endpoint names, when it is on the marketplace (not hidden). */
import { and, eq } from 'drizzle-orm';
import { categories } from '~/server/db/schema';
import type { Database } from '~/server/db/types';

/** The collection `id` with its chain and contract, or undefined when unknown or hidden. */
export async function visibleCollection(
  db: Database,
  id: number,
): Promise<{ id: number; chainId: number; contractAddress: string } | undefined> {
  const [row] = await db
    .select({ id: categories.id, chainId: categories.chainId, contractAddress: categories.contractAddress })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.hidden, false)));
  return row;
}
