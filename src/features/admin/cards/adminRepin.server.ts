/**
 * The admin's re-pin of a card: its design's metadata directory and its image are queued again, as new requests,
 * at every configured pinning service (the pinning job sends them at once), audited (`card.repin`) in the same
 * transaction. 404 for an unknown token, 409 for one whose metadata is not published yet.
 */
import { queuePins, requeuePins } from '~/features/media/pinning/pinQueue.server';
import { tokenDesign } from '~/features/media/tokenDesign';
import { HttpError } from '~/server/api/errors';
import { onToken } from '~/server/db/onChainConditions';
import { mediaDesigns, mediaTokens } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { writeAudit } from '../shell/auditLog.server';
import type { AdminCardRow } from '../shell/types';
import { getAdminCard } from './adminCards.server';

/** Re-pins token `id` at `services` (their names); answers the token as the admin list shows it. */
export async function repinCard(
  db: Database,
  adminId: number,
  id: number,
  services: readonly string[],
): Promise<AdminCardRow> {
  return db.transaction(async (tx) => {
    const card = await getAdminCard(tx, id);
    const [stored] = await tx
      .select({ directory: mediaDesigns.metadataCid, image: mediaTokens.imageCid })
      .from(mediaTokens)
      .innerJoin(mediaDesigns, tokenDesign())
      .where(onToken(mediaTokens, card.chainId, card.contractAddress, card.tokenId));
    if (!stored) throw new HttpError(409, 'This card’s metadata is not published yet');
    const cids = [stored.directory, stored.image];
    await queuePins(tx, cids, services);
    const requeued = await requeuePins(tx, cids);
    await writeAudit(tx, {
      adminId,
      action: 'card.repin',
      targetType: 'card',
      targetId: id,
      data: { cids, services: [...services], requests: requeued },
    });
    return getAdminCard(tx, id);
  });
}
