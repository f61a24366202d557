import { getTaxProfile, saveTaxProfile, taxProfileSchema } from '~/features/ledger/tax/taxProfile.server';
import { requireIllustrator } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/dashboard/tax_profile` (illustrators) -> `{kind, resident, legalName, invoiceNumber, updatedAt}`. */
export const GET = apiRoute(async (ctx) => {
  const { illustratorId } = requireIllustrator(ctx);
  return json(await getTaxProfile(await database(), illustratorId));
});

/**
 * `PUT /api/v1/dashboard/tax_profile {kind: 'individual'|'corporation', resident, legalName, invoiceNumber}`
 * (illustrators) -> the profile. `invoiceNumber` is `T` and 13 digits with a valid check digit, or empty / null for
 * none (422 naming the field when wrong).
 */
export const PUT = apiRoute(async (ctx) => {
  const { illustratorId } = requireIllustrator(ctx);
  const input = await readJson(ctx.request, taxProfileSchema);
  return json(await saveTaxProfile(await database(), illustratorId, input));
});
