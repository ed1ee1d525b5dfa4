import { Readable } from "node:stream";
import { getReceipt } from "~/features/receipts/get-receipt.server";
import { receiptFileName } from "~/features/receipts/receipt";
import { receiptTimeZone, renderReceiptPdf } from "~/features/receipts/receipt-pdf.server";
import { requireReceiptViewer } from "~/lib/auth/receipt-viewer.server";
import { contentDisposition } from "~/lib/http/content-disposition";
import { jsonEndpoint } from "~/lib/http/actions.server";
import type { Route } from "./+types/receipt-pdf";

/** Never kept by a shared cache or the browser's: a receipt names a customer and what they paid. */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" } as const;

/**
 * `GET /receipts/:paymentId/pdf`: the receipt page as a PDF file, for exactly whom the page is for (the same guard
 * and getReceipt: the owner and admins; another customer, staff, or a payment without a receipt 404; visitors the
 * login page), in the viewer's language and, with `?tz=` (the page sends the browser's), time zone. The document is
 * sent as pdfkit writes it.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireReceiptViewer(args.context);
  return jsonEndpoint(
    args,
    {
      run: async ({ services, i18n, request }) => {
        const receipt = await getReceipt(services, user, { paymentId: args.params.paymentId });
        const pdf = renderReceiptPdf(receipt, i18n, receiptTimeZone(new URL(request.url).searchParams.get("tz")));
        return new Response(Readable.toWeb(pdf) as ReadableStream<Uint8Array>, {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": contentDisposition("attachment", receiptFileName(receipt)),
            ...PRIVATE,
          },
        });
      },
    },
    { headers: PRIVATE },
  );
}
