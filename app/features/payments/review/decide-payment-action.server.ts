import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { actionFailure } from "~/lib/http/error-answer.server";
import type { Services } from "~/lib/services.server";
import type { Actor } from "~/lib/auth/session";
import { decidePayment } from "./decide-payment.server";
import { decisionFormSchema } from "./payment-review";

/**
 * The `intent=decide` branch of a page action (paymentId, decision, notes), as PaymentDecisionForm posts it:
 * the customer's detail page and the admin dashboard's work queue answer it the same way, 'Status Updated'
 * or the refusal's message and status (401/403/404/409/400). Anything else is thrown to the page.
 */
export async function decidePaymentAction(
  services: Pick<Services, "database" | "bus" | "env">,
  actor: Actor | null,
  form: FormData,
  i18n: I18n,
) {
  const parsed = await parseForm(form, decisionFormSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    await decidePayment({ db: services.database.db, bus: services.bus }, actor, parsed.value);
  } catch (error) {
    return actionFailure(error, i18n);
  }
  // decisionToast's English texts, in the request's language.
  const message = parsed.value.decision === "approve" ? msg`Payment has been approved` : msg`Payment has been rejected`;
  return { ok: true, title: i18n._(msg`Status Updated`), message: i18n._(message) } satisfies ActionResult;
}
