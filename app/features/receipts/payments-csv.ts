import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { href } from "react-router";
import { parseIsoDay } from "~/lib/iso-day";

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
  return `${href("/admin/payments.csv")}?${new URLSearchParams({ from, to }).toString()}`;
}
