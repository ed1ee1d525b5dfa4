/**
 * CSV as the back office's downloads write it (the payments for the accounts, the customer list): RFC 4180 records
 * that Excel, Numbers and LibreOffice open as they are, and that never run a formula a customer typed into a field.
 */

/** Written first, so Excel reads the file as UTF-8 (accents, ñ) rather than the machine's code page. */
export const CSV_BOM = "\uFEFF";

/** What a spreadsheet would take for the start of a formula (or, with tab and CR, of a hidden one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): a value with a comma, a quote or a line break is quoted, its quotes doubled. A text a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return: a customer may name
 * themself `=HYPERLINK(...)`) gets a leading apostrophe, so it is shown as text and never run.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, CRLF-terminated as RFC 4180 writes them. */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
