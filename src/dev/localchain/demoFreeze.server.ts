/**
 * The demo's frozen card: on each local chain, the first design whose metadata is on chain is frozen by the
 * platform minter at once (the contract lets the minter freeze at any time; the job would do it three days after
 * publication), so the token page's "Metadata freeze" shows a frozen card from the first start. Idempotent: a chain
 * with a frozen design is left alone.
 *
 * @see ../../features/issuance/freezeDesigns.server.ts
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Chain } from '~/features/chains/chains';
import { freezeDesign } from '~/features/issuance/freezeDesigns.server';
import { minterAccount } from '~/features/issuance/minter.server';
import { mediaDesigns } from '~/server/db/schema';
import type { Database } from '~/server/db/types';

/** Freezes the chain's first published design unless one is frozen already; answers whether it froze one. */
export async function freezeDemoDesign(db: Database, chain: Chain): Promise<boolean> {
  const account = minterAccount({ CHAIN_ENV: 'local', MINTER_PRIVATE_KEY: undefined });
  if (!account) return false;
  const [already] = await db
    .select({ designId: mediaDesigns.designId })
    .from(mediaDesigns)
    .where(and(eq(mediaDesigns.chainId, chain.chainId), isNotNull(mediaDesigns.frozenAt)))
    .limit(1);
  if (already) return false;
  const [first] = await db
    .select()
    .from(mediaDesigns)
    .where(and(eq(mediaDesigns.chainId, chain.chainId), isNotNull(mediaDesigns.uriOnChain)))
    .orderBy(asc(mediaDesigns.contractAddress), asc(mediaDesigns.designId))
    .limit(1);
  if (!first) return false;
  await freezeDesign(db, chain, account, first);
  return true;
}
