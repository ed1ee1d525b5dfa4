import { eq } from "drizzle-orm";
import { profiles } from "~db/schema";
import { zelleRecipientName } from "~/domain/admin-settings";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";
import { memoName } from "./zelle-transfer";
import type { ZelleParties } from "../payment-views";

/**
 * The names the signed-in customer's Zelle step shows: the recipient (the General settings' Zelle Recipient Name,
 * else the company name) and the customer's own company or full name, which their transfer's memo starts with.
 */
export async function readZelleParties(
  { db, settings }: Pick<Deps, "db" | "settings">,
  actor: Actor | null,
): Promise<ZelleParties> {
  const { id } = requireActor(actor);
  const [{ general }, [profile]] = await Promise.all([
    settings.get(),
    db
      .select({ fullName: profiles.fullName, companyName: profiles.companyName })
      .from(profiles)
      .where(eq(profiles.id, id)),
  ]);
  return { recipientName: zelleRecipientName(general), payerName: memoName(profile) };
}
