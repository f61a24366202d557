/**
 * How a published token meets its design: the `media_designs` row of the same chain, contract and design id as
 * the `media_tokens` row (the join condition the admin's re-pin and the collection archive both read through).
 *
 * @see ~/server/db/schema/media.ts
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { onContract } from '~/server/db/onChainConditions';
import { mediaDesigns, mediaTokens } from '~/server/db/schema';

/** The join condition of `media_tokens` with its `media_designs` row. */
export function tokenDesign(): SQL | undefined {
  return and(
    onContract(mediaDesigns, mediaTokens.chainId, mediaTokens.contractAddress),
    eq(mediaDesigns.designId, mediaTokens.designId),
  );
}
