import { and, desc, eq } from "drizzle-orm";
import { profiles, reminders, user } from "~db/schema";
import { reminderNotificationData } from "~/features/notifications/reminder-notifications";
import { isCustomer } from "~/features/users/customer-query.server";
import { isReminderKind } from "~/domain/reminder-schedules";
import { requireTeamReach } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import type { CustomerRemindersView } from "./reminder-views";
import { waitingThings } from "./waiting-things.server";
import type { Deps } from "~/lib/services.server";

/** The last reminders a customer's page lists. */
const SENT_SHOWN = 30;

/** A customer's reminders for their page in the back office: admins, and the staff member they are assigned to. */
export async function getCustomerReminders(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  input: { userId: string },
): Promise<CustomerRemindersView> {
  requireTeamReach(actor, input.userId);
  const [standing] = await db
    .select({ pausedAt: profiles.remindersPausedAt, optedOut: profiles.remindersOptOut })
    .from(profiles)
    .where(and(eq(profiles.id, input.userId), isCustomer));
  if (!standing) throw new AppError("customer_not_found");
  const [things, rows] = await Promise.all([
    waitingThings(db, [input.userId]),
    db
      .select({
        id: reminders.id,
        kind: reminders.kind,
        data: reminders.data,
        step: reminders.step,
        sentAt: reminders.sentAt,
        sentBy: user.name,
        emailed: reminders.emailed,
        openedAt: reminders.openedAt,
      })
      .from(reminders)
      .leftJoin(user, eq(user.id, reminders.sentBy))
      .where(eq(reminders.userId, input.userId))
      .orderBy(desc(reminders.sentAt), desc(reminders.id))
      .limit(SENT_SHOWN),
  ]);
  return {
    waiting: things.map((thing) => ({ kind: thing.kind, data: thing.data, since: thing.since.toISOString() })),
    sent: rows.flatMap((row) => {
      const data = reminderNotificationData.safeParse(row.data);
      if (!data.success || !isReminderKind(row.kind)) return [];
      return [
        {
          id: row.id,
          kind: row.kind,
          data: data.data,
          step: row.step,
          sentAt: row.sentAt.toISOString(),
          sentBy: row.sentBy,
          emailed: row.emailed,
          openedAt: row.openedAt?.toISOString() ?? null,
        },
      ];
    }),
    pausedAt: standing.pausedAt?.toISOString() ?? null,
    optedOut: standing.optedOut,
  };
}
