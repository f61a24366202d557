/**
 * Illustrators' tax profiles (the one writer of `tax_profiles`): individual or corporation, resident of Japan or
 * not, the name printed on their statements and payment records, and their invoice registration number, checked
 * as ./invoiceNumber.ts says (422 naming the field). An illustrator saves their own from the dashboard's settings;
 * an admin corrects one from the back office, and the change goes to the action log in the same transaction.
 * No profile yet reads as a resident individual without a number: the usual illustrator, and the case where
 * withholding must not be missed.
 *
 * @see ../../../../docs/tax.md
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { TAX_PAYEE_KINDS, type TaxPayeeKind, taxProfiles } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { invoiceNumberField } from './invoiceNumberField';

/** An illustrator's tax profile as the API answers it. */
export interface TaxProfile {
  kind: TaxPayeeKind;
  resident: boolean;
  legalName: string;
  invoiceNumber: string | null;
  updatedAt: string | null;
}

/** The profile of an illustrator who saved none. */
export const DEFAULT_TAX_PROFILE: TaxProfile = {
  kind: 'individual',
  resident: true,
  legalName: '',
  invoiceNumber: null,
  updatedAt: null,
};

/** Longest printed name. */
export const MAX_LEGAL_NAME = 200;

/** Body of `PUT /api/v1/dashboard/tax_profile` (and the admin's correction). */
export const taxProfileSchema = z.strictObject({
  kind: z.enum(TAX_PAYEE_KINDS),
  resident: z.boolean(),
  legalName: z.string().trim().max(MAX_LEGAL_NAME),
  invoiceNumber: invoiceNumberField,
});

/** A parsed profile. */
export type TaxProfileInput = z.output<typeof taxProfileSchema>;

/** Illustrator `illustratorId`'s profile (the default when none was saved). */
export async function getTaxProfile(db: Database | Transaction, illustratorId: number): Promise<TaxProfile> {
  const [row] = await db.select().from(taxProfiles).where(eq(taxProfiles.illustratorId, illustratorId));
  if (!row) return DEFAULT_TAX_PROFILE;
  return {
    kind: row.kind,
    resident: row.resident,
    legalName: row.legalName,
    invoiceNumber: row.invoiceNumber,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Who saves a profile: the illustrator, or an admin with the audit entry written in the change's transaction. */
export interface ProfileEditor {
  adminId?: number | undefined;
  audit?: ((tx: Transaction, change: { from: TaxProfile; to: TaxProfileInput }) => Promise<void>) | undefined;
}

/** Saves illustrator `illustratorId`'s profile; answers it. */
export async function saveTaxProfile(
  db: Database,
  illustratorId: number,
  input: TaxProfileInput,
  editor: ProfileEditor = {},
): Promise<TaxProfile> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: taxProfiles.illustratorId })
      .from(taxProfiles)
      .where(eq(taxProfiles.illustratorId, illustratorId))
      .for('update');
    const from = before ? await getTaxProfile(tx, illustratorId) : DEFAULT_TAX_PROFILE;
    const values = { ...input, updatedBy: editor.adminId ?? null };
    await tx
      .insert(taxProfiles)
      .values({ illustratorId, ...values })
      .onConflictDoUpdate({ target: taxProfiles.illustratorId, set: { ...values, updatedAt: new Date() } });
    await editor.audit?.(tx, { from, to: input });
  });
  return getTaxProfile(db, illustratorId);
}
