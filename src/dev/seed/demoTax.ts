/**
 * The demo's tax papers: the demo illustrator's tax profile (a resident individual registered for invoices), the
 * platform's tax settings (its name and registration number as invoice issuer; withholding left off, the
 * operator's legal question) and the yen rates kept by the hour for every hour a demo sale happened in (the local
 * stand-in's round rates), so the dashboard's yearly statement and monthly invoices have figures in yen.
 *
 * @see ../../../docs/tax.md
 */
import { sql } from 'drizzle-orm';
import { LOCAL_RATES } from '~/features/market/rates/rates.server.ts';
import { illustrators, taxProfiles, taxSettings } from '~/server/db/schema/index.ts';
import type { Transaction } from '~/server/db/types.ts';
import { DEMO_ILLUSTRATOR } from './accounts.ts';

/** The platform's registration number in the demo (fictitious; its check digit is right). */
export const DEMO_PLATFORM_INVOICE_NUMBER = 'T7202611270001';
/** The demo illustrator's registration number (fictitious; its check digit is right). */
export const DEMO_ILLUSTRATOR_INVOICE_NUMBER = 'T6202611270002';

/** Adds the demo's tax profile, settings (unless an admin set them) and hourly rates. */
export async function seedDemoTax(tx: Transaction): Promise<void> {
  const [illustrator] = await tx
    .select({ id: illustrators.id })
    .from(illustrators)
    .where(sql`${illustrators.uid} = ${DEMO_ILLUSTRATOR.uid}`);
  if (illustrator) {
    await tx
      .insert(taxProfiles)
      .values({
        illustratorId: illustrator.id,
        kind: 'individual',
        resident: true,
        legalName: '星野 きら',
        invoiceNumber: DEMO_ILLUSTRATOR_INVOICE_NUMBER,
      })
      .onConflictDoNothing();
  }
  await tx
    .insert(taxSettings)
    .values({ id: 1, issuerName: 'Kirafuda デモ運営', invoiceNumber: DEMO_PLATFORM_INVOICE_NUMBER })
    .onConflictDoNothing();
  for (const [code, jpy] of Object.entries(LOCAL_RATES)) {
    // One reading at the start of every hour a sale happened in, so each sale has a rate at or before it.
    await tx.execute(sql`insert into exchange_rate_hours (currency_code, hour, jpy, source, observed_at)
      select distinct ${Number(code)}::integer, date_trunc('hour', sold_at), ${jpy}::double precision, 'demo',
        date_trunc('hour', sold_at)
      from sales
      on conflict do nothing`);
  }
}
