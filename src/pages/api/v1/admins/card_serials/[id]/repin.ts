import { repinCard } from '~/features/admin/cards/adminRepin.server';
import { PINNING_JOB } from '~/features/media/pinning/pinningJobs.server';
import { processMediaSettings } from '~/features/media/processMedia.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { pathId } from '~/server/api/pathId';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { wakeJobs } from '~/server/jobs/runner';

/**
 * `POST /api/v1/admins/card_serials/{id}/repin` (admins) -> AdminCardRow: queues the card's metadata directory and
 * image again at every configured pinning service. Audited. 404 unknown token, 409 not published yet.
 */
export const POST = apiRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const id = pathId(ctx.params.id, 'No such token');
  const services = processMediaSettings().pinningServices.map((service) => service.name);
  const card = await repinCard(await database(), adminId, id, services);
  wakeJobs(PINNING_JOB);
  return json(card);
});
