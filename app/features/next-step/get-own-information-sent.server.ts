import { eq } from "drizzle-orm";
import { googleBusinessInfo, websiteInfo } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import type { ServiceType } from "~/domain/service-catalog";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";

/** Which of the signed-in customer's information forms have been sent (a saved row exists); only their own. */
export async function getOwnInformationSent(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
): Promise<Record<ServiceType, boolean>> {
  const { id } = requireActor(actor);
  const [google, website] = await Promise.all([
    db
      .select({ userId: googleBusinessInfo.userId })
      .from(googleBusinessInfo)
      .where(eq(googleBusinessInfo.userId, id))
      .limit(1),
    db.select({ userId: websiteInfo.userId }).from(websiteInfo).where(eq(websiteInfo.userId, id)).limit(1),
  ]);
  return { google_business: google.length > 0, website: website.length > 0 };
}
