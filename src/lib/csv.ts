/**
 * CSV text for downloads (RFC 4180): fields quoted only when they hold a comma, a quote or a line
 * break, CRLF line ends, a final line end. Pure.
 *
 * @see https://www.rfc-editor.org/rfc/rfc4180
 */

/** One field, quoted when needed. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and data rows as CSV text. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
