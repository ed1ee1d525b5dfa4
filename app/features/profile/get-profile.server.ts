import { eq } from "drizzle-orm";
import { profiles } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { ProfileView } from "./profile-views";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

/** The signed-in user's own profile; there is no way to ask for anyone else's here. */
export async function getProfile({ db }: Pick<Deps, "db">, actor: Actor | null): Promise<ProfileView> {
  const { id } = requireActor(actor);
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
  if (!row) throw new AppError("profile_not_found");
  return {
    fullName: row.fullName,
    email: row.email,
    phone: row.phone ?? "",
    companyName: row.companyName ?? "",
    avatarUrl: row.avatarUrl,
    emailUpdates: !row.emailOptOut,
    reminders: !row.remindersOptOut,
  };
}
