import { eq } from "drizzle-orm";
import { profiles } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

/**
 * The signed-in user turns e-mail updates and reminders on or off for their own account (never anyone else's);
 * reminders turned off by an e-mail's unsubscribe link are turned on again here.
 */
export async function updateEmailPreferences(
  { db, bus }: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { emailUpdates: boolean; reminders: boolean },
): Promise<void> {
  const { id } = requireActor(actor);
  const updated = await db
    .update(profiles)
    .set({ emailOptOut: !input.emailUpdates, remindersOptOut: !input.reminders })
    .where(eq(profiles.id, id))
    .returning({ id: profiles.id });
  if (updated.length === 0) throw new AppError("profile_not_found");
  await publishChanges(bus, [{ table: "profiles", userId: id }]);
}
