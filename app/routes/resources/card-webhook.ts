import { receiveCardWebhook } from "~/features/plans/receive-card-webhook.server";
import { jsonEndpoint } from "~/lib/http/actions.server";
import { englishI18n } from "~/lib/i18n/translate";
import type { Route } from "./+types/card-webhook";

/**
 * The card provider's webhook, `POST /api/stripe/webhook`: verified on the exact bytes the provider signed (the
 * raw body, read once here), answered `{ received: true, outcome }`. No session counts, only the signature; its
 * refusals are read by the provider's dashboard, in English.
 */
export async function action(args: Route.ActionArgs) {
  return jsonEndpoint(
    args,
    {
      run: async ({ services, request }) => {
        const outcome = await receiveCardWebhook(services, null, {
          rawBody: Buffer.from(await request.arrayBuffer()),
          signature: request.headers.get("stripe-signature") ?? undefined,
        });
        return Response.json({ received: true, outcome });
      },
    },
    { i18n: englishI18n() },
  );
}
