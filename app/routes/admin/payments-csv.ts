import { exportPaymentsCsv } from "~/features/receipts/export-payments-csv.server";
import { adminOnly } from "~/lib/auth/route-guards.server";
import { contentDisposition } from "~/lib/http/content-disposition";
import { jsonFailure } from "~/lib/http/error-answer.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/payments-csv";

// Admins only: the back office's layout sends visitors and customers to its login, this sends staff 403.
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

/** Never kept by a shared cache or the browser's: the file names customers and what they paid. */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" } as const;

/**
 * `GET /admin/payments.csv?from=YYYY-MM-DD&to=YYYY-MM-DD`: the payments completed in the period as a CSV download
 * (the analytics page's 'Export CSV'), sent batch by batch as the rows are read. A period that cannot be read is
 * answered 400 with its message in the admin's language, before any row is read.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, user, i18n } = requestContext(context);
  try {
    const params = new URL(request.url).searchParams;
    const exported = exportPaymentsCsv({ db: services.database.db }, user, { from: params.get("from"), to: params.get("to") }, i18n);
    const encoder = new TextEncoder();
    const { chunks } = exported;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": contentDisposition("attachment", exported.fileName),
        ...PRIVATE,
      },
    });
  } catch (error) {
    const { status, body } = jsonFailure(error, i18n);
    return Response.json(body, { status, headers: PRIVATE });
  }
}
