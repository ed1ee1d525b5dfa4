import { data } from "react-router";
import type { Services } from "~/lib/services.server";
import type { SessionUser } from "~/lib/auth/session";

/** What a maintenance answer carries: the support e-mail and company name for the page. */
export interface MaintenanceInfo {
  maintenance: true;
  supportEmail: string;
  companyName: string;
}


/** The maintenance page's data when Maintenance Mode is on and the visitor is not an admin; else null. */
export async function maintenanceFor(services: Pick<Services, "settings">, user: SessionUser | null): Promise<MaintenanceInfo | null> {
  if (user?.isAdmin) return null;
  const { general } = await services.settings.get();
  if (!general.maintenanceMode) return null;
  return { maintenance: true, supportEmail: general.supportEmail, companyName: general.companyName };
}

/** Throws the 503 answer the portal's layout shows as the maintenance page (no portal loader runs). */
export async function refuseDuringMaintenance(services: Pick<Services, "settings">, user: SessionUser | null): Promise<void> {
  const info = await maintenanceFor(services, user);
  if (info) throw data(info, { status: 503 });
}
