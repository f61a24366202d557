/**
 * The collections an illustrator may issue cards into: their own, not hidden, on a chain this server runs
 * (the minter has nowhere to send a transaction otherwise).
 *
 * @see ./minter.server.ts `issueCards` (which checks the same again), spec §2 (/card_issue)
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Chain } from '~/features/chains/chains';
import { categories } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { IssuableCollection } from './issueFormModel';

/** The illustrator's collections on `chains`, by name; `en` picks the English name where there is one. */
export async function issuableCollections(
  db: Database,
  illustratorId: number,
  chains: readonly Chain[],
  en: boolean,
): Promise<IssuableCollection[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, nameEn: categories.nameEn, chainId: categories.chainId })
    .from(categories)
    .where(and(eq(categories.creatorId, illustratorId), eq(categories.hidden, false)))
    .orderBy(asc(categories.name));
  return rows.flatMap((row) => {
    const chain = chains.find((candidate) => candidate.chainId === row.chainId);
    if (!chain) return [];
    return [{ id: row.id, name: (en && row.nameEn) || row.name, chainName: chain.chainName }];
  });
}
