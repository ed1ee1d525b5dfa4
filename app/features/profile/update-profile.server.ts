import { eq } from "drizzle-orm";
import { profiles, user } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { requireActor } from "~/lib/auth/actor-guards";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Actor } from "~/lib/auth/session";
import { PROFILE_UPDATED_TYPE } from "./profile-views";
import { personalInfoSchema, type PersonalInfo } from "./profile.schemas";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

/**
 * The customer's Personal Information: full name, phone and company (the e-mail is not changed here). The
 * account's display name follows the full name. When anything changed, every admin is notified (type profile_updated)
 * in the same transaction and the changes are published after the commit; a save of the same values writes nothing.
 */
export async function updateProfile(
  { db, bus }: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: Omit<PersonalInfo, "intent">,
): Promise<void> {
  const { id } = requireActor(actor);
  const parsed = personalInfoSchema.omit({ intent: true }).safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const fullName = parsed.data.fullName;
  const companyName = parsed.data.companyName ? parsed.data.companyName : null;
  const phone = parsed.data.phone;
  const changes = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ fullName: profiles.fullName, phone: profiles.phone, companyName: profiles.companyName })
      .from(profiles)
      .where(eq(profiles.id, id))
      .for("update");
    if (!before) throw new AppError("profile_not_found");
    // A save that changes nothing tells nobody: the admins' 'Profile Updated' is for a profile that changed.
    if (before.fullName === fullName && before.phone === phone && before.companyName === companyName) return null;
    await tx.update(profiles).set({ fullName, phone, companyName }).where(eq(profiles.id, id));
    await tx.update(user).set({ name: fullName }).where(eq(user.id, id));
    return notify(tx, {
      to: { admins: "profileUpdates", except: id, about: id },
      type: PROFILE_UPDATED_TYPE,
      data: { customerId: id, fullName, companyName },
    });
  });
  if (changes) await publishChanges(bus, [{ table: "profiles", userId: id }, ...changes]);
}
