/**
 * The monthly qualified invoices (適格請求書) for the fees the platform kept from an illustrator (pure): one invoice
 * per JST month with fees, numbered `KF-{YYYYMM}-{illustrator}`, dated the month's last day, its items grouped by
 * where the fee came from (card payments in yen, sales on each chain in each coin) with their yen value at the
 * rate of each sale's time; fees given back in the month (a refund or a dispute of an earlier sale, a sale thrown
 * away by a reorganisation) are separate return items (適格返還請求書 on the same paper). The total is
 * tax-inclusive at the standard rate and the tax is computed once for the invoice, rounded down
 * (./consumptionTax.ts). Fees of lines without a rate kept for their time are counted, not guessed.
 *
 * @see https://www.nta.go.jp/taxes/shiraberu/zeimokubetsu/shohi/keigenzeiritsu/invoice_about.htm
 */
import { CONSUMPTION_TAX_RATE_PERCENT, includedConsumptionTax } from './consumptionTax';
import { daysInMonth, jstMonth } from './jstCalendar';
import { type RevenueLine, valuation } from './ledgerLines';
import type { RateHistory } from './yenAt';

/** One item of an invoice. */
export interface InvoiceItem {
  /** `fee`: fees kept; `return`: fees given back. */
  type: 'fee' | 'return';
  /** Null for card payments (yen). */
  chainId: number | null;
  currencyCode: number;
  /** Sales (or reversals) behind it. */
  count: number;
  /** The fees in their currency's smallest unit. */
  fee: bigint;
  /** Their yen value, tax included. */
  jpy: bigint;
  /** The ledger rows behind it (`revenues:{id}`). */
  entries: string[];
}

/** One month's invoice. */
export interface Invoice {
  number: string;
  month: string;
  /** The date of issue (the month's last day). */
  issuedOn: string;
  items: InvoiceItem[];
  /** Tax-inclusive total (negative when more was given back than kept). */
  totalJpy: bigint;
  taxRatePercent: number;
  taxJpy: bigint;
  /** Fee lines with no rate kept for their time (left out of the yen figures). */
  unvalued: number;
}

/** The invoice number of `month` (`YYYY-MM`) for illustrator `illustratorId`. */
export function invoiceNumberOf(month: string, illustratorId: number): string {
  return `KF-${month.replace('-', '')}-${illustratorId}`;
}

/** The monthly invoices of the fee lines among `lines`, oldest first. */
export function monthlyInvoices(illustratorId: number, lines: readonly RevenueLine[], history: RateHistory): Invoice[] {
  const months = new Map<string, Invoice>();
  for (const line of lines) {
    if (line.fee === 0n) continue;
    const month = jstMonth(line.at);
    const invoice = months.get(month) ?? {
      number: invoiceNumberOf(month, illustratorId),
      month,
      issuedOn: `${month}-${String(daysInMonth(month)).padStart(2, '0')}`,
      items: [],
      totalJpy: 0n,
      taxRatePercent: CONSUMPTION_TAX_RATE_PERCENT,
      taxJpy: 0n,
      unvalued: 0,
    };
    const type = line.fee > 0n ? 'fee' : 'return';
    let item = invoice.items.find(
      (it) => it.type === type && it.chainId === line.chainId && it.currencyCode === line.currencyCode,
    );
    if (!item) {
      item = { type, chainId: line.chainId, currencyCode: line.currencyCode, count: 0, fee: 0n, jpy: 0n, entries: [] };
      invoice.items.push(item);
    }
    const jpy = valuation(history, line.currencyCode, line.at).jpy(line.fee);
    item.count += 1;
    item.fee += line.fee;
    item.entries.push(`revenues:${line.entryId}`);
    if (jpy === undefined) invoice.unvalued += 1;
    else item.jpy += jpy;
    months.set(month, invoice);
  }
  const invoices = [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
  for (const invoice of invoices) {
    invoice.items.sort((a, b) => a.type.localeCompare(b.type) || (a.chainId ?? 0) - (b.chainId ?? 0));
    invoice.totalJpy = invoice.items.reduce((sum, item) => sum + item.jpy, 0n);
    invoice.taxJpy = includedConsumptionTax(invoice.totalJpy);
  }
  return invoices;
}
