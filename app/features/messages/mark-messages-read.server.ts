import { and, eq, gt, sql } from "drizzle-orm";
import { isTeam } from "~/lib/auth/actor-guards";
import { conversations, notifications } from "~db/schema";
import type { Actor } from "~/lib/auth/session";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { conversationCustomer } from "./conversation-access.server";
import { dropMessageEmail } from "./message-email.server";
import type { Deps } from "~/lib/services.server";

/**
 * The viewer's side opened the conversation and read it: its unread count goes to 0, its read time to now (the
 * other side then sees 'Seen'), and the e-mail still waiting to tell this reader of the messages is dropped. The
 * agency is one side: any team member reading clears it for all. The reader's bell notifications of this conversation's
 * messages are read too. Nothing unread: nothing is written or published.
 */
export async function markMessagesRead(
  deps: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { userId: string },
): Promise<{ marked: boolean }> {
  const customer = await conversationCustomer(deps.db, actor, input.userId);
  const agency = isTeam(actor!);
  const unread = agency ? conversations.agencyUnread : conversations.customerUnread;
  const marked = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(conversations)
      .set(agency ? { agencyUnread: 0, agencyReadAt: new Date() } : { customerUnread: 0, customerReadAt: new Date() })
      .where(and(eq(conversations.userId, customer.id), gt(unread, 0)))
      .returning({ userId: conversations.userId });
    if (rows.length === 0) return false;
    await dropMessageEmail(tx, customer.id, actor!.id);
    await tx
      .update(notifications)
      .set({ isRead: true })
      .where(
        and(
          eq(notifications.userId, actor!.id),
          eq(notifications.isRead, false),
          eq(notifications.type, "message"),
          sql`${notifications.data}->>'customerId' = ${customer.id}`,
        ),
      );
    return true;
  });
  if (marked) {
    await publishChanges(deps.bus, [
      { table: "conversations", userId: customer.id },
      { table: "notifications", userId: actor!.id },
    ]);
  }
  return { marked };
}
