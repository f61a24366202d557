/**
 * The parties of a tax paper (the monthly invoice, the yearly statement), written once: each with its name and
 * its invoice registration number (適格請求書発行事業者登録番号), or "none" for a party that has not registered.
 *
 * @see ./invoicePdf.server.ts, ./statementPdf.server.ts
 */
import type { getT } from '~/features/i18n/t';
import type { PdfWriter } from './pdfWriter.server';

type T = ReturnType<typeof getT>;

/** A party's registration number line, `gap` points above what follows. */
export function writeInvoiceNumber(pdf: PdfWriter, t: T, invoiceNumber: string | null, gap: number): void {
  pdf.text(`${t('tax.paper.invoiceNumber')}: ${invoiceNumber ?? t('tax.paper.none')}`, { gap });
}

/** The issuer, under its heading: its name and registration number, before the paper's table. */
export function writeIssuer(pdf: PdfWriter, t: T, issuer: { name: string; invoiceNumber: string | null }): void {
  pdf.text(t('tax.paper.issuer'), { bold: true });
  pdf.text(issuer.name);
  writeInvoiceNumber(pdf, t, issuer.invoiceNumber, 10);
}
