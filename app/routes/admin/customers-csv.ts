import { exportCustomersCsv } from "~/features/users/export-customers-csv.server";
import { adminOnly } from "~/lib/auth/route-guards.server";
import { csvDownload, PRIVATE_DOWNLOAD_HEADERS } from "~/lib/http/csv-download.server";
import { jsonEndpoint } from "~/lib/http/actions.server";
import type { Route } from "./+types/customers-csv";

// Admins only (bulk personal data): the back office's layout sends visitors and customers to its login, this sends staff 403.
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

/**
 * `GET /admin/customers.csv?q=…&status=…&assigned=…&plan=…`: the customer list with the page's search and filters as a CSV
 * download (the list's 'Export CSV'), sent batch by batch as the rows are read. A search or filter the list cannot
 * read is answered 400 with its message in the admin's language, before any row is read.
 */
export async function loader(args: Route.LoaderArgs) {
  return jsonEndpoint(
    args,
    {
      run: async ({ services, user, i18n, request }) => {
        const query = new URL(request.url).searchParams;
        const exported = await exportCustomersCsv(services, user, query, i18n);
        return csvDownload(exported.fileName, exported.chunks);
      },
    },
    { headers: PRIVATE_DOWNLOAD_HEADERS },
  );
}
