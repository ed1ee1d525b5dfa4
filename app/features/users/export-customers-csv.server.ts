import type { I18n } from "@lingui/core";
import { and, desc, sql } from "drizzle-orm";
import { profiles } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { CSV_BOM, csvRow } from "~/lib/http/csv";
import { AppError } from "~/lib/http/app-error";
import { listErrorMessage, parseCustomerListQuery } from "./customer-list-query";
import { customerCsvCells, customersCsvFileName, customersCsvHeader } from "./customers-csv";
import { customerListCondition, listedCustomerRows } from "./list-customers.server";
import type { Deps } from "~/lib/services.server";

/** Rows read per query: a few hundred keep each query short and the memory flat, whatever the list holds. */
const BATCH_SIZE = 500;

/** Where the last batch ended: the text form of created_at keeps its microseconds (a JS Date would drop them). */
interface Cursor {
  createdAt: string;
  id: string;
}

export interface CustomersCsvExport {
  fileName: string;
  /** The file, piece by piece: the byte-order mark and the header row, then one piece per batch of rows. */
  chunks: AsyncGenerator<string, void, undefined>;
}

/**
 * The admin customer list as CSV, with the search and filters the page's address has (every page of it, newest first, as the
 * list orders them): the list's columns in the admin's language. It is bulk personal data, so admins only
 * (anonymous 401, staff and customers 403), and each export is audited (`customers.export`) with the filter it used:
 * the counter state, the 'Assigned to' and 'Care plan' choices and whether there was a search, never the search's text (it may be a
 * customer's name or address). The rows are read in batches by keyset on (created_at, id), so the list never sits in
 * memory at once and a customer who signs up meanwhile neither shifts nor repeats a row.
 */
export async function exportCustomersCsv(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  input: URLSearchParams,
  i18n: I18n,
  { batchSize = BATCH_SIZE, now = new Date() }: { batchSize?: number; now?: Date } = {},
): Promise<CustomersCsvExport> {
  const admin = requireAdminActor(actor);
  // The list's own reading of its address (`q`, `status`, `assigned`, `plan`); the export is every page, so `page` is
  // ignored.
  input = new URLSearchParams(input);
  input.delete("page");
  const { query, errors } = parseCustomerListQuery(input);
  const error = listErrorMessage(errors, i18n);
  // The page shows a bad part with the list as it falls back; a file of another list than asked for would mislead.
  if (error) throw new AppError("invalid_request", { detail: error });
  await recordAuditEvent(db, {
    actorId: admin.id,
    action: "customers.export",
    detail: { searched: query.search !== "", status: query.activity, assigned: query.assigned, plan: query.plan },
  });
  const matching = customerListCondition(admin, query);
  const header = customersCsvHeader(i18n);

  async function readBatch(after: Cursor | null) {
    return listedCustomerRows(db, { cursor: sql<string>`${profiles.createdAt}::text` })
      .where(
        and(
          matching,
          after
            ? sql`(${profiles.createdAt}, ${profiles.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(profiles.createdAt), desc(profiles.id))
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
          csvRow(
            customerCsvCells(i18n, {
              ...row,
              standing: {
                googleBusiness: { paid: row.googleBusinessPaid, doneSteps: row.googleBusinessSteps },
                website: { paid: row.websitePaid, doneSteps: row.websiteSteps },
              },
            }),
          ),
        )
        .join("");
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.cursor, id: last.id };
    }
  }

  return { fileName: customersCsvFileName(now), chunks: chunks() };
}
