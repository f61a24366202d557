/**
 * An illustrator's fee invoices, made from the ledger when asked (./invoices.ts): the months closed so far (a
 * month's invoice is issued once it is over, so it never changes: later refunds land in their own month), with the
 * issuer (the platform's name and registration number, an admin setting) and the recipient (the illustrator's tax
 * profile).
 */
import { eq } from 'drizzle-orm';
import { notFound } from '~/server/api/errors';
import { illustrators } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { type Invoice, monthlyInvoices } from './invoices';
import { jstDayStart, jstMonth } from './jstCalendar';
import { rateHistory } from './rateHistory.server';
import { revenueLines } from './statementLines.server';
import { getTaxProfile } from './taxProfile.server';
import { readTaxSettings } from './taxSettings.server';

/** An invoice with who issues it and to whom. */
export interface IssuedInvoice extends Invoice {
  issuer: { name: string; invoiceNumber: string | null };
  recipient: { name: string; invoiceNumber: string | null };
}

/** The first moment of the JST month `now` is in: months before it are closed. */
function currentMonthStart(now: Date): Date {
  return jstDayStart(`${jstMonth(now)}-01`);
}

/** Illustrator `illustratorId`'s invoices of closed months, newest first. */
export async function listInvoices(db: Database, illustratorId: number, now = new Date()): Promise<IssuedInvoice[]> {
  const to = currentMonthStart(now);
  const from = new Date(0);
  const lines = await revenueLines(db, illustratorId, from, to);
  const history = lines.length === 0 ? new Map() : await rateHistory(db, lines[0]?.at ?? from, to);
  const invoices = monthlyInvoices(illustratorId, lines, history);
  const settings = await readTaxSettings(db);
  const profile = await getTaxProfile(db, illustratorId);
  const [row] = await db
    .select({ name: illustrators.name })
    .from(illustrators)
    .where(eq(illustrators.id, illustratorId));
  const recipient = { name: profile.legalName || row?.name || '', invoiceNumber: profile.invoiceNumber };
  const issuer = { name: settings.issuerName || 'Kirafuda', invoiceNumber: settings.invoiceNumber };
  return invoices.reverse().map((invoice) => ({ ...invoice, issuer, recipient }));
}

/** The invoice of closed month `month` (`YYYY-MM`); 404 when there is none. */
export async function getInvoice(
  db: Database,
  illustratorId: number,
  month: string,
  now = new Date(),
): Promise<IssuedInvoice> {
  const invoice = (await listInvoices(db, illustratorId, now)).find((one) => one.month === month);
  if (!invoice) throw notFound(`No invoice for ${month}: no fees were kept that month, or it is not over yet`);
  return invoice;
}

/** An invoice as the API answers it (amounts as decimal strings). */
export type InvoiceView = Omit<IssuedInvoice, 'items' | 'totalJpy' | 'taxJpy'> & {
  items: (Omit<IssuedInvoice['items'][number], 'fee' | 'jpy'> & { fee: string; jpy: string })[];
  totalJpy: string;
  taxJpy: string;
};

/** `invoice` for a JSON answer. */
export function invoiceView(invoice: IssuedInvoice): InvoiceView {
  return {
    ...invoice,
    items: invoice.items.map((item) => ({ ...item, fee: item.fee.toString(), jpy: item.jpy.toString() })),
    totalJpy: invoice.totalJpy.toString(),
    taxJpy: invoice.taxJpy.toString(),
  };
}
