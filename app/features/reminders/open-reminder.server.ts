import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { reminders } from "~db/schema";
import { CUSTOMER_HOME } from "~/lib/http/paths";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";

/**
 * A reminder e-mail's link opened: the reminder notes when it was first opened (the customer's page shows it) and
 * the link leads where its thing is done, a portal path the server wrote when it sent it. Anyone holding the link
 * may open it (its id is unguessable and it reveals nothing); an unknown one leads to the progress page, whose sign-in
 * comes first for a visitor signed out. A mail program that opens links to scan them counts as opening it. The first
 * opening is published, so the customer's page open in the back office shows it.
 */
export async function openReminder(
  { db, bus, now }: Pick<Deps, "db" | "bus" | "now">,
  reminderId: string,
): Promise<string> {
  if (!z.uuid().safeParse(reminderId).success) return CUSTOMER_HOME;
  const at = now?.() ?? new Date();
  const [opened] = await db
    .update(reminders)
    .set({ openedAt: at })
    .where(and(eq(reminders.id, reminderId), isNull(reminders.openedAt)))
    .returning({ link: reminders.link, userId: reminders.userId });
  if (opened) {
    await publishChanges(bus, [{ table: "reminders", userId: opened.userId }]);
    return opened.link;
  }
  const [seen] = await db.select({ link: reminders.link }).from(reminders).where(eq(reminders.id, reminderId));
  return seen?.link ?? CUSTOMER_HOME;
}
