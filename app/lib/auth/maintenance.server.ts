import { redirect, type MiddlewareFunction } from "react-router";
import type { Services } from "~/lib/services.server";
import { isTeam } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { jsonFailure } from "~/lib/http/error-answer.server";
import { CUSTOMER_HOME } from "~/lib/http/paths";
import { requestContext } from "~/lib/http/request-context.server";
import { servicesIfRunning } from "~/lib/config/public-settings.server";

/** What a maintenance answer carries: the support e-mail and company name for the page. */
export interface MaintenanceInfo {
  maintenance: true;
  supportEmail: string;
  companyName: string;
}

/** The maintenance page's data when Maintenance Mode is on and the visitor is not on the team; else null. */
export async function maintenanceFor(
  services: Pick<Services, "settings">,
  user: Actor | null,
): Promise<MaintenanceInfo | null> {
  if (user && isTeam(user)) return null;
  const { general } = await services.settings.get();
  if (!general.maintenanceMode) return null;
  return { maintenance: true, supportEmail: general.supportEmail, companyName: general.companyName };
}

/**
 * Refuses a customer's change that does not come through a page (a reply by e-mail) while Maintenance Mode is on
 * (`maintenance`, 503). Every request to a page or endpoint meets `customerWritesDuringMaintenance` instead.
 */
export async function refuseCustomerChangeDuringMaintenance(
  services: Pick<Services, "settings">,
  user: Actor,
): Promise<void> {
  if (await maintenanceFor(services, user)) throw new AppError("maintenance");
}

/**
 * What a signed-in customer may still send while Maintenance Mode is on: their display language, which the public
 * pages (the landing page among them) switch with a form, and which the agency serves nothing from.
 */
const OPEN_DURING_MAINTENANCE: ReadonlySet<string> = new Set(["/resources/language"]);

/** Whether the caller reads the answer as JSON (a script's call) rather than as a page or React Router's data. */
function wantsJson(request: Request): boolean {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  return (
    type === "application/json" || (request.headers.get("accept") ?? "").toLowerCase().includes("application/json")
  );
}

/**
 * Maintenance Mode for every change a signed-in customer sends, whichever route takes it (the portal's forms, the
 * payment dialog's calls, the bell, approvals, secret reveals...): one guard in the root's middleware, in front of
 * every action, so no route can forget it. A page's form or fetcher is sent to the portal, which shows the
 * maintenance page; a script's JSON call gets `{ ok: false, error: { code: "maintenance", message } }` (503) in the
 * customer's language. Reads, the team, visitors (sign-in and sign-up refuse them themselves) and the card
 * provider's webhook go on.
 */
export const customerWritesDuringMaintenance: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method === "GET" || request.method === "HEAD" || !servicesIfRunning(context)) return next();
  const { services, user, i18n } = requestContext(context);
  if (!user || OPEN_DURING_MAINTENANCE.has(new URL(request.url).pathname)) return next();
  if (!(await maintenanceFor(services, user))) return next();
  if (!wantsJson(request)) return redirect(CUSTOMER_HOME, 303);
  const { status, body } = jsonFailure(new AppError("maintenance"), i18n);
  return Response.json(body, { status });
};
