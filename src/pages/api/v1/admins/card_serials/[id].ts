import { writeRoute } from '~/app/server/writeRoute';
import { cardHideSchema, getAdminCard, setCardHidden } from '~/features/admin/cards/adminCards.server';
import { changeOfCards } from '~/features/events/cardChange.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { idParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

function cardId(value: string | undefined): number {
  const id = idParam.safeParse(value ?? '');
  if (!id.success) throw notFound('No such token');
  return id.data;
}

/** `GET /api/v1/admins/card_serials/{id}` (admins) -> AdminCardRow; 404 unknown. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await getAdminCard(await database(), cardId(ctx.params.id)));
});

/**
 * `PUT /api/v1/admins/card_serials/{id} {hidden, resolve_reports?, note?}` (admins) -> AdminCardRow:
 * hides or shows the token everywhere on the site; optionally resolves its open reports. Audited.
 */
export const PUT = writeRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const id = cardId(ctx.params.id);
  const input = await readJson(ctx.request, cardHideSchema);
  const db = await database();
  const card = await setCardHidden(db, adminId, id, input);
  return { response: json(card), change: await changeOfCards(db, [card.id]) };
});
