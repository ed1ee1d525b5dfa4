import { and, eq } from "drizzle-orm";
import { profiles } from "~db/schema";
import { isCustomer } from "~/features/users/customer-query.server";
import { requireTeamReach } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";

/**
 * Pauses a customer's reminders (they asked for time) or lets them run again: admins, and the staff member the
 * customer is assigned to. While paused the job sends them nothing; resumed, what is due goes at its next run (the
 * last step reached of each thing, never one per day that passed).
 */
export async function setRemindersPaused(
  { db, bus, now }: Pick<Deps, "db" | "bus" | "now">,
  actor: Actor | null,
  input: { userId: string; paused: boolean },
): Promise<void> {
  const member = requireTeamReach(actor, input.userId);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(profiles)
      .set({ remindersPausedAt: input.paused ? (now?.() ?? new Date()) : null })
      .where(and(eq(profiles.id, input.userId), isCustomer))
      .returning({ id: profiles.id });
    if (updated.length === 0) throw new AppError("customer_not_found");
    await recordAuditEvent(tx, {
      actorId: member.id,
      action: input.paused ? "reminders.pause" : "reminders.resume",
      customerId: input.userId,
    });
  });
  await publishChanges(bus, [{ table: "profiles", userId: input.userId }]);
}
