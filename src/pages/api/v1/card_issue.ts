import { writeRoute } from '~/app/server/writeRoute';
import { storeCardImage } from '~/features/issuance/cardImages.server';
import { readIssueForm } from '~/features/issuance/issueForm.server';
import { issueCards, limitIssues } from '~/features/issuance/minter.server';
import { requireIllustrator } from '~/features/session/requireAuth.server';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { deleteMedia, uploadSlots } from '~/server/uploads.server';

/**
 * `POST /api/v1/card_issue` (illustrators only; multipart: image, name, name_en, description, description_en,
 * traits (JSON `[{type, value}]`), serials 1..100, category_id of one of their collections, royalty_bps 0..1000) -> 201 `{chainId, contractAddress, designId,
 * cards: [{tokenId, serial}], txHashes}` once minted to the illustrator's wallet. 401/403, 404, 413, 415,
 * 422, 429, 502, 503 (no minter). @see spec §2 /card_issue
 */
export const POST = writeRoute(async (ctx) => {
  const illustrator = requireIllustrator(ctx);
  const db = await database();
  await limitIssues(db, illustrator.illustratorId);
  const { form, image } = await uploadSlots.run(async () => {
    const read = await readIssueForm(ctx.request);
    return { form: read, image: await storeCardImage(read.image) };
  });
  try {
    const issued = await issueCards(db, illustrator, {
      name: form.name,
      nameEn: form.name_en,
      description: form.description,
      descriptionEn: form.description_en,
      traits: form.traits,
      serials: form.serials,
      categoryId: form.category_id,
      royaltyBps: form.royalty_bps,
      royaltyGuaranteed: form.royalty_guaranteed === undefined ? undefined : form.royalty_guaranteed === '1',
      image,
    });
    return {
      response: json(issued, 201),
      change: {
        collections: [form.category_id],
        creators: [illustrator.illustratorId],
        users: [illustrator.walletAddress],
        lists: true,
      },
    };
  } catch (error) {
    await deleteMedia(image);
    throw error;
  }
});
