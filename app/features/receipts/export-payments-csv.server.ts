import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { payments, profiles } from "~db/schema";
import { isServiceType } from "~/domain/service-catalog";
import { paymentSubtitleIn } from "~/domain/service-texts";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { CSV_BOM, csvRow } from "~/lib/http/csv";
import { csvAmount, paymentsCsvFileName, parseExportPeriod } from "./payments-csv";
import { formatReceiptNumber, paymentMethodIn } from "./receipt";
import type { Deps } from "~/lib/services.server";

/** Rows read per query: a few hundred keep each query short and the memory flat, whatever the period holds. */
const BATCH_SIZE = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the last batch ended: the text form of completed_at keeps its microseconds (a JS Date would drop them). */
interface Cursor {
  completedAt: string;
  id: string;
}

export interface PaymentsCsvExport {
  fileName: string;
  /** The file, piece by piece: the byte-order mark and the header row, then one piece per batch of rows. */
  chunks: AsyncGenerator<string, void, undefined>;
}

/**
 * The payments completed in a period (by completed_at, UTC days, `to` inclusive), for the admins' accounts, as CSV:
 * date, receipt number, customer, service, method, list price, discount, paid and refunded (the completed refunds'
 * sum; a payment refunded in full is listed too, it was paid in the period). The header row, services and methods
 * are in the admin's language; dates are YYYY-MM-DD and amounts plain numbers (1250.50), which every spreadsheet
 * reads. Admins only (anonymous 401, anyone else 403); a period that is not two dates, start on or before end, is
 * refused with invalid_period before anything is read. The rows are read in batches by keyset on
 * (completed_at, id), so a year of payments never sits in memory at once.
 */
export function exportPaymentsCsv(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  input: { from: string | null; to: string | null },
  i18n: I18n,
  { batchSize = BATCH_SIZE }: { batchSize?: number } = {},
): PaymentsCsvExport {
  requireAdminActor(actor);
  const parsed = parseExportPeriod(input.from, input.to);
  if (!parsed.ok) throw new AppError("invalid_period", { message: parsed.message });
  const { period } = parsed;
  const start = new Date(`${period.from}T00:00:00.000Z`);
  const end = new Date(new Date(`${period.to}T00:00:00.000Z`).getTime() + DAY_MS);

  const header = [
    msg`Date`,
    msg`Receipt number`,
    msg`Customer`,
    msg`Service`,
    msg`Payment method`,
    msg`List price`,
    msg`Discount`,
    msg`Amount paid`,
    msg`Amount refunded`,
  ].map((label) => i18n._(label));

  async function readBatch(after: Cursor | null) {
    return db
      .select({
        id: payments.id,
        completedAt: payments.completedAt,
        cursor: sql<string>`${payments.completedAt}::text`,
        receiptNumber: payments.receiptNumber,
        customer: profiles.fullName,
        serviceType: payments.serviceType,
        paymentNumber: payments.paymentNumber,
        paymentMethod: payments.paymentMethod,
        amount: payments.amount,
        discount: payments.discount,
        // The completed refunds, as the receipt lists them (a card refund Stripe has not confirmed is not counted).
        refunded: sql<string>`coalesce((select sum(r.amount) from payment_refunds r where r.payment_id = ${payments.id} and r.status = 'completed'), 0)::text`,
      })
      .from(payments)
      .leftJoin(profiles, eq(profiles.id, payments.userId))
      .where(
        and(
          inArray(payments.status, ["completed", "refunded"]),
          gte(payments.completedAt, start),
          lt(payments.completedAt, end),
          after
            ? sql`(${payments.completedAt}, ${payments.id}) > (${after.completedAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(payments.completedAt), asc(payments.id))
      .limit(batchSize);
  }

  async function* chunks(): AsyncGenerator<string, void, undefined> {
    yield CSV_BOM + csvRow(header);
    let after: Cursor | null = null;
    for (;;) {
      const rows = await readBatch(after);
      if (rows.length === 0) return;
      yield rows
        .map((row) =>
          csvRow([
            row.completedAt ? row.completedAt.toISOString().slice(0, 10) : "",
            row.receiptNumber === null ? "" : formatReceiptNumber(row.receiptNumber),
            row.customer ?? "",
            isServiceType(row.serviceType)
              ? paymentSubtitleIn(i18n, row.serviceType, row.paymentNumber)
              : row.serviceType,
            paymentMethodIn(i18n, row.paymentMethod),
            csvAmount(row.amount + row.discount),
            csvAmount(row.discount),
            csvAmount(row.amount),
            csvAmount(Number(row.refunded)),
          ]),
        )
        .join("");
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1]!;
      after = { completedAt: last.cursor, id: last.id };
    }
  }

  return { fileName: paymentsCsvFileName(period), chunks: chunks() };
}
