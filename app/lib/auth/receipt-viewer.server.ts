import { redirect, type RouterContextProvider } from "react-router";
import { maintenanceFor } from "~/lib/auth/maintenance.server";
import { requireUser } from "~/lib/auth/route-guards.server";
import type { SessionUser } from "~/lib/auth/session";
import { ADMIN_TWO_FACTOR_SETUP, CUSTOMER_HOME } from "~/lib/http/paths";
import { requestContext } from "~/lib/http/request-context.server";

/**
 * Who may ask for a receipt, the page and its PDF alike, before getReceipt checks it is theirs: visitors go to the
 * login page, an admin who must enrol in two-factor to enrolment, and during Maintenance Mode a customer to the
 * portal's home, which shows the maintenance page.
 */
export async function requireReceiptViewer(context: Readonly<RouterContextProvider>): Promise<SessionUser> {
  const user = requireUser(context);
  if (user.mustEnrolTwoFactor) throw redirect(ADMIN_TWO_FACTOR_SETUP);
  if (await maintenanceFor(requestContext(context).services, user)) throw redirect(CUSTOMER_HOME);
  return user;
}
