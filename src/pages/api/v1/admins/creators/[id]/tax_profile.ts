import { adminTaxProfile, correctTaxProfile } from '~/features/admin/money/adminTax.server';
import { taxProfileSchema } from '~/features/ledger/tax/taxProfile.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { idParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

function illustratorId(value: string | undefined): number {
  const id = idParam.safeParse(value ?? '');
  if (!id.success) throw notFound('No such illustrator');
  return id.data;
}

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
