import { msg } from "@lingui/core/macro";
import { form } from "~/lib/http/actions.server";
import { decidePayment } from "./decide-payment.server";
import { decisionFormSchema } from "./payment-review";

/**
 * A payment's decision (`intent=decide`: paymentId, decision, notes), as PaymentDecisionForm posts it from the
 * customer's page and from the dashboard's work queue alike: 'Status Updated' with what was decided.
 */
export const decidePaymentForm = form({
  schema: decisionFormSchema,
  run: ({ services, user }, value) => decidePayment(services, user, value),
  success: ({ i18n }, _, { decision }) => ({
    ok: true as const,
    title: i18n._(msg`Status Updated`),
    message: i18n._(decision === "approve" ? msg`Payment has been approved` : msg`Payment has been rejected`),
  }),
});
