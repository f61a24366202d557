/**
 * A creator's profile by illustrator id (`/profile-creators/{id}`): the creator as the public sees it
 * (suspended users are not shown), found through the wallet linked to the illustrator account.
 *
 * @see docs/product-spec.md §2 (/profile-creators/{id})
 */
import { eq } from 'drizzle-orm';
import { getCreator } from '~/features/catalogue/creators/creators.server';
import type { CreatorDetail } from '~/features/catalogue/types';
import { illustrators, users } from '~/server/db/schema';
import type { Database } from '~/server/db/types';

/** The creator with illustrator id `id`, or null when there is none or it is not public. */
export async function getCreatorProfile(db: Database, id: number): Promise<CreatorDetail | null> {
  const [row] = await db
    .select({ walletAddress: users.walletAddress })
    .from(illustrators)
    .innerJoin(users, eq(users.id, illustrators.userId))
    .where(eq(illustrators.id, id));
  if (!row) return null;
  const creator = await getCreator(db, row.walletAddress);
  // getCreator finds the creator by wallet; the id check keeps the page on the illustrator asked for.
  return creator?.id === id ? creator : null;
}
