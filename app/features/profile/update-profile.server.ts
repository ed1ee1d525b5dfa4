import { eq } from "drizzle-orm";
import { emailAdmins } from "~/lib/email-notifications.server";
import { profiles, user } from "~db/schema";
import { writeNotifications } from "~/features/notifications/write-notifications.server";
import { requireActor } from "~/lib/actor-guards";
import type { Db } from "~/lib/db.server";
import { badRequest, notFound } from "~/lib/errors";
import { publishChanges, type ChangeBus } from "~/lib/realtime.server";
import { adminRecipients } from "~/lib/settings.server";
import type { Actor } from "~/lib/session";
import { PROFILE_UPDATED_TITLE, PROFILE_UPDATED_TYPE, profileUpdatedMessage } from "./profile-views";
import { personalInfoSchema, type PersonalInfo } from "./profile.schemas";

/**
 * The customer's Personal Information: full name, phone and company (the e-mail is not changed here). The
 * account's display name follows the full name. Every admin is notified (type profile_updated) in the same
 * transaction; the changes are published after the commit.
 */
export async function updateProfile(
  { db, bus }: { db: Db; bus: ChangeBus },
  actor: Actor | null,
  input: Omit<PersonalInfo, "intent">,
): Promise<void> {
  const { id } = requireActor(actor);
  const parsed = personalInfoSchema.omit({ intent: true }).safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid input");
  const fullName = parsed.data.fullName;
  const companyName = parsed.data.companyName ? parsed.data.companyName : null;
  const changes = await db.transaction(async (tx) => {
    const updated = await tx
      .update(profiles)
      .set({ fullName, phone: parsed.data.phone, companyName })
      .where(eq(profiles.id, id))
      .returning({ id: profiles.id });
    if (updated.length === 0) throw notFound("Profile not found");
    await tx.update(user).set({ name: fullName }).where(eq(user.id, id));
    const admins = await adminRecipients(tx, "profileUpdates", id);
    const message = profileUpdatedMessage({ fullName, companyName });
    await emailAdmins(tx, "profileUpdates", { title: PROFILE_UPDATED_TITLE, message }, id);
    return writeNotifications(
      tx,
      admins.map((adminId) => ({ userId: adminId, type: PROFILE_UPDATED_TYPE, title: PROFILE_UPDATED_TITLE, message })),
    );
  });
  await publishChanges(bus, [{ table: "profiles", userId: id }, ...changes]);
}
