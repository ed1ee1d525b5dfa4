import { msg } from "@lingui/core/macro";
import { redirect } from "react-router";
import { getReceipt } from "~/features/receipts/get-receipt.server";
import { ReceiptDocument } from "~/features/receipts/components/receipt-document";
import { maintenanceFor } from "~/features/settings/maintenance.server";
import { loaderFailure } from "~/lib/http/error-answer.server";
import { ADMIN_TWO_FACTOR_SETUP, CUSTOMER_HOME } from "~/lib/http/paths";
import { requestContext } from "~/lib/http/request-context.server";
import { requireUser, services } from "~/lib/auth/route-guards.server";
import type { Route } from "./+types/receipt";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded?.title ?? "Receipt" },
  { name: "robots", content: "noindex" },
];

/**
 * A completed payment's receipt, outside both portals' shells so that it prints as one clean page; the
 * customer who paid and admins may open it (anyone else: 404; visitors: the login page).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireUser(context);
  if (user.mustEnrolTwoFactor) throw redirect(ADMIN_TWO_FACTOR_SETUP);
  // The portal is closed to customers during Maintenance Mode: its home shows the maintenance page.
  if (await maintenanceFor(services(context), user)) throw redirect(CUSTOMER_HOME);
  const { database, settings } = services(context);
  try {
    const receipt = await getReceipt({ db: database.db, settings }, user, { paymentId: params.paymentId });
    const i18n = requestContext(context).i18n;
    const back = user.isAdmin
      ? { backTo: `/admin/users/${receipt.customerId}`, backLabel: i18n._(msg`Back to customer`) }
      : { backTo: CUSTOMER_HOME, backLabel: i18n._(msg`Back to progress`) };
    const number = receipt.number;
    return { receipt, ...back, title: i18n._(msg`Receipt ${number}`) };
  } catch (error) {
    loaderFailure(error, requestContext(context).i18n);
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ReceiptDocument receipt={loaderData.receipt} backTo={loaderData.backTo} backLabel={loaderData.backLabel} />;
}
