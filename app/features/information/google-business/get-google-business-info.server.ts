import { eq } from "drizzle-orm";
import { googleBusinessInfo } from "~db/schema";
import type { Actor } from "~/lib/auth/session";
import { toGoogleBusinessInfoView, type GoogleBusinessInfoView } from "./google-business-views";
import { readableInformationOwner } from "~/features/information/read-information.server";
import type { Deps } from "~/lib/services.server";

/**
 * A customer's saved Google Business information (null when nothing was saved), for that customer or an
 * admin; anyone else gets 404. The Gmail password is only ever masked here.
 */
export async function getGoogleBusinessInfo(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  input: { userId: string },
): Promise<GoogleBusinessInfoView | null> {
  const userId = readableInformationOwner(actor, input, "google_business_info_not_found");
  const [row] = await db.select().from(googleBusinessInfo).where(eq(googleBusinessInfo.userId, userId));
  return row ? toGoogleBusinessInfoView(row) : null;
}
