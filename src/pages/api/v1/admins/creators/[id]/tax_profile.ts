import { adminTaxProfile, correctTaxProfile } from '~/features/admin/money/adminTax.server';
import { taxProfileSchema } from '~/features/ledger/tax/taxProfile.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { pathId } from '~/server/api/pathId';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** The `{id}` of the path, or 404. */
const illustratorId = (value: string | undefined): number => pathId(value, 'No such illustrator');

/** `GET /api/v1/admins/creators/{id}/tax_profile` (admins) -> the illustrator's tax profile; 404 unknown. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await adminTaxProfile(await database(), illustratorId(ctx.params.id)));
});

/** `PUT /api/v1/admins/creators/{id}/tax_profile {kind, resident, legalName, invoiceNumber}` (admins): audited. */
export const PUT = apiRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const input = await readJson(ctx.request, taxProfileSchema);
  return json(await correctTaxProfile(await database(), adminId, illustratorId(ctx.params.id), input));
});
