/**
 * What a person may report about a card; the report dialog offers these and the API accepts only these.
 * Kept apart from `reports.server.ts` so the browser can import it.
 * @see docs/product-spec.md §3 "Illegal report: token_id, type, details", §7
 */
export const REPORT_TYPES = ['copyright', 'explicit', 'violence', 'fraud', 'other'] as const;

/** One kind of report. */
export type ReportType = (typeof REPORT_TYPES)[number];

/** Longest report text accepted, in characters. */
export const MAX_REPORT_DETAILS = 2000;

/** Whether a value is one of {@link REPORT_TYPES}. */
export function isReportType(value: unknown): value is ReportType {
  return typeof value === 'string' && (REPORT_TYPES as readonly string[]).includes(value);
}
