import { exportLeadsCsv } from "~/features/leads/export-leads-csv.server";
import { adminOnly } from "~/lib/auth/route-guards.server";
import { jsonEndpoint } from "~/lib/http/actions.server";
import { PRIVATE_DOWNLOAD_HEADERS } from "~/lib/http/csv-download.server";
import type { Route } from "./+types/leads-csv";

// Admins only (personal data): the back office's layout sends visitors and customers to its login, this sends staff 403.
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

/** `GET /admin/leads.csv?q=…&stage=…`: the Leads list as filtered, as a CSV download (the list's 'Export CSV'). */
export async function loader(args: Route.LoaderArgs) {
  return jsonEndpoint(
    args,
    {
      run: async ({ services, user, i18n, request }) => {
        const { fileName, body } = await exportLeadsCsv(services, user, new URL(request.url).searchParams, i18n);
        return new Response(body, {
          headers: {
            ...PRIVATE_DOWNLOAD_HEADERS,
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": `attachment; filename="${fileName}"`,
          },
        });
      },
    },
    { headers: PRIVATE_DOWNLOAD_HEADERS },
  );
}
