import { useRouteLoaderData } from "react-router";
import { useSiteConfig } from "~/lib/config/use-site-config";
import type { ZelleParties } from "~/features/payments/payment-views";

/** The customer portal's layout route, whose loader reads the Zelle recipient's and the customer's names. */
const PORTAL_LAYOUT = "routes/dashboard/layout";

/**
 * Where a Zelle transfer goes and who sends it: the receiving number (site config), the recipient's name (the
 * General setting, else the agency's name) and the name the memo starts with (the customer's company or name).
 */
export function useZelleDetails(): { phone: string; recipientName: string; payerName: string | null } {
  const site = useSiteConfig();
  const parties = useRouteLoaderData<{ zelle?: ZelleParties | null }>(PORTAL_LAYOUT)?.zelle;
  return {
    phone: site.zellePhone,
    recipientName: parties?.recipientName || site.agencyName,
    payerName: parties?.payerName ?? null,
  };
}
