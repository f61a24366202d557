/**
 * The platform's tax settings (the one writer of `tax_settings`, one row): which kinds of income are withheld
 * from resident individuals (default none: whether the law asks it is the operator's question, the figures are
 * the ledger's), the operator's name and invoice registration number as issuer of the fee invoices, and the
 * payout calendar (cut-off and payment day). Admins set them on `/admins/platform-fee`, audited in the change's
 * transaction.
 *
 * @see ../../../../docs/tax.md
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { taxSettings } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { invoiceNumberField } from './invoiceNumberField';
import { DEFAULT_PAYOUT_CALENDAR } from './payoutCalendar';

/** The settings in force. */
export interface TaxSettings {
  withholdPrimary: boolean;
  withholdRoyalty: boolean;
  issuerName: string;
  invoiceNumber: string | null;
  payoutCutoffDay: number;
  payoutPaymentDay: number;
}

/** When no admin set them. */
export const DEFAULT_TAX_SETTINGS: TaxSettings = {
  withholdPrimary: false,
  withholdRoyalty: false,
  issuerName: '',
  invoiceNumber: null,
  payoutCutoffDay: DEFAULT_PAYOUT_CALENDAR.cutoffDay,
  payoutPaymentDay: DEFAULT_PAYOUT_CALENDAR.paymentDay,
};

/** Body of `PUT /api/v1/admins/tax_settings`. */
export const taxSettingsSchema = z.strictObject({
  withholdPrimary: z.boolean(),
  withholdRoyalty: z.boolean(),
  issuerName: z.string().trim().max(200),
  invoiceNumber: invoiceNumberField,
  payoutCutoffDay: z.number().int().min(1).max(31),
  payoutPaymentDay: z.number().int().min(1).max(31),
});

/** The settings in force (the admin's row, or the defaults). */
export async function readTaxSettings(db: Database | Transaction): Promise<TaxSettings> {
  const [row] = await db.select().from(taxSettings).where(eq(taxSettings.id, 1));
  if (!row) return DEFAULT_TAX_SETTINGS;
  return {
    withholdPrimary: row.withholdPrimary,
    withholdRoyalty: row.withholdRoyalty,
    issuerName: row.issuerName,
    invoiceNumber: row.invoiceNumber,
    payoutCutoffDay: row.payoutCutoffDay,
    payoutPaymentDay: row.payoutPaymentDay,
  };
}

/** Saves them for admin `adminId`, with `audit` written in the same transaction; answers the new settings. */
export async function saveTaxSettings(
  db: Database,
  adminId: number,
  input: z.output<typeof taxSettingsSchema>,
  audit: (tx: Transaction, change: { from: TaxSettings; to: TaxSettings }) => Promise<void>,
): Promise<TaxSettings> {
  await db.transaction(async (tx) => {
    await tx.select({ id: taxSettings.id }).from(taxSettings).where(eq(taxSettings.id, 1)).for('update');
    const from = await readTaxSettings(tx);
    await tx
      .insert(taxSettings)
      .values({ id: 1, ...input, updatedBy: adminId })
      .onConflictDoUpdate({ target: taxSettings.id, set: { ...input, updatedBy: adminId, updatedAt: new Date() } });
    await audit(tx, { from, to: input });
  });
  return readTaxSettings(db);
}
