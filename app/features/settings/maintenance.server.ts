import { data } from "react-router";
import type { Services } from "~/lib/services.server";
import { isTeam } from "~/lib/auth/actor-guards";
import type { Actor, SessionUser } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";

/** What a maintenance answer carries: the support e-mail and company name for the page. */
export interface MaintenanceInfo {
  maintenance: true;
  supportEmail: string;
  companyName: string;
}

/** The maintenance page's data when Maintenance Mode is on and the visitor is not on the team; else null. */
export async function maintenanceFor(services: Pick<Services, "settings">, user: Actor | null): Promise<MaintenanceInfo | null> {
  if (user && isTeam(user)) return null;
  const { general } = await services.settings.get();
  if (!general.maintenanceMode) return null;
  return { maintenance: true, supportEmail: general.supportEmail, companyName: general.companyName };
}

/** Throws the 503 answer the portal's layout shows as the maintenance page (no portal loader runs). */
export async function refuseDuringMaintenance(services: Pick<Services, "settings">, user: SessionUser | null): Promise<void> {
  const info = await maintenanceFor(services, user);
  if (info) throw data(info, { status: 503 });
}

/**
 * Refuses a signed-in customer's change while Maintenance Mode is on (`maintenance`, 503), in the caller's answer
 * shape: the routes outside the portal's layout (the payment dialog's proof and card checkout, the bell, secret
 * reveals) call it, as the layout's middleware does for the portal's own forms. The team goes on.
 */
export async function refuseCustomerChangeDuringMaintenance(services: Pick<Services, "settings">, user: Actor): Promise<void> {
  if (await maintenanceFor(services, user)) throw new AppError("maintenance");
}
