import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { parseIsoDay } from "~/features/analytics/analytics-period";

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

/** Dollars as a spreadsheet reads a number in any language: `1250.50`, no currency sign, no thousands separator. */
export function csvAmount(amount: number): string {
  return amount.toFixed(2);
}

/** The export's period: UTC days, `to` inclusive. */
export interface ExportPeriod {
  from: string;
  to: string;
}

/** Why a period cannot be exported, as the person reads it (the analytics page's own wording). */
export type ExportPeriodParse = { ok: true; period: ExportPeriod } | { ok: false; message: MessageDescriptor };

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: both real calendar days, the start on or before the end. */
export function parseExportPeriod(from: string | null | undefined, to: string | null | undefined): ExportPeriodParse {
  const start = parseIsoDay(from?.trim() ?? "");
  const end = parseIsoDay(to?.trim() ?? "");
  if (!start || !end) return { ok: false, message: msg`Enter the date as YYYY-MM-DD` };
  if (start > end) return { ok: false, message: msg`The start date must be on or before the end date` };
  return { ok: true, period: { from: from!.trim(), to: to!.trim() } };
}

/** The file's name: `payments-2026-01-01-to-2026-03-31.csv`. */
export function paymentsCsvFileName({ from, to }: ExportPeriod): string {
  return `payments-${from}-to-${to}.csv`;
}

/** The address of a period's export (the analytics page's 'Export CSV'). */
export function paymentsCsvPath({ from, to }: ExportPeriod): string {
  return `/admin/payments.csv?${new URLSearchParams({ from, to }).toString()}`;
}
