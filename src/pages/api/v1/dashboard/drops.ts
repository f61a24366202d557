import { writeRoute } from '~/app/server/writeRoute';
import { storeCardImage } from '~/features/issuance/cardImages.server';
import { readCardForm } from '~/features/issuance/issueForm.server';
import { limitIssues } from '~/features/issuance/minter.server';
import { dropFieldsSchema } from '~/features/payments/dropForm';
import { createDrop } from '~/features/payments/drops.server';
import { requireIllustrator } from '~/features/session/requireAuth.server';
import { notFound } from '~/server/api/errors';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { serverSettings } from '~/server/settings/settings.server';
import { stripeSettings } from '~/server/stripe.server';
import { deleteMedia, uploadSlots } from '~/server/uploads.server';

/**
 * `POST /api/v1/dashboard/drops` (illustrators; multipart: image, name, description, category_id of one of
 * their collections, royalty_bps, price_jpy 100..1,000,000, serials 1..1,000, starts_at, ends_at) -> 201
 * `{ drop }` once the design is issued on chain. 404 when card payments are off; 401/403, 413, 422, 429,
 * 502, 503 (no minter).
 */
export const POST = writeRoute(async (ctx) => {
  if (!stripeSettings(serverSettings())) throw notFound('Card payments are not configured');
  const illustrator = requireIllustrator(ctx);
  const db = await database();
  await limitIssues(db, illustrator.illustratorId);
  const { form, image } = await uploadSlots.run(async () => {
    const read = await readCardForm(ctx.request, dropFieldsSchema);
    return { form: read, image: await storeCardImage(read.image) };
  });
  try {
    const drop = await createDrop(db, illustrator, form, image);
    return {
      response: json({ drop }, 201),
      change: { collections: [drop.collectionId], creators: [illustrator.illustratorId] },
    };
  } catch (error) {
    await deleteMedia(image);
    throw error;
  }
});
