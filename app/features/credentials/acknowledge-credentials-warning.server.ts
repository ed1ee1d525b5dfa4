import { eq, isNull, and } from "drizzle-orm";
import { profiles } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";

/** Remembers that the customer acknowledged the Credentials page's security warning (the first time counts). */
export async function acknowledgeCredentialsWarning(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  now = new Date(),
): Promise<void> {
  const { id } = requireActor(actor);
  await db
    .update(profiles)
    .set({ credentialsWarningAcknowledgedAt: now })
    .where(and(eq(profiles.id, id), isNull(profiles.credentialsWarningAcknowledgedAt)));
}
