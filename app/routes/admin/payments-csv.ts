import { exportPaymentsCsv } from "~/features/receipts/export-payments-csv.server";
import { adminOnly } from "~/lib/auth/route-guards.server";
import { csvDownload, PRIVATE_DOWNLOAD_HEADERS } from "~/lib/http/csv-download.server";
import { jsonEndpoint } from "~/lib/http/actions.server";
import type { Route } from "./+types/payments-csv";

// Admins only: the back office's layout sends visitors and customers to its login, this sends staff 403.
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

/**
 * `GET /admin/payments.csv?from=YYYY-MM-DD&to=YYYY-MM-DD`: the payments completed in the period as a CSV download
 * (the analytics page's 'Export CSV'), sent batch by batch as the rows are read. A period that cannot be read is
 * answered 400 with its message in the admin's language, before any row is read.
 */
export async function loader(args: Route.LoaderArgs) {
  return jsonEndpoint(
    args,
    {
      run: ({ services, user, i18n, request }) => {
        const params = new URL(request.url).searchParams;
        const period = { from: params.get("from"), to: params.get("to") };
        const exported = exportPaymentsCsv(services, user, period, i18n);
        return csvDownload(exported.fileName, exported.chunks);
      },
    },
    { headers: PRIVATE_DOWNLOAD_HEADERS },
  );
}
