/**
 * The yearly statement as a PDF (in Japanese, or English for English users): who it is for and who issues it, the
 * sums per chain and currency in their currency and in yen, the totals in yen, the payouts with the tax withheld
 * and the net paid, and which rate the yen figures use. Each figure is a sum of the CSV's lines (./statementCsv.ts),
 * which name their ledger rows.
 */
import { CurrencyCode } from '~/features/chains/currencies';
import { getT } from '~/features/i18n/t';
import { priceText } from '~/ui/data/priceText';
import { currencySymbol } from '../payoutRules';
import { writeInvoiceNumber, writeIssuer } from './paperParties.server';
import { type Column, PdfWriter } from './pdfWriter.server';
import type { Statement } from './statements.server';

const yen = (value: bigint) => priceText(value, CurrencyCode.JPY);

/** The statement's paper in `locale`. */
export async function statementPdf(statement: Statement, locale: 'ja' | 'en', now = new Date()): Promise<Uint8Array> {
  const t = getT(locale);
  const { summary, profile } = statement;
  const title = t('tax.statement.title', { year: statement.year });
  const pdf = await PdfWriter.create(title, t('tax.statement.footer', { year: statement.year }), locale);
  pdf.text(title, { size: 16, bold: true, gap: 8 });
  pdf.text(t('tax.statement.period', { from: `${statement.year}-01-01`, to: `${statement.year}-12-31` }));
  pdf.text(t('tax.statement.issued', { date: now.toISOString().slice(0, 10) }), { muted: true, gap: 8 });
  pdf.text(t('tax.paper.recipient'), { bold: true });
  pdf.text(`${profile.legalName || statement.illustrator.name} (${statement.illustrator.uid})`);
  pdf.text(
    `${t(profile.kind === 'corporation' ? 'tax.profile.corporation' : 'tax.profile.individual')} / ${t(
      profile.resident ? 'tax.profile.resident' : 'tax.profile.nonResident',
    )}`,
  );
  writeInvoiceNumber(pdf, t, profile.invoiceNumber, 8);
  writeIssuer(pdf, t, statement.issuer);

  const columns: Column[] = [
    { width: 95 },
    { width: 105, align: 'right' },
    { width: 95, align: 'right' },
    { width: 105, align: 'right' },
    { width: 99, align: 'right' },
  ];
  const head = [
    t('tax.statement.currency'),
    t('tax.statement.grossSales'),
    t('tax.statement.platformFees'),
    t('tax.statement.royalties'),
    t('tax.statement.revenue'),
  ];
  pdf.text(t('tax.statement.byCurrency'), { size: 11, bold: true, gap: 4 });
  pdf.row(head, columns, { bold: true });
  pdf.rule();
  for (const sums of summary.currencies) {
    const label =
      sums.chainId === null
        ? t('tax.statement.cardPayments')
        : t('tax.statement.chain', { chain: sums.chainId, currency: currencySymbol(sums.currencyCode) });
    const fmt = (value: bigint) => priceText(value, sums.currencyCode, 6);
    pdf.row([label, fmt(sums.grossSales), fmt(sums.platformFees), fmt(sums.royalties), fmt(sums.revenue)], columns);
    pdf.row(
      [
        t('tax.statement.inYen'),
        yen(sums.grossSalesJpy),
        yen(sums.platformFeesJpy),
        yen(sums.royaltiesJpy),
        yen(sums.revenueJpy),
      ],
      columns,
    );
    if (sums.unvalued > 0) pdf.text(t('tax.statement.unvalued', { count: sums.unvalued }), { size: 7, muted: true });
  }
  pdf.rule();
  const totals = summary.totals;
  pdf.row(
    [
      t('tax.statement.total'),
      yen(totals.grossSalesJpy),
      yen(totals.platformFeesJpy),
      yen(totals.royaltiesJpy),
      yen(totals.revenueJpy),
    ],
    columns,
    { bold: true },
  );
  pdf.space(12);

  pdf.text(t('tax.statement.payouts'), { size: 11, bold: true, gap: 4 });
  const pairs: [string, string][] = [
    [t('tax.statement.payoutCount'), String(summary.payouts.count)],
    [t('tax.statement.paid'), yen(summary.payouts.paidJpy)],
    [t('tax.statement.withholding'), yen(summary.payouts.withholdingJpy)],
    [t('tax.statement.transferFees'), yen(summary.payouts.transferFeesJpy)],
    [t('tax.statement.netPaid'), yen(summary.payouts.netPaidJpy)],
  ];
  const pairColumns: Column[] = [{ width: 200 }, { width: 120, align: 'right' }];
  for (const [label, value] of pairs) pdf.row([label, value], pairColumns, { size: 9 });
  if (summary.payouts.unvalued > 0)
    pdf.text(t('tax.statement.unvalued', { count: summary.payouts.unvalued }), { size: 7, muted: true });
  pdf.space(12);
  pdf.text(t('tax.statement.rateTitle'), { bold: true });
  pdf.paragraph(t('tax.statement.rateNote'));
  pdf.paragraph(t('tax.statement.traceNote'));
  return pdf.save();
}
