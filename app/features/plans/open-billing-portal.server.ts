import { isTeam, requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { PLANS_PAGE } from "~/lib/http/paths";
import type { Deps } from "~/lib/services.server";
import { providerCustomerOf } from "./plan-access.server";
import { planProvider } from "./plan-provider.server";

/**
 * The address of the card provider's billing portal for the signed-in customer (where they change the card their
 * plan is charged to), coming back to their Plans page. Only the customer themself: the team never opens it.
 */
export async function openBillingPortal(
  deps: Pick<Deps, "db" | "stripe" | "siteUrl">,
  actor: Actor | null,
): Promise<{ url: string }> {
  const customer = requireActor(actor);
  if (isTeam(customer)) throw new AppError("forbidden");
  const provider = planProvider(deps);
  const providerCustomer = await providerCustomerOf(deps.db, customer.id);
  if (!providerCustomer) throw new AppError("no_billing_account");
  return { url: await provider.billingPortal(providerCustomer, `${deps.siteUrl}${PLANS_PAGE}`) };
}
