/**
 * A month's fee invoice as a PDF (適格請求書, in Japanese or English): the issuer's name and registration number,
 * the invoice's number and date, the recipient, the items (fees kept, and fees given back as return items) with
 * their yen amounts, the total at the standard 10 % rate and the consumption tax in it, once per invoice.
 */
import { CurrencyCode } from '~/features/chains/currencies';
import { getT } from '~/features/i18n/t';
import { priceText } from '~/ui/data/priceText';
import { currencySymbol } from '../payoutRules';
import type { IssuedInvoice } from './invoices.server';
import { writeInvoiceNumber, writeIssuer } from './paperParties.server';
import { type Column, PdfWriter } from './pdfWriter.server';

const yen = (value: bigint) => priceText(value, CurrencyCode.JPY);

/** The invoice's paper in `locale`. */
export async function invoicePdf(invoice: IssuedInvoice, locale: 'ja' | 'en'): Promise<Uint8Array> {
  const t = getT(locale);
  const title = t('tax.invoice.title');
  const pdf = await PdfWriter.create(`${title} ${invoice.number}`, t('tax.invoice.footer'), locale);
  pdf.text(title, { size: 16, bold: true, gap: 8 });
  pdf.text(`${t('tax.invoice.number')}: ${invoice.number}`);
  pdf.text(`${t('tax.invoice.date')}: ${invoice.issuedOn}`);
  pdf.text(`${t('tax.invoice.month')}: ${invoice.month}`, { gap: 8 });
  pdf.text(t('tax.paper.recipient'), { bold: true });
  pdf.text(invoice.recipient.name);
  writeInvoiceNumber(pdf, t, invoice.recipient.invoiceNumber, 8);
  writeIssuer(pdf, t, invoice.issuer);

  const columns: Column[] = [
    { width: 220 },
    { width: 60, align: 'right' },
    { width: 120, align: 'right' },
    { width: 99, align: 'right' },
  ];
  pdf.row(
    [t('tax.invoice.item'), t('tax.invoice.count'), t('tax.invoice.inCurrency'), t('tax.invoice.amount')],
    columns,
    { bold: true },
  );
  pdf.rule();
  for (const item of invoice.items) {
    const where =
      item.chainId === null
        ? t('tax.invoice.cardFees')
        : t('tax.invoice.chainFees', { chain: item.chainId, currency: currencySymbol(item.currencyCode) });
    const label = item.type === 'return' ? t('tax.invoice.returned', { what: where }) : where;
    pdf.row([label, String(item.count), priceText(item.fee, item.currencyCode, 6), yen(item.jpy)], columns);
  }
  pdf.rule();
  pdf.row([t('tax.invoice.total', { rate: invoice.taxRatePercent }), '', '', yen(invoice.totalJpy)], columns, {
    bold: true,
  });
  pdf.row([t('tax.invoice.tax', { rate: invoice.taxRatePercent }), '', '', yen(invoice.taxJpy)], columns, {
    bold: true,
  });
  if (invoice.unvalued > 0)
    pdf.text(t('tax.statement.unvalued', { count: invoice.unvalued }), { size: 7, muted: true });
  pdf.space(10);
  pdf.paragraph(t('tax.invoice.note'));
  return pdf.save();
}
