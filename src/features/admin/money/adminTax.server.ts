/**
 * Tax in the back office: the platform's tax settings (withholding per kind of income, its name and invoice
 * registration number, the payout calendar) and the correction of an illustrator's tax profile, each written by
 * the ledger (../../ledger/tax/) with this screen's audit entry in the same transaction (`tax_settings.update`,
 * `tax_profile.update`, old and new values).
 *
 * @see docs/tax.md
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  getTaxProfile,
  saveTaxProfile,
  type TaxProfile,
  type TaxProfileInput,
} from '~/features/ledger/tax/taxProfile.server';
import { saveTaxSettings, type TaxSettings, type taxSettingsSchema } from '~/features/ledger/tax/taxSettings.server';
import { notFound } from '~/server/api/errors';
import { illustrators } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { writeAudit } from '../shell/auditLog.server';

/** Sets the tax settings for admin `adminId`, audited; answers the new ones. */
export function setTaxSettings(
  db: Database,
  adminId: number,
  input: z.output<typeof taxSettingsSchema>,
): Promise<TaxSettings> {
  return saveTaxSettings(db, adminId, input, (tx, change) =>
    writeAudit(tx, {
      adminId,
      action: 'tax_settings.update',
      targetType: 'tax_settings',
      targetId: 1,
      data: { from: change.from, to: change.to },
    }),
  );
}

/** Illustrator `illustratorId`'s tax profile; 404 when there is no such illustrator. */
export async function adminTaxProfile(db: Database, illustratorId: number): Promise<TaxProfile> {
  const [row] = await db.select({ id: illustrators.id }).from(illustrators).where(eq(illustrators.id, illustratorId));
  if (!row) throw notFound('No such illustrator');
  return getTaxProfile(db, illustratorId);
}

/** Corrects illustrator `illustratorId`'s tax profile for admin `adminId`, audited; answers it. */
export async function correctTaxProfile(
  db: Database,
  adminId: number,
  illustratorId: number,
  input: TaxProfileInput,
): Promise<TaxProfile> {
  await adminTaxProfile(db, illustratorId);
  return saveTaxProfile(db, illustratorId, input, {
    adminId,
    audit: (tx, change) =>
      writeAudit(tx, {
        adminId,
        action: 'tax_profile.update',
        targetType: 'illustrator',
        targetId: illustratorId,
        data: {
          from: {
            kind: change.from.kind,
            resident: change.from.resident,
            legalName: change.from.legalName,
            invoiceNumber: change.from.invoiceNumber,
          },
          to: change.to,
        },
      }),
  });
}
