/**
 * The yearly statement as CSV (pure): one line per ledger row, revenue entries then payouts, with the amounts in
 * their currency's smallest unit, their yen value at the rate of their time and the rate used (yen per unit, when
 * and where it was read). The columns are documented in docs/tax.md; summing a column gives the statement's
 * figure.
 */
import { toCsv } from '~/lib/csv';
import { currencySymbol } from '../payoutRules';
import { jstDateTime } from './jstCalendar';
import { type PayoutLine, type RevenueLine, valuation } from './ledgerLines';
import { type RateHistory, rateColumns } from './yenAt';

/** The statement CSV's header. */
export const STATEMENT_COLUMNS = [
  'date_jst',
  'ledger_row',
  'entry',
  'kind',
  'settlement',
  'chain_id',
  'currency',
  'gross',
  'platform_fee',
  'amount',
  'withheld',
  'transfer_fee',
  'net_paid',
  'gross_jpy',
  'platform_fee_jpy',
  'amount_jpy',
  'withholding_jpy',
  'rate_jpy',
  'rate_observed_at',
  'rate_source',
  'reference',
] as const;

const text = (value: bigint | undefined) => (value === undefined ? '' : value.toString());

/** The lines of a statement as CSV text. */
export function statementCsv(
  revenues: readonly RevenueLine[],
  payouts: readonly PayoutLine[],
  history: RateHistory,
): string {
  const rows: (string | number | null)[][] = [];
  for (const line of revenues) {
    const value = valuation(history, line.currencyCode, line.at);
    rows.push([
      jstDateTime(line.at),
      `revenues:${line.entryId}`,
      line.entry,
      line.kind,
      line.settlement,
      line.chainId,
      currencySymbol(line.currencyCode),
      line.gross.toString(),
      line.fee.toString(),
      line.amount.toString(),
      '0',
      '0',
      '0',
      text(value.jpy(line.gross)),
      text(value.jpy(line.fee)),
      text(value.jpy(line.amount)),
      '0',
      ...rateColumns(value.rate),
      line.reference,
    ]);
  }
  for (const payout of payouts) {
    const value = valuation(history, payout.currencyCode, payout.at);
    const net = payout.amount - payout.withheld - payout.transferFee;
    rows.push([
      jstDateTime(payout.at),
      `payouts:${payout.payoutId}`,
      'payout',
      '',
      'payable',
      payout.chainId,
      currencySymbol(payout.currencyCode),
      '0',
      '0',
      payout.amount.toString(),
      payout.withheld.toString(),
      payout.transferFee.toString(),
      net.toString(),
      '0',
      '0',
      text(value.jpy(payout.amount)),
      payout.taxJpy.toString(),
      ...rateColumns(value.rate),
      payout.reference,
    ]);
  }
  return toCsv(STATEMENT_COLUMNS, rows);
}
