import { href } from "react-router";
import { msg } from "@lingui/core/macro";
import { getReceipt } from "~/features/receipts/get-receipt.server";
import { ReceiptDocument } from "~/features/receipts/components/receipt-document";
import { requireReceiptViewer } from "~/lib/auth/receipt-viewer.server";
import { loaderFailure } from "~/lib/http/error-answer.server";
import { CUSTOMER_HOME, customerPagePath } from "~/lib/http/paths";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/receipt";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded?.title ?? "Receipt" },
  { name: "robots", content: "noindex" },
];

/**
 * A payment's receipt (completed, or refunded since), outside both portals' shells so that it prints as one clean
 * page; the customer who paid and admins may open it (anyone else: 404; visitors: the login page).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = await requireReceiptViewer(context);
  const { services, i18n } = requestContext(context);
  try {
    const receipt = await getReceipt(services, user, {
      paymentId: params.paymentId,
    });
    const back = !user.isAdmin
      ? { backTo: CUSTOMER_HOME, backLabel: i18n._(msg`Back to progress`) }
      : receipt.customerId === null
        ? { backTo: href("/admin/analytics"), backLabel: i18n._(msg`Back to analytics`) }
        : { backTo: customerPagePath(receipt.customerId), backLabel: i18n._(msg`Back to customer`) };
    const number = receipt.number;
    return { receipt, ...back, title: i18n._(msg`Receipt ${number}`) };
  } catch (error) {
    loaderFailure(error, i18n);
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ReceiptDocument receipt={loaderData.receipt} backTo={loaderData.backTo} backLabel={loaderData.backLabel} />;
}
