import { getGoogleBusinessInfo } from "~/features/information/google-business/get-google-business-info.server";
import { getProfile } from "~/features/profile/get-profile.server";
import { getWebsiteInfo } from "~/features/information/website/get-website-info.server";
import type { ServiceType } from "~/domain/service-catalog";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { googleBusinessPrefill, websitePrefill, type InformationPrefill } from "./information-prefill";
import type { Deps } from "~/lib/services.server";

/**
 * The signed-in customer's first values for a service's empty form: what the other service's form or the sign-up
 * already gave, so nothing is typed twice. Only the customer's own rows are read (401 when signed out).
 */
export async function getInformationPrefill(
  deps: Pick<Deps, "db">,
  actor: Actor | null,
  { service }: { service: ServiceType },
): Promise<InformationPrefill | null> {
  const { id: userId } = requireActor(actor);
  const profile = await getProfile(deps, actor);
  const signUp = { companyName: profile.companyName, phone: profile.phone };
  return service === "google_business"
    ? googleBusinessPrefill(await getWebsiteInfo(deps, actor, { userId }), signUp)
    : websitePrefill(await getGoogleBusinessInfo(deps, actor, { userId }), signUp);
}
