/**
 * Tax records of the money (written by ../../../features/ledger/ only, its `tax/` folder): each illustrator's tax
 * profile (individual or corporation, resident or not, the name printed on their papers, their invoice
 * registration number), the platform's tax settings (which kinds of income are withheld, its own registration
 * number, the payout calendar), and the income tax withheld from each payout, fixed when the payout is approved.
 *
 * @see ../../../../docs/tax.md
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { illustrators, setByAdmin } from './accounts.ts';
import { chainId, keyRef, oneOf, requiredRef, timestamptz, uint256 } from './columns.ts';
import { payouts } from './finance.ts';

/** Values of `tax_profiles.kind`. */
export const TAX_PAYEE_KINDS = ['individual', 'corporation'] as const;
/** Whether an illustrator is paid as a person or a company. */
export type TaxPayeeKind = (typeof TAX_PAYEE_KINDS)[number];

/**
 * An illustrator's tax profile (one row each, made on first save; none: a resident individual with no
 * registration number). `invoiceNumber` is `T` and 13 digits whose check digit the ledger verified.
 */
export const taxProfiles = pgTable(
  'tax_profiles',
  {
    illustratorId: keyRef('illustrator_id', () => illustrators.id, 'restrict'),
    kind: text('kind', { enum: TAX_PAYEE_KINDS }).notNull().default('individual'),
    resident: boolean('resident').notNull().default(true),
    /** The name printed on statements and payment records (a legal or trade name). */
    legalName: text('legal_name').notNull().default(''),
    invoiceNumber: text('invoice_number'),
    /** `updatedBy`: the admin who last corrected it (null: the illustrator saved it). */
    ...setByAdmin(),
  },
  (t) => [
    oneOf('tax_profiles_kind_valid', t.kind, TAX_PAYEE_KINDS),
    check('tax_profiles_invoice_number_format', sql`${t.invoiceNumber} ~ '^T[1-9][0-9]{12}$'`),
    check('tax_profiles_legal_name_length', sql`char_length(${t.legalName}) <= 200`),
  ],
);

/**
 * The platform's tax settings (one row, id 1; none: nothing withheld, no registration number, cut-off at the
 * month's end and payment on the 15th of the next month).
 */
export const taxSettings = pgTable(
  'tax_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Withhold income tax from resident individuals' primary sale proceeds. */
    withholdPrimary: boolean('withhold_primary').notNull().default(false),
    /** Withhold income tax from resident individuals' secondary-sale royalties. */
    withholdRoyalty: boolean('withhold_royalty').notNull().default(false),
    /** The platform operator's name as issuer of invoices. */
    issuerName: text('issuer_name').notNull().default(''),
    /** The platform's own invoice registration number (`T` and 13 digits), or null when not registered. */
    invoiceNumber: text('invoice_number'),
    /** Day of the month requests are cut off (1..31, 31 = the last day). */
    payoutCutoffDay: integer('payout_cutoff_day').notNull().default(31),
    /** Day of the next month the cut-off's requests are paid (1..31, 31 = the last day). */
    payoutPaymentDay: integer('payout_payment_day').notNull().default(15),
    ...setByAdmin(),
  },
  (t) => [
    check('tax_settings_single_row', sql`${t.id} = 1`),
    check('tax_settings_invoice_number_format', sql`${t.invoiceNumber} ~ '^T[1-9][0-9]{12}$'`),
    check(
      'tax_settings_payout_days_range',
      sql`${t.payoutCutoffDay} between 1 and 31 and ${t.payoutPaymentDay} between 1 and 31`,
    ),
    check('tax_settings_issuer_name_length', sql`char_length(${t.issuerName}) <= 200`),
  ],
);

/**
 * The income tax withheld from one payout (源泉徴収), owed to the tax office: fixed in the transaction that
 * approves the payout (one row per payout, so approving again cannot withhold twice), never changed after. The
 * illustrator is sent `payout.amount - withheld` (in the payout's currency); the platform pays `taxJpy` to the
 * tax office by the 10th of the month after the payout was paid. A payout rejected or reversed withholds nothing
 * (its row stays, its status says so). `baseJpy` is the yen value of the part of the payout that is withheld on;
 * for a crypto payout at `rateJpy`, the stored rate when it was approved.
 */
export const payoutWithholdings = pgTable(
  'payout_withholdings',
  {
    payoutId: keyRef('payout_id', () => payouts.id, 'restrict'),
    illustratorId: requiredRef('illustrator_id', () => illustrators.id, 'restrict'),
    chainId: chainId(),
    currencyCode: integer('currency_code').notNull(),
    /** The part of the payout withheld on, in its currency's smallest unit. */
    base: uint256('base').notNull(),
    baseJpy: bigint('base_jpy', { mode: 'bigint' }).notNull(),
    taxJpy: bigint('tax_jpy', { mode: 'bigint' }).notNull(),
    /** What is kept back from the payout, in its currency's smallest unit (the tax, for a yen payout). */
    withheld: uint256('withheld').notNull(),
    /** Yen per whole unit used for a crypto payout; null for yen. */
    rateJpy: doublePrecision('rate_jpy'),
    rateObservedAt: timestamptz('rate_observed_at'),
    fixedAt: timestamptz('fixed_at').notNull().defaultNow(),
  },
  (t) => [
    check('payout_withholdings_amounts', sql`${t.baseJpy} >= 0 and ${t.taxJpy} >= 0 and ${t.withheld} >= 0`),
    check('payout_withholdings_crypto_rate', sql`(${t.chainId} is null) = (${t.rateJpy} is null)`),
    index('payout_withholdings_illustrator_idx').on(t.illustratorId),
  ],
);
