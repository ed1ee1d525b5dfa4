import { requireTeamReach } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { lockReminderCustomer, sendReminders } from "./send-reminders.server";
import { waitingThings } from "./waiting-things.server";
import type { Deps } from "~/lib/services.server";

/**
 * 'Send a reminder now' on a customer's page (admins, and the staff member the customer is assigned to): one
 * reminder of everything waiting on them, whatever the schedules and the day's e-mail, and even while paused (a
 * person decided it). A customer who turned reminders off gets it in the bell only. Nothing waiting: refused.
 * Returns whether it went by e-mail too.
 */
export async function sendReminderNow(
  { db, bus, env, siteUrl, now }: Pick<Deps, "db" | "bus" | "env" | "siteUrl" | "now">,
  actor: Actor | null,
  input: { userId: string },
): Promise<{ emailed: boolean; count: number }> {
  const member = requireTeamReach(actor, input.userId);
  const at = now?.() ?? new Date();
  const { outcome, changes } = await db.transaction(async (tx) => {
    // A team member's own id, or an id of nobody, is no customer's.
    const customer = await lockReminderCustomer(tx, input.userId);
    if (!customer) throw new AppError("customer_not_found");
    const things = await waitingThings(tx, [customer.id]);
    if (things.length === 0) throw new AppError("nothing_to_remind");
    const email = !customer.remindersOptOut;
    const { sent, changes } = await sendReminders(tx, {
      customer,
      toSend: things.map((thing) => ({ thing, step: 0 })),
      now: at,
      email,
      siteUrl,
      secret: env.AUTH_SECRET,
      sentBy: member.id,
    });
    await recordAuditEvent(tx, {
      actorId: member.id,
      action: "reminder.send",
      customerId: customer.id,
      detail: { kinds: things.map((thing) => thing.kind), emailed: email },
    });
    return { outcome: { emailed: email, count: sent }, changes };
  });
  await publishChanges(bus, changes);
  return outcome;
}
